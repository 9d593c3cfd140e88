import type { Knex } from 'knex';
import { createAdminStore } from '../admin/admin-store';
import type { Config } from '../config';
import { createRoleRedis } from '../redis/redis-client';

/** The operator commands' Redis: one server or the Redis Cluster of REDIS_CLUSTER_NODES, as the roles use. */
export function operatorRedis(config: Config) {
  return createRoleRedis({ ...config.redis, role: 'cli' });
}

/**
 * An operator command's admin store (src/admin/admin-store.ts): its writes are audited and reach the
 * running instances' caches through ADMIN_REDIS_URL's Redis (the engine's when not given), as the
 * API's do. close() ends the store and its Redis connection.
 */
export function operatorAdminStore(config: Config, db: Knex) {
  const adminRedis = config.redis.adminUrl === null
    ? operatorRedis(config)
    : createRoleRedis({ url: config.redis.adminUrl, keyPrefix: config.redis.keyPrefix, role: 'cli', connectionName: 'reservation-admin' });
  const admin = createAdminStore({ db, adminRedis });
  return {
    store: admin.store,
    async close() {
      admin.close();
      await adminRedis.quit().catch(() => adminRedis.disconnect());
    },
  };
}

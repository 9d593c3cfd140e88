import type { Config } from '../config';
import { createRoleRedis } from '../redis/redis-client';

/** The operator commands' Redis: one server or the Redis Cluster of REDIS_CLUSTER_NODES, as the roles use. */
export function operatorRedis(config: Config) {
  return createRoleRedis({ ...config.redis, role: 'cli' });
}

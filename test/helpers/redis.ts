import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type Redis from 'ioredis';
import { scanKeys } from '../../src/redis/key-scan';
import { REDIS_LAYOUT, REDIS_LAYOUT_KEY } from '../../src/redis/layout-upgrade';
import type { RedisLike } from '../../src/redis/script-registry';
import { createRedisClient, type RedisRole } from '../../src/redis/redis-client';
import { testConfig } from './test-config';

export interface TestRedis {
  /** Key prefix owned by this test; every key it writes starts with it. */
  readonly prefix: string;
  readonly redis: Redis;
  /** Deletes every key under the prefix and closes the client. */
  cleanup(): Promise<void>;
}

/** A namespace of a test's own, as `migrate` leaves an empty one: holding the record layout marker only. */
export async function createTestRedis(role: RedisRole = 'cli'): Promise<TestRedis> {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const redis = createRedisClient({ url: testConfig().redis.url, keyPrefix: prefix, role });
  if (redis.status !== 'ready') await once(redis, 'ready');
  await markMigrated(redis);
  return {
    prefix,
    redis,
    cleanup: async () => {
      await deleteByPrefix(redis, prefix);
      await redis.quit();
    },
  };
}

/** What `migrate` writes on an empty Redis (or namespace): the marker of the layout the roles read. */
export async function markMigrated(redis: RedisLike): Promise<void> {
  await redis.set(REDIS_LAYOUT_KEY, REDIS_LAYOUT);
}

async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  // SCAN does not apply ioredis' keyPrefix, and DEL would add it again: strip it before deleting.
  const found = await scanKeys(redis, `${prefix}*`);
  for (let i = 0; i < found.length; i += 500) await redis.del(...found.slice(i, i + 500).map((key) => key.slice(prefix.length)));
}

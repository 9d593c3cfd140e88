import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type Redis from 'ioredis';
import { scanKeys } from '../../src/redis/key-scan';
import { createRedisClient, type RedisRole } from '../../src/redis/redis-client';
import { testConfig } from './test-config';

export interface TestRedis {
  /** Key prefix owned by this test; every key it writes starts with it. */
  readonly prefix: string;
  readonly redis: Redis;
  /** Deletes every key under the prefix and closes the client. */
  cleanup(): Promise<void>;
}

export async function createTestRedis(role: RedisRole = 'cli'): Promise<TestRedis> {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const redis = createRedisClient({ url: testConfig().redis.url, keyPrefix: prefix, role });
  if (redis.status !== 'ready') await once(redis, 'ready');
  return {
    prefix,
    redis,
    cleanup: async () => {
      await deleteByPrefix(redis, prefix);
      await redis.quit();
    },
  };
}

async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  // SCAN does not apply ioredis' keyPrefix, and DEL would add it again: strip it before deleting.
  const found = await scanKeys(redis, `${prefix}*`);
  for (let i = 0; i < found.length; i += 500) await redis.del(...found.slice(i, i + 500).map((key) => key.slice(prefix.length)));
}

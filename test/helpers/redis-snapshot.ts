import type Redis from 'ioredis';
import { scanKeys } from '../../src/redis/key-scan';

/** Every key under `prefix` with its type, value and whether it expires: for "nothing changed" checks. */
export async function snapshotKeys(raw: Redis, prefix: string): Promise<Record<string, unknown>> {
  const keys = await scanKeys(raw, `${prefix}*`);
  const snapshot: Record<string, unknown> = {};
  for (const key of keys.sort()) {
    const type = await raw.type(key);
    const expires = (await raw.ttl(key)) >= 0;
    const value =
      type === 'string' ? (await raw.getBuffer(key))?.toString('hex')
      : type === 'hash' ? await raw.hgetall(key)
      : type === 'zset' ? await raw.zrange(key, 0, -1, 'WITHSCORES')
      : type === 'stream' ? await raw.xrange(key, '-', '+')
      : `(${type})`;
    snapshot[key] = { type, value, expires };
  }
  return snapshot;
}

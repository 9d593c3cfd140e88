import type Redis from 'ioredis';

/** Every key under `prefix` with its type, value and whether it expires: for "nothing changed" checks. */
export async function snapshotKeys(raw: Redis, prefix: string): Promise<Record<string, unknown>> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const snapshot: Record<string, unknown> = {};
  for (const key of keys.sort()) {
    const type = await raw.type(key);
    const expires = (await raw.ttl(key)) >= 0;
    const value =
      type === 'string' ? await raw.get(key)
      : type === 'hash' ? await raw.hgetall(key)
      : type === 'zset' ? await raw.zrange(key, 0, -1, 'WITHSCORES')
      : type === 'stream' ? await raw.xrange(key, '-', '+')
      : `(${type})`;
    snapshot[key] = { type, value, expires };
  }
  return snapshot;
}

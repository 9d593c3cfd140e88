import type Redis from 'ioredis';

/**
 * Every key of one node matching a glob, as stored (SCAN ignores ioredis' keyPrefix, so patterns and
 * results carry the full key).
 */
export async function scanKeys(node: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

/** Deletes every key matching the glob, through a client without a key prefix. */
export async function deleteMatching(unprefixed: Redis, pattern: string): Promise<number> {
  const found = await scanKeys(unprefixed, pattern);
  for (let i = 0; i < found.length; i += 500) await unprefixed.del(...found.slice(i, i + 500));
  return found.length;
}

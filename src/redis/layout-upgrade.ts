import { Cluster } from 'ioredis';
import type { Logger } from '../logging/logger';
import { scanKeys } from './key-scan';
import { registerScripts, type RedisLike } from './script-registry';
import { keys, partitionTag, PARTITION_COUNT, reserveTargets, walletOfTransaction } from './wallet-keys';

/** The layout this code writes; the marker key holds the one the data is in. */
export const REDIS_LAYOUT = '2';
const MARKER = 'layout';

const TAG_OF = new Map(Array.from({ length: PARTITION_COUNT }, (_, p) => [partitionTag(p), p]));

/**
 * Brings records of layout 1 (wallet hashes, random transaction ids with a transaction hash each, a
 * Reserve's idempotency record in a key of its own) into layout 2 (lua/lib/prelude.lua). Run by `migrate`
 * before the roles start, with the engine of layout 1 stopped; safe to repeat, and a no-op once the
 * marker says layout 2. Returns how many records moved.
 */
export async function upgradeRedisLayout(redis: RedisLike, idempotencyTtlS: number, logger: Logger): Promise<number> {
  if ((await redis.get(MARKER)) === REDIS_LAYOUT) return 0;
  registerScripts(redis);
  const prefix = (redis.options as { keyPrefix?: string }).keyPrefix ?? '';
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  const now = Date.now();
  let moved = 0;
  for (const node of nodes) {
    for (const stored of await scanKeys(node, `${prefix}w{p*}:*`)) {
      const key = stored.slice(prefix.length);
      moved += await redis.upgrade_record(key, key, 'wallet', '');
    }
    for (const stored of await scanKeys(node, `${prefix}t{p*}:*`)) {
      const key = stored.slice(prefix.length);
      const transactionId = key.slice(key.indexOf(':') + 1);
      if (walletOfTransaction(transactionId) && keys.transaction(transactionId) === key) {
        moved += await redis.upgrade_record(key, key, 'transaction', '');
      }
    }
    for (const stored of await scanKeys(node, `${prefix}i{p*}:r:*`)) {
      const key = stored.slice(prefix.length);
      const [, tag, userGameRef, requestId] = /^i(\{p[0-9a-f]{2}\}):r:([A-Za-z0-9_-]{22}):(.+)$/s.exec(key) ?? [];
      const partition = TAG_OF.get(tag ?? '');
      if (partition === undefined || !userGameRef || !requestId) continue;
      const wallet = { partition, tag: tag!, userGameRef, currency: 'XXX' }; // the record's name leaves the currency out
      const [target] = reserveTargets(wallet, requestId, now, idempotencyTtlS);
      moved += await redis.upgrade_record(key, target.key, 'reserve_request', requestId);
    }
  }
  await redis.set(MARKER, REDIS_LAYOUT);
  if (moved > 0) logger.info({ moved }, 'Redis records moved to layout 2');
  return moved;
}

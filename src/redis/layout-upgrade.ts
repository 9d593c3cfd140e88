import { Cluster } from 'ioredis';
import { StartupRefused } from '../lifecycle/startup-refused';
import type { Logger } from '../logging/logger';
import { scanKeys } from './key-scan';
import { redisReady } from './redis-ready';
import { registerScripts, type RedisLike } from './script-registry';
import { parseTransactionRecord } from './stored-records';
import { keys, partitionTag, PARTITION_COUNT, reserveTarget, walletOfTransaction, type WalletAddress } from './wallet-keys';
import { REDIS_LAYOUT as LAYOUT } from './shared-layouts';

/** The layout this code reads and writes (shared-layouts.ts), as the marker key holds the one the data is in. */
export const REDIS_LAYOUT = String(LAYOUT);
/** The marker key (under the key prefix, like every key). */
export const REDIS_LAYOUT_KEY = 'layout';
const MARKER = REDIS_LAYOUT_KEY;

const TAG_OF = new Map(Array.from({ length: PARTITION_COUNT }, (_, p) => [partitionTag(p), p]));
/** A record of layout 2, 3 or 4: `t{pNN}:<user-game ref>.<derived>`. */
const DERIVED_RECORD = /^t(\{p[0-9a-f]{2}\}):([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16})$/;
/** A Reserve's idempotency record of layout 1: `i{pNN}:r:<user-game ref>:<request_id>`. */
const LAYOUT_1_RESERVE_REQUEST = /^i(\{p[0-9a-f]{2}\}):r:([A-Za-z0-9_-]{22}):(.+)$/s;

/**
 * SPEC §1.6: a role refuses to start unless Redis holds the layout its code reads (it would read a
 * record of another layout as missing: an empty wallet). `migrate` upgrades it.
 */
export async function assertRedisLayout(redis: RedisLike, readyTimeoutMs = 5000): Promise<void> {
  if (!(await redisReady(redis, readyTimeoutMs))) {
    throw new StartupRefused('Redis does not answer (REDIS_URL), so its record layout cannot be checked: start Redis first');
  }
  const found = await redis.get(MARKER);
  if (found !== REDIS_LAYOUT) {
    throw new StartupRefused(
      `Redis holds record layout ${found ?? 'none (never migrated)'}, this code reads layout ${REDIS_LAYOUT}: run migrate ` +
        '(npm run migrate) before the roles start',
    );
  }
}

/**
 * Brings records of layouts 1, 2 and 3 into layout 4 (shared-layouts.ts). Run by `migrate` before
 * the roles start, with the engine of the older layout stopped; safe to repeat (each step skips what
 * is already in place), and a no-op once the marker says layout 4. Returns how many records moved.
 *
 * - Layouts 2 and 3: wallets and transaction records were MessagePack arrays; they are re-encoded in
 *   place, with their expiry (first, so the steps below read layout 4).
 * - Layout 1: wallet and transaction hashes become strings under the same keys; a Reserve's
 *   idempotency record of its own becomes a reply record under its layout-4 name.
 * - Layout 2: a record's name held the idempotency period. A rejected Reserve's record moves to its
 *   layout-4 name; a transaction stays where its transaction_id leads, and its layout-4 name gets a
 *   reply record naming it, so a repeat of its Reserve still finds it.
 */
export async function upgradeRedisLayout(redis: RedisLike, idempotencyTtlS: number, logger: Logger): Promise<number> {
  const found = await redis.get(MARKER);
  if (found === REDIS_LAYOUT) return 0;
  if (found !== null && Number(found) > Number(REDIS_LAYOUT)) {
    throw new Error(`Redis holds record layout ${found}, newer than this code's ${REDIS_LAYOUT}: run the newer code's migrate`);
  }
  registerScripts(redis);
  const prefix = (redis.options as { keyPrefix?: string }).keyPrefix ?? '';
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  let moved = 0;
  for (const node of nodes) {
    const stored = async (pattern: string) => (await scanKeys(node, prefix + pattern)).map((key) => key.slice(prefix.length));
    for (const key of await stored('t{p*}:*')) moved += await redis.upgrade_record(key, key, 'packed', 'transaction', '');
    for (const key of await stored('w{p*}:*')) moved += await redis.upgrade_record(key, key, 'packed', 'wallet', '');
    for (const key of await stored('t{p*}:*')) moved += await upgradeTransactionRecord(redis, key, idempotencyTtlS);
    for (const key of await stored('w{p*}:*')) moved += await redis.upgrade_record(key, key, 'wallet', '', '');
    for (const key of await stored('i{p*}:r:*')) moved += await upgradeReserveRequest(redis, key);
  }
  await redis.set(MARKER, REDIS_LAYOUT);
  if (moved > 0) logger.info({ moved }, `Redis records moved to layout ${REDIS_LAYOUT}`);
  return moved;
}

/** A transaction hash of layout 1, or a record named with its period (layout 2). */
async function upgradeTransactionRecord(redis: RedisLike, key: string, idempotencyTtlS: number): Promise<number> {
  const transactionId = key.slice(key.indexOf(':') + 1);
  if (walletOfTransaction(transactionId) && keys.transaction(transactionId) === key) {
    return redis.upgrade_record(key, key, 'transaction', '', '');
  }
  const [, tag, userGameRef, derived] = DERIVED_RECORD.exec(key) ?? [];
  const partition = TAG_OF.get(tag ?? '');
  if (partition === undefined || !userGameRef || !derived) return 0;
  const value = await redis.getBuffer(key).catch(() => null); // another type: not a record of ours
  if (!value) return 0;
  const record = parseTransactionRecord(value);
  const wallet: WalletAddress = { partition, tag: tag!, userGameRef, currency: record.c };
  const name = reserveTarget(wallet, record.rid).key;
  if (name === key) return 0; // already named as layouts 3 and 4 name it
  const pp = partition.toString(16).padStart(2, '0');
  return redis.upgrade_record(key, name, 'derived', `${pp}.${userGameRef}.${record.c}-${derived}`, String(idempotencyTtlS));
}

async function upgradeReserveRequest(redis: RedisLike, key: string): Promise<number> {
  const [, tag, userGameRef, requestId] = LAYOUT_1_RESERVE_REQUEST.exec(key) ?? [];
  const partition = TAG_OF.get(tag ?? '');
  if (partition === undefined || !userGameRef || !requestId) return 0;
  const wallet = { partition, tag: tag!, userGameRef, currency: 'XXX' }; // the record's name leaves the currency out
  return redis.upgrade_record(key, reserveTarget(wallet, requestId).key, 'reserve_request', requestId, '');
}

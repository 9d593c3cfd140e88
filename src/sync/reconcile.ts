import type { Knex } from 'knex';
import { Cluster } from 'ioredis';
import { scanKeys } from '../redis/key-scan';
import { parseWalletRecord } from '../redis/stored-records';
import type { RedisLike } from '../redis/script-registry';
import { LEDGER_TABLE, MOVE_EFFECTS } from '../records/ledger-tables';

export interface WalletBalances {
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
  readonly available: string;
  readonly reserved: string;
}

export interface Mismatch {
  readonly wallet: string;
  readonly redis: { available: string; reserved: string } | null;
  readonly mysql: { available: string; reserved: string } | null;
}

const walletName = (w: { userId: string; gameId: string; currency: string }) =>
  `user ${JSON.stringify(w.userId)} game ${JSON.stringify(w.gameId)} ${w.currency}`;

/** Every wallet in Redis (each master of a cluster), read through the client's key prefix. */
export async function redisWallets(redis: RedisLike, keyPrefix: string): Promise<WalletBalances[]> {
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  const keys: string[] = [];
  for (const node of nodes) {
    keys.push(...(await scanKeys(node, `${keyPrefix}w{p*`)).map((key) => key.slice(keyPrefix.length)));
  }
  const wallets: WalletBalances[] = [];
  for (const key of keys) {
    const wallet = parseWalletRecord(await redis.getBuffer(key));
    if (wallet.userId && wallet.gameId && wallet.currency) wallets.push(wallet);
  }
  return wallets;
}

/** A ledger row's effect on one balance, in SQL (MOVE_EFFECTS). */
function balanceSql(balance: 'available' | 'reserved'): string {
  const terms = Object.entries(MOVE_EFFECTS).map(([kind, effects]) => {
    const { amount, win } = effects[balance];
    const parts = [amount === 0 ? '' : `${amount < 0 ? '-' : ''}amount`, win === 0 ? '' : 'win_amount'].filter(Boolean);
    return `WHEN '${kind}' THEN ${parts.join(' + ') || '0'}`;
  });
  return `CASE kind ${terms.join(' ')} END`;
}

/** Each wallet's balances as the sum of its ledger moves (MOVE_EFFECTS). */
export async function ledgerWallets(db: Knex): Promise<WalletBalances[]> {
  const rows = (await db(LEDGER_TABLE)
    .select('user_id', 'game_id', 'currency')
    .select(
      db.raw(`CAST(SUM(${balanceSql('available')}) AS CHAR) AS available`),
      db.raw(`CAST(SUM(${balanceSql('reserved')}) AS CHAR) AS reserved`),
    )
    .groupBy('user_id', 'game_id', 'currency')) as Array<Record<string, string>>;
  return rows.map((row) => ({
    userId: row.user_id!,
    gameId: row.game_id!,
    currency: row.currency!,
    available: row.available!,
    reserved: row.reserved!,
  }));
}

/** Compares both sides wallet by wallet; empty once the outbox has drained and nothing was lost. */
export function compareWallets(redis: readonly WalletBalances[], mysql: readonly WalletBalances[]): Mismatch[] {
  const byName = new Map<string, { redis: WalletBalances | null; mysql: WalletBalances | null }>();
  for (const w of redis) byName.set(walletName(w), { redis: w, mysql: null });
  for (const w of mysql) byName.set(walletName(w), { redis: byName.get(walletName(w))?.redis ?? null, mysql: w });
  const mismatches: Mismatch[] = [];
  for (const [wallet, pair] of byName) {
    const same = pair.redis && pair.mysql && pair.redis.available === pair.mysql.available && pair.redis.reserved === pair.mysql.reserved;
    if (!same) {
      mismatches.push({
        wallet,
        redis: pair.redis && { available: pair.redis.available, reserved: pair.redis.reserved },
        mysql: pair.mysql && { available: pair.mysql.available, reserved: pair.mysql.reserved },
      });
    }
  }
  return mismatches;
}

export async function reconcile(redis: RedisLike, keyPrefix: string, db: Knex): Promise<{ wallets: number; mismatches: Mismatch[] }> {
  const [fromRedis, fromLedger] = [await redisWallets(redis, keyPrefix), await ledgerWallets(db)];
  return { wallets: Math.max(fromRedis.length, fromLedger.length), mismatches: compareWallets(fromRedis, fromLedger) };
}

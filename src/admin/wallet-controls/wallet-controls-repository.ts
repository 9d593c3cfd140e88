import { lockedIf } from '../../db/row-lock';
import type { Knex } from 'knex';
import { INCOMING, insertFromIncoming } from '../../db/upsert';
import { WALLET_LIMITS_TABLE, type FrozenTable, type LimitsRow } from '../../records/wallet-controls-tables';

export interface FreezeRow {
  frozen_reason: string | null;
  frozen_at: Date | null;
}

/** A user's or user-game's freeze; `forUpdate`: its row held until the transaction ends (changes of one target apply one at a time). */
export function findFreeze(db: Knex, table: FrozenTable, id: number, forUpdate = false): Promise<FreezeRow | undefined> {
  return lockedIf(db(table).where('id', id), forUpdate).first<FreezeRow | undefined>('frozen_reason', 'frozen_at');
}

export async function setFreeze(db: Knex, table: FrozenTable, id: number, reason: string | null): Promise<void> {
  await db(table).where({ id }).update({ frozen_reason: reason, frozen_at: reason === null ? null : db.fn.now(3) });
}

/** The limits asked for per currency of a user-game, by currency. */
export function listLimits(db: Knex, userGameId: number): Promise<LimitsRow[]> {
  return db<LimitsRow>(WALLET_LIMITS_TABLE).where({ user_game_id: userGameId }).orderBy('currency');
}

const LIMITS_COLUMNS = [
  'user_game_id', 'currency', 'max_bet', 'loss_limit', 'loss_period', 'pending_max_bet', 'pending_loss_limit', 'pending_loss_period', 'pending_at',
] as const;

/** One wallet's limits, inserted or replaced (db/upsert.ts: no VALUES(col)). */
export async function saveLimits(db: Knex, row: LimitsRow): Promise<void> {
  const [sql, bindings] = insertFromIncoming(WALLET_LIMITS_TABLE, LIMITS_COLUMNS, [LIMITS_COLUMNS.map((column) => row[column])]);
  const updates = LIMITS_COLUMNS.slice(2).map((column) => `${column} = ${INCOMING}.${column}`).join(', ');
  await db.raw(`${sql} ON DUPLICATE KEY UPDATE ${updates}, updated_at = NOW(3)`, bindings as Knex.Value[]);
}

export { listFrozen, type FrozenTable, type LimitsRow } from '../../records/wallet-controls-tables';

/** Wallets whose first limits may still wait for the ledger's count of earlier losses (limit-seeds.ts). */
export const LIMIT_SEEDS_TABLE = 'wallet_limit_seeds';

/** A wallet noted as waiting, by its engine ids, and whether it was noted long enough ago (by MySQL's clock) to forget it unmade. */
export interface LimitSeedRow {
  user_id: string;
  game_id: string;
  currency: string;
  noted_at: Date;
  old_enough: boolean;
}

/** Notes a wallet (again: its time is renewed). */
export async function noteLimitSeed(db: Knex, wallet: { userId: string; gameId: string; currency: string }): Promise<void> {
  await db.raw(`INSERT INTO ${LIMIT_SEEDS_TABLE} (user_id, game_id, currency, noted_at) VALUES (?, ?, ?, NOW(3)) ON DUPLICATE KEY UPDATE noted_at = NOW(3)`,
    [wallet.userId, wallet.gameId, wallet.currency]);
}

/**
 * Up to `limit` noted wallets after `after` in key order (a sweep goes round them all, so wallets that
 * cannot finish yet hold none of the others back), each saying whether it was noted `graceS` or more
 * ago by MySQL's own clock (the one that wrote `noted_at`: no process's clock is compared with it).
 */
export async function notedLimitSeeds(db: Knex, after: Pick<LimitSeedRow, 'user_id' | 'game_id' | 'currency'> | null, limit: number, graceS: number): Promise<LimitSeedRow[]> {
  const [rows] = (await db.raw(`SELECT user_id, game_id, currency, noted_at, noted_at <= NOW(3) - INTERVAL ? SECOND AS old_enough FROM ${LIMIT_SEEDS_TABLE}
    ${after ? 'WHERE (user_id, game_id, currency) > (?, ?, ?)' : ''} ORDER BY user_id, game_id, currency LIMIT ?`,
  [graceS, ...(after ? [after.user_id, after.game_id, after.currency] : []), limit])) as [Array<Record<string, Buffer | Date | number>>];
  return rows.map((row) => ({
    user_id: String(row.user_id), game_id: String(row.game_id), currency: String(row.currency), noted_at: row.noted_at as Date, old_enough: Number(row.old_enough) === 1,
  }));
}

/** Forgets a noted wallet, unless it was noted again after `notedAt`. */
export async function forgetLimitSeed(db: Knex, row: LimitSeedRow): Promise<void> {
  await db(LIMIT_SEEDS_TABLE).where({ user_id: row.user_id, game_id: row.game_id, currency: row.currency }).where('noted_at', '<=', row.noted_at).delete();
}

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

import { lockedIf } from '../../db/row-lock';
import type { Knex } from 'knex';
import { INCOMING, insertFromIncoming } from '../../db/upsert';
import type { LossPeriod } from '../../wallet/loss-periods';

export interface FreezeRow {
  frozen_reason: string | null;
  frozen_at: Date | null;
}

/** A wallet's limits as they stood after the last change (a loosening pending with its time). */
export interface LimitsRow {
  user_game_id: number;
  currency: string;
  max_bet: number | string | null;
  loss_limit: number | string | null;
  loss_period: LossPeriod | null;
  pending_max_bet: number | string | null;
  pending_loss_limit: number | string | null;
  pending_loss_period: LossPeriod | null;
  pending_at: Date | null;
}

/** The freeze columns of users and user_games (null reason: not frozen). */
export type FrozenTable = 'users' | 'user_games';

/** A user's or user-game's freeze; `forUpdate`: its row held until the transaction ends (changes of one target apply one at a time). */
export function findFreeze(db: Knex, table: FrozenTable, id: number, forUpdate = false): Promise<FreezeRow | undefined> {
  return lockedIf(db(table).where('id', id), forUpdate).first<FreezeRow | undefined>('frozen_reason', 'frozen_at');
}

export async function setFreeze(db: Knex, table: FrozenTable, id: number, reason: string | null): Promise<void> {
  await db(table).where({ id }).update({ frozen_reason: reason, frozen_at: reason === null ? null : db.fn.now(3) });
}

/** Every frozen user or user-game (rebuilding Redis's freezes). */
export function listFrozen(db: Knex, table: FrozenTable): Promise<Array<{ id: number; frozen_reason: string }>> {
  return db(table).whereNotNull('frozen_reason').select('id', 'frozen_reason');
}

/** The limits asked for per currency of a user-game, by currency. */
export function listLimits(db: Knex, userGameId: number): Promise<LimitsRow[]> {
  return db<LimitsRow>('wallet_limits').where({ user_game_id: userGameId }).orderBy('currency');
}

const LIMITS_COLUMNS = [
  'user_game_id', 'currency', 'max_bet', 'loss_limit', 'loss_period', 'pending_max_bet', 'pending_loss_limit', 'pending_loss_period', 'pending_at',
] as const;

/** One wallet's limits, inserted or replaced (db/upsert.ts: no VALUES(col)). */
export async function saveLimits(db: Knex, row: LimitsRow): Promise<void> {
  const [sql, bindings] = insertFromIncoming('wallet_limits', LIMITS_COLUMNS, [LIMITS_COLUMNS.map((column) => row[column])]);
  const updates = LIMITS_COLUMNS.slice(2).map((column) => `${column} = ${INCOMING}.${column}`).join(', ');
  await db.raw(`${sql} ON DUPLICATE KEY UPDATE ${updates}, updated_at = NOW(3)`, bindings as Knex.Value[]);
}

/** Every wallet's limits with its user and game (restore rebuilds Redis's limits records from them). */
export function listAllLimits(db: Knex): Promise<Array<LimitsRow & { user_id: number; game_id: number }>> {
  return db('wallet_limits as l').join('user_games as ug', 'ug.id', 'l.user_game_id').select('l.*', 'ug.user_id', 'ug.game_id').orderBy(['l.user_game_id', 'l.currency']);
}

/** Every frozen user-game with its user and game (restore). */
export function listFrozenUserGames(db: Knex): Promise<Array<{ id: number; user_id: number; game_id: number; frozen_reason: string }>> {
  return db('user_games').whereNotNull('frozen_reason').select('id', 'user_id', 'game_id', 'frozen_reason');
}

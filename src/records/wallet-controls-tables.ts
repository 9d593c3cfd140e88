import type { Knex } from 'knex';
import type { LossPeriod } from '../wallet/loss-periods';

/**
 * The wallet controls MySQL keeps (SPEC §1.11), declared here once: freezes (columns of users and
 * user_games) and wallet_limits. The management API changes them (src/admin/wallet-controls/);
 * `restore` reads them to rebuild the engine's freezes and limits records (src/sync/restore-controls.ts).
 */
export const WALLET_LIMITS_TABLE = 'wallet_limits';

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

/** Every frozen user or user-game (rebuilding Redis's freezes). */
export function listFrozen(db: Knex, table: FrozenTable): Promise<Array<{ id: number; frozen_reason: string }>> {
  return db(table).whereNotNull('frozen_reason').select('id', 'frozen_reason');
}

/** Every wallet's limits with its user and game (restore rebuilds Redis's limits records from them). */
export function listAllLimits(db: Knex): Promise<Array<LimitsRow & { user_id: number; game_id: number }>> {
  return db(`${WALLET_LIMITS_TABLE} as l`).join('user_games as ug', 'ug.id', 'l.user_game_id').select('l.*', 'ug.user_id', 'ug.game_id').orderBy(['l.user_game_id', 'l.currency']);
}

/** Every frozen user-game with its user and game (restore). */
export function listFrozenUserGames(db: Knex): Promise<Array<{ id: number; user_id: number; game_id: number; frozen_reason: string }>> {
  return db('user_games').whereNotNull('frozen_reason').select('id', 'user_id', 'game_id', 'frozen_reason');
}

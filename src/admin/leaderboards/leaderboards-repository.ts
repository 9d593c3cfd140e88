import type { Knex } from 'knex';
import { applyPage, type Page } from '../../db/page';
import { lockedIf } from '../../db/row-lock';
import { groupByParent, rowsPerParent } from '../../db/per-parent';
import type { PeriodType } from './leaderboard-periods';
import { flipRankScores } from './leaderboard-scores-repository';
import { LEADERBOARDS, SCORES } from './leaderboard-tables';
import { conflictOnDuplicate } from '../../db/mysql-errors';
import type { RewardRange } from './leaderboard-rewards';

export interface LeaderboardRow {
  id: number;
  game_id: number;
  key: string;
  name: string;
  sort_order: 'asc' | 'desc';
  period_type: PeriodType;
  operator: ScoreOperator;
  is_active: number | boolean;
  /** JSON: the reward ranges (SPEC §2.12); null or empty: none. */
  rewards: RewardRange[] | string | null;
  created_at: Date;
  updated_at: Date;
}

/** SPEC §2.6: how a save combines with the period's stored score. */
export const SCORE_OPERATORS = ['set', 'best', 'incr'] as const;
export type ScoreOperator = (typeof SCORE_OPERATORS)[number];

export type LeaderboardFields = Pick<LeaderboardRow, 'key' | 'name' | 'sort_order' | 'period_type' | 'operator'> & {
  is_active: boolean;
  rewards?: readonly RewardRange[];
  /** When the rewards went from none to some (null: none). */
  rewards_since?: Date | null;
};

/** The fields as columns: the rewards as JSON. */
const columnsOf = ({ rewards, ...fields }: Partial<LeaderboardFields>) => ({ ...fields, ...(rewards === undefined ? {} : { rewards: JSON.stringify(rewards) }) });


export function findLeaderboard(db: Knex, id: number, forUpdate = false): Promise<LeaderboardRow | undefined> {
  return lockedIf(db<LeaderboardRow>(LEADERBOARDS).where({ id }), forUpdate).first();
}

/** Whether any period of the leaderboard holds a score (its operator is then fixed). */
export async function hasScores(db: Knex, id: number): Promise<boolean> {
  return (await db(SCORES).where({ leaderboard_id: id }).first('user_game_id')) !== undefined;
}

/** A page of each game's leaderboards, in one statement. */
export async function leaderboardsOfGames(db: Knex, gameIds: readonly number[], page: Page): Promise<Map<number, LeaderboardRow[]>> {
  const part = (gameId: number) => applyPage(db<LeaderboardRow>(LEADERBOARDS).where({ game_id: gameId }).orderBy('id'), page);
  return groupByParent(gameIds, await rowsPerParent<LeaderboardRow>(db, gameIds, part, ['game_id', 'id']), 'game_id');
}

export async function listLeaderboards(db: Knex, gameId: number, page: Page): Promise<LeaderboardRow[]> {
  return (await leaderboardsOfGames(db, [gameId], page)).get(gameId)!;
}

const keyTaken = (gameId: number, key: string | undefined) => () => `game ${gameId} already has a leaderboard with key "${key}"`;

export async function insertLeaderboard(db: Knex, gameId: number, fields: LeaderboardFields): Promise<number> {
  const [id] = await conflictOnDuplicate(db(LEADERBOARDS).insert({ game_id: gameId, ...columnsOf(fields) }), keyTaken(gameId, fields.key), 'key');
  return id as number;
}

/** A change of sort order flips every stored rank_score in the caller's transaction (see the scores tables). */
export async function updateLeaderboard(trx: Knex.Transaction, current: LeaderboardRow, changes: Partial<LeaderboardFields>): Promise<void> {
  const update = trx(LEADERBOARDS).where({ id: current.id }).update({ ...columnsOf(changes), updated_at: trx.fn.now(3) });
  await conflictOnDuplicate(update, keyTaken(current.game_id, changes.key), 'key');
  if (changes.sort_order !== undefined && changes.sort_order !== current.sort_order) await flipRankScores(trx, current.id);
}

export async function deleteLeaderboard(db: Knex, id: number): Promise<void> {
  await db(LEADERBOARDS).where({ id }).delete();
}

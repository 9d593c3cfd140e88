import type { Knex } from 'knex';
import { applyPage, type Page } from '../../db/page';
import { groupByParent, rowsPerParent } from '../../db/per-parent';
import type { PeriodType } from './leaderboard-periods';
import { flipRankScores } from './leaderboard-scores-repository';
import { LEADERBOARDS } from './leaderboard-tables';

export interface LeaderboardRow {
  id: number;
  game_id: number;
  key: string;
  name: string;
  sort_order: 'asc' | 'desc';
  period_type: PeriodType;
  is_active: number | boolean;
  created_at: Date;
  updated_at: Date;
}

export type LeaderboardFields = Pick<LeaderboardRow, 'key' | 'name' | 'sort_order' | 'period_type'> & { is_active: boolean };

export function findLeaderboard(db: Knex, id: number): Promise<LeaderboardRow | undefined> {
  return db<LeaderboardRow>(LEADERBOARDS).where({ id }).first();
}

/** A page of each game's leaderboards, in one statement. */
export async function leaderboardsOfGames(db: Knex, gameIds: readonly number[], page: Page): Promise<Map<number, LeaderboardRow[]>> {
  const part = (gameId: number) => applyPage(db<LeaderboardRow>(LEADERBOARDS).where({ game_id: gameId }).orderBy('id'), page);
  return groupByParent(gameIds, await rowsPerParent<LeaderboardRow>(db, gameIds, part, ['game_id', 'id']), 'game_id');
}

export async function listLeaderboards(db: Knex, gameId: number, page: Page): Promise<LeaderboardRow[]> {
  return (await leaderboardsOfGames(db, [gameId], page)).get(gameId)!;
}

export async function insertLeaderboard(db: Knex, gameId: number, fields: LeaderboardFields): Promise<number> {
  const [id] = await db(LEADERBOARDS).insert({ game_id: gameId, ...fields });
  return id as number;
}

/** A change of sort order flips every stored rank_score in the same transaction (see the scores tables). */
export function updateLeaderboard(db: Knex, current: LeaderboardRow, changes: Partial<LeaderboardFields>): Promise<void> {
  return db.transaction(async (trx) => {
    await trx(LEADERBOARDS).where({ id: current.id }).update({ ...changes, updated_at: trx.fn.now(3) });
    if (changes.sort_order !== undefined && changes.sort_order !== current.sort_order) await flipRankScores(trx, current.id);
  });
}

export async function deleteLeaderboard(db: Knex, id: number): Promise<void> {
  await db(LEADERBOARDS).where({ id }).delete();
}

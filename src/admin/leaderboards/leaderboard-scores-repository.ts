import type { Knex } from 'knex';
import { USER_GAMES } from '../connections/connections-repository';
import { USERS } from '../users/users-repository';
import { MEMBERS } from './leaderboard-groups-repository';
import { SCORES } from './leaderboards-repository';

export interface SavedScore {
  readonly leaderboardId: number;
  readonly userGameId: number;
  readonly score: number;
  readonly periodStart: Date;
  readonly savedAt: Date;
}

/**
 * One score per (leaderboard, period, user-game): a save replaces it whatever its value. rank_score
 * is the score as rankings order it (negated for desc leaderboards), so one ascending index serves
 * every ranking: rank_score, then the earlier save, then the lower user_game_id.
 */
export async function upsertScore(db: Knex, score: SavedScore, sortOrder: 'asc' | 'desc'): Promise<void> {
  await db(SCORES)
    .insert({
      leaderboard_id: score.leaderboardId,
      period_start: score.periodStart,
      user_game_id: score.userGameId,
      score: score.score,
      rank_score: sortOrder === 'desc' ? -score.score : score.score,
      updated_at: score.savedAt,
    })
    .onConflict(['leaderboard_id', 'period_start', 'user_game_id'])
    .merge(['score', 'rank_score', 'updated_at']);
}

export interface RankingRow {
  user_game_id: number;
  user_id: number;
  username: string;
  score: number;
}

/** The top of one period, optionally only the members of a group (by their user ids). */
export function topScores(db: Knex, query: { leaderboardId: number; periodStart: Date; groupId?: number; limit: number }): Promise<RankingRow[]> {
  const rows = db(`${SCORES} as s`)
    .join(`${USER_GAMES} as ug`, 'ug.id', 's.user_game_id')
    .join(`${USERS} as u`, 'u.id', 'ug.user_id')
    .where({ 's.leaderboard_id': query.leaderboardId, 's.period_start': query.periodStart })
    .orderBy([{ column: 's.rank_score' }, { column: 's.updated_at' }, { column: 's.user_game_id' }])
    .limit(query.limit)
    .select('s.user_game_id', 'ug.user_id', 'u.username', 's.score');
  const { groupId } = query;
  if (groupId !== undefined) rows.join(`${MEMBERS} as m`, (on) => on.on('m.user_id', 'ug.user_id').andOn('m.group_id', db.raw('?', [groupId])));
  return rows;
}

import type { Knex } from 'knex';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { groupByParent, rowsPerParent } from '../../db/per-parent';
import { USER_GAMES } from '../connections/connections-repository';
import { USERS } from '../users/users-repository';
import { GROUP_SCORES, GROUPS, SCORES } from './leaderboard-tables';

export interface SavedScore {
  readonly leaderboardId: number;
  /** The leaderboard's game: the user-game must be one of its connections. */
  readonly gameId: number;
  readonly userGameId: number;
  readonly score: number;
  readonly periodStart: Date;
  readonly savedAt: Date;
}

/** The score as rankings order it: ascending rank_score, so desc leaderboards store -score. */
export const rankScore = (score: number, sortOrder: 'asc' | 'desc') => (sortOrder === 'desc' ? -score : score);

/** What a save found: written; a user-game not of the game; a leaderboard other than the caller read. */
export type SaveOutcome = 'saved' | 'not_of_game' | 'leaderboard_changed';
const OUTCOMES: Record<number, SaveOutcome> = { 1: 'saved', 0: 'not_of_game', [-1]: 'leaderboard_changed' };

/**
 * One score per (leaderboard, period, user-game): a save replaces it whatever its value, and so does
 * the copy in every group of the leaderboard the user belongs to, in the same transaction (the
 * procedure save_leaderboard_score, one round trip). One ascending index serves every ranking:
 * rank_score, then the earlier save, then the lower user_game_id.
 */
/** What the caller read of the leaderboard, which the save checks is still so. */
export interface SavedOnBoard {
  readonly sort_order: 'asc' | 'desc';
  readonly period_type: string;
}

export async function upsertScore(db: Knex, saved: SavedScore, board: SavedOnBoard): Promise<SaveOutcome> {
  const [[rows]] = (await retryOnDeadlock(() =>
    db.raw('CALL save_leaderboard_score(?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      saved.leaderboardId, saved.gameId, board.sort_order, board.period_type, saved.periodStart, saved.userGameId,
      saved.score, rankScore(saved.score, board.sort_order), saved.savedAt,
    ]),
  )) as [[Array<{ saved: number }>]];
  const outcome = OUTCOMES[Number(rows?.[0]?.saved)];
  if (!outcome) throw new Error(`save_leaderboard_score answered ${JSON.stringify(rows)}`);
  return outcome;
}

/** A new member's scores of every period go into the group's copy (with the membership row). */
export async function copyMemberScores(trx: Knex.Transaction, groupId: number, leaderboardId: number, userId: number): Promise<void> {
  await trx.raw(
    `INSERT INTO ${GROUP_SCORES} (group_id, period_start, user_game_id, score, rank_score, updated_at)
     SELECT ?, s.period_start, s.user_game_id, s.score, s.rank_score, s.updated_at
     FROM ${SCORES} s JOIN ${USER_GAMES} ug ON ug.id = s.user_game_id
     WHERE s.leaderboard_id = ? AND ug.user_id = ?`,
    [groupId, leaderboardId, userId],
  );
}

export async function dropMemberScores(trx: Knex.Transaction, groupId: number, userId: number): Promise<void> {
  await trx(GROUP_SCORES)
    .where({ group_id: groupId })
    .whereIn('user_game_id', trx(USER_GAMES).where({ user_id: userId }).select('id'))
    .delete();
}

/** A leaderboard's new sort order: every stored rank_score, its groups' copies too, flips sign. */
export async function flipRankScores(trx: Knex.Transaction, leaderboardId: number): Promise<void> {
  await trx(SCORES).where({ leaderboard_id: leaderboardId }).update({ rank_score: trx.raw('-rank_score') });
  await trx(GROUP_SCORES)
    .whereIn('group_id', trx(GROUPS).where({ leaderboard_id: leaderboardId }).select('id'))
    .update({ rank_score: trx.raw('-rank_score') });
}

export interface RankingRow {
  leaderboard_id: number;
  user_game_id: number;
  user_id: number;
  username: string;
  score: number;
}

export interface RankingQuery {
  readonly leaderboardId: number;
  readonly periodStart: Date;
  /** Only this group's members (from their copy of the scores). */
  readonly groupId?: number;
}

/**
 * The top `limit` of each leaderboard's period in one statement: each part is a range scan of the
 * ranking index (rank_score, then the earlier save, then the lower user_game_id).
 */
export async function topScoresOf(db: Knex, queries: readonly RankingQuery[], limit: number): Promise<Map<number, RankingRow[]>> {
  const byLeaderboard = new Map(queries.map((query) => [query.leaderboardId, query]));
  const ids = [...byLeaderboard.keys()];
  const rows = await rowsPerParent<RankingRow>(db, ids, (id) => topScoresPart(db, byLeaderboard.get(id)!, limit), [
    'leaderboard_id', 'rank_score', 'updated_at', 'user_game_id',
  ]);
  return groupByParent(ids, rows, 'leaderboard_id');
}

function topScoresPart(db: Knex, query: RankingQuery, limit: number): Knex.QueryBuilder {
  const [table, owner] = query.groupId === undefined ? [SCORES, { 's.leaderboard_id': query.leaderboardId }] : [GROUP_SCORES, { 's.group_id': query.groupId }];
  return db(`${table} as s`)
    .join(`${USER_GAMES} as ug`, 'ug.id', 's.user_game_id')
    .join(`${USERS} as u`, 'u.id', 'ug.user_id')
    .where({ ...owner, 's.period_start': query.periodStart })
    .orderBy([{ column: 's.rank_score' }, { column: 's.updated_at' }, { column: 's.user_game_id' }])
    .limit(limit)
    .select(db.raw('? as leaderboard_id', [query.leaderboardId]), 's.user_game_id', 'ug.user_id', 'u.username', 's.score', 's.rank_score', 's.updated_at');
}

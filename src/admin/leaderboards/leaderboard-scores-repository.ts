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

/** What the caller read of the leaderboard, which the save checks is still so. */
export interface SavedOnBoard {
  readonly sort_order: 'asc' | 'desc';
  readonly period_type: string;
  readonly operator: string;
}

/** Who the save's audit entry names (null: the save is not audited, AUDIT_SCORE_SAVES=false). */
export interface SaveAuditor {
  readonly userId: number | null;
  readonly role: string | null;
  readonly requestId: string | null;
  readonly ip: string | null;
}

/** The period's stored score after the save, and whether the save changed it. */
export interface StoredScore {
  readonly score: number;
  readonly updatedAt: Date;
  readonly kept: boolean;
}

/**
 * What a save found: stored (with the score now stored); a user-game not of the game; a leaderboard
 * other than the caller read; an incr past |1e15|; a period whose rewards are planned; a player who was
 * erased (SPEC §2.14).
 */
export type SaveOutcome = { outcome: 'saved'; stored: StoredScore } | { outcome: 'not_of_game' | 'leaderboard_changed' | 'out_of_bounds' | 'period_closed' | 'erased' };
const REFUSALS: Record<number, Exclude<SaveOutcome['outcome'], 'saved'>> = { 0: 'not_of_game', [-1]: 'leaderboard_changed', [-2]: 'out_of_bounds', [-3]: 'period_closed', [-4]: 'erased' };

interface ProcedureRow {
  saved: number;
  score?: number;
  updated_at?: Date;
  kept?: number;
}

/**
 * One score per (leaderboard, period, user-game), combined with the stored one by the leaderboard's
 * operator; the copy in every group of the leaderboard the user belongs to follows, and the audit
 * entry is appended, in the same transaction (the procedure save_leaderboard_score, one round trip).
 * One ascending index serves every ranking: rank_score, then the earlier save, then the lower user_game_id.
 */
export async function upsertScore(db: Knex, saved: SavedScore, board: SavedOnBoard, auditor: SaveAuditor | null): Promise<SaveOutcome> {
  const [[rows]] = (await retryOnDeadlock(() =>
    db.raw('CALL save_leaderboard_score(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      saved.leaderboardId, saved.gameId, board.sort_order, board.period_type, board.operator, saved.periodStart, saved.userGameId,
      saved.score, saved.savedAt, auditor ? 1 : 0, auditor?.userId ?? null, auditor?.role ?? null, auditor?.requestId ?? null, auditor?.ip ?? null,
    ]),
  )) as [[ProcedureRow[]]];
  const row = rows?.[0];
  if (row?.saved === 1) return { outcome: 'saved', stored: { score: Number(row.score), updatedAt: row.updated_at!, kept: row.kept === 1 } };
  const refusal = REFUSALS[Number(row?.saved)];
  if (!refusal) throw new Error(`save_leaderboard_score answered ${JSON.stringify(rows)}`);
  return { outcome: refusal };
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

/** A ranking's score rows alone (no users joined): what counts and positions need, read from the index. */
function scoreRows(db: Knex, query: RankingQuery): Knex.QueryBuilder {
  const [table, owner] = query.groupId === undefined ? [SCORES, { 's.leaderboard_id': query.leaderboardId }] : [GROUP_SCORES, { 's.group_id': query.groupId }];
  return db(`${table} as s`).where({ ...owner, 's.period_start': query.periodStart });
}

/** A ranking's rows with their users, in no order yet: the scores of a leaderboard's period, or of a group's members. */
function rankingBase(db: Knex, query: RankingQuery): Knex.QueryBuilder {
  return scoreRows(db, query).join(`${USER_GAMES} as ug`, 'ug.id', 's.user_game_id').join(`${USERS} as u`, 'u.id', 'ug.user_id');
}

const RANKING_COLUMNS = ['s.user_game_id', 'ug.user_id', 'u.username', 's.score', 's.rank_score', 's.updated_at'];
const ORDER_ASC = [{ column: 's.rank_score' }, { column: 's.updated_at' }, { column: 's.user_game_id' }];
const ORDER_DESC = ORDER_ASC.map((order) => ({ ...order, order: 'desc' }));

function topScoresPart(db: Knex, query: RankingQuery, limit: number): Knex.QueryBuilder {
  return rankingBase(db, query)
    .orderBy(ORDER_ASC)
    .limit(limit)
    .select(db.raw('? as leaderboard_id', [query.leaderboardId]), ...RANKING_COLUMNS);
}

/** Where a row stands in a ranking: the three columns of the ranking index after the owner and period. */
export interface RankPosition {
  readonly rank_score: number;
  readonly updated_at: Date;
  readonly user_game_id: number;
}

/** The user-game's row of the ranking, or undefined when it has no score in that period (or group). */
export async function findRankPosition(db: Knex, query: RankingQuery, userGameId: number): Promise<RankPosition | undefined> {
  const rows = (await rankingBase(db, query).where('s.user_game_id', userGameId).select('s.rank_score', 's.updated_at', 's.user_game_id')) as RankPosition[];
  return rows[0];
}

/** A condition on a ranking's rows. */
type Range = (query: Knex.QueryBuilder) => Knex.QueryBuilder;

/**
 * The rows before `x` in ranking order, as disjoint ranges of the ranking index (rank_score,
 * updated_at, user_game_id). MySQL reads an OR of these as one scan
 * of everything with x's rank_score or less; each range alone is a seek, so a block of 300,000 tied
 * scores costs what the rows wanted cost, not the block.
 */
function rangesBefore(x: RankPosition): Range[] {
  return [
    (q) => q.where('s.rank_score', x.rank_score).where('s.updated_at', x.updated_at).where('s.user_game_id', '<', x.user_game_id),
    (q) => q.where('s.rank_score', x.rank_score).where('s.updated_at', '<', x.updated_at),
    (q) => q.where('s.rank_score', '<', x.rank_score),
  ];
}

/** `x` and the rows after it (without `x` when not `inclusive`), as disjoint ranges of the ranking index. */
function rangesFrom(x: RankPosition, inclusive = true): Range[] {
  return [
    (q) => q.where('s.rank_score', x.rank_score).where('s.updated_at', x.updated_at).where('s.user_game_id', inclusive ? '>=' : '>', x.user_game_id),
    (q) => q.where('s.rank_score', x.rank_score).where('s.updated_at', '>', x.updated_at),
    (q) => q.where('s.rank_score', '>', x.rank_score),
  ];
}

/**
 * The first `limit` rows of some ranges in `order`: each range read along the index up to `limit`
 * rows (a seek and a short scan), then the few rows merged.
 */
function firstOfRanges(db: Knex, base: () => Knex.QueryBuilder, ranges: readonly Range[], order: typeof ORDER_ASC, columns: readonly string[], limit: number) {
  const parts = ranges.map((range) => range(base()).orderBy(order).limit(limit).select(...columns));
  const merged = order.map(({ column, ...rest }) => ({ ...rest, column: column.slice(2) })); // s.rank_score → rank_score
  return db.select('*').from(db.raw(parts.map(() => '(?)').join(' UNION ALL '), parts).wrap('(', ') AS ranked')).orderBy(merged).limit(limit);
}


/**
 * The rows around `x`: up to `beforeLimit` rows before it (nearest first) and up to `fromLimit` rows
 * from it on (x first), each a few seeks of the ranking index from x's position.
 */
export async function scoresAround(db: Knex, query: RankingQuery, x: RankPosition, beforeLimit: number, fromLimit: number) {
  const base = () => rankingBase(db, query);
  const [preceding, following] = await Promise.all([
    beforeLimit === 0 ? [] : (firstOfRanges(db, base, rangesBefore(x), ORDER_DESC, RANKING_COLUMNS, beforeLimit) as Promise<RankingRow[]>),
    firstOfRanges(db, base, rangesFrom(x), ORDER_ASC, RANKING_COLUMNS, fromLimit) as Promise<RankingRow[]>,
  ]);
  return { preceding, following };
}

/**
 * How many rows come before `x`: a count per range, in one statement, on the ranking index alone
 * (covering, no joins). Linear in those rows: the rank index answers leaderboards in O(log n).
 */
export async function countBefore(db: Knex, query: RankingQuery, x: RankPosition): Promise<number> {
  const counts = rangesBefore(x).map((range) => range(scoreRows(db, query)).count({ n: '*' }));
  const [row] = (await db.select(db.raw(`${counts.map(() => '(?)').join(' + ')} AS n`, counts))) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

/** Where a user-game's row of a leaderboard period stands now (undefined: it has none). */
export async function currentRankPosition(db: Knex, leaderboardId: number, period: Date, userGameId: number): Promise<RankPosition | undefined> {
  return (await db(SCORES).where({ leaderboard_id: leaderboardId, period_start: period, user_game_id: userGameId })
    .first('rank_score', 'updated_at', 'user_game_id')) as RankPosition | undefined;
}

/**
 * One chunk of a leaderboard period's ranking after `after` (from the start without it), for
 * building its rank index: rank_score and user_game_id in ranking order.
 */
export function rankScoresAfter(db: Knex, leaderboardId: number, period: Date, after: RankPosition | undefined, limit: number): Promise<RankPosition[]> {
  const base = () => scoreRows(db, { leaderboardId, periodStart: period });
  const columns = ['s.rank_score', 's.updated_at', 's.user_game_id'];
  if (!after) return base().orderBy(ORDER_ASC).limit(limit).select(...columns);
  return firstOfRanges(db, base, rangesFrom(after, false), ORDER_ASC, columns, limit) as Promise<RankPosition[]>;
}

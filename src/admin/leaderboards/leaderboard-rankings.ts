import { AppError } from '../../errors';
import { periodStart, type PeriodType } from './leaderboard-periods';
import type { LeaderboardScope } from './leaderboard-scope';
import type { RankingQuery, RankingRow } from './leaderboard-scores-repository';
import type { Store } from '../unit-of-work';
import type { RankIndex } from './rank-index-store';
import { toPublicLeaderboard } from './leaderboard-view';
import type { PublicLeaderboard, RankingItem, Rankings } from './leaderboards-replies';


export interface RankingOptions {
  readonly groupId?: number;
  readonly limit: number;
  /** A window of the ordering around this user-game, ranks in the whole ordering. */
  readonly aroundUserGameId?: number;
  /** An ISO timestamp: the start of the period to rank (the current one without it). */
  readonly periodStart?: string;
}

const toItems = (rows: readonly RankingRow[], firstRank: number, period?: Date): RankingItem[] =>
  rows.map((row, i) => ({
    rank: firstRank + i,
    user_id: row.user_id,
    user_game_id: row.user_game_id,
    username: row.username,
    score: Number(row.score),
    ...(period ? { period_start: period.toISOString() } : {}),
  }));

/** The period asked for: the UTC start of a period of the leaderboard's type (400 naming period_start otherwise). */
export function requestedPeriod(periodType: PeriodType, requested: string): Date | AppError {
  const at = Date.parse(requested);
  const valid = isCalendarDate(requested) && !Number.isNaN(at) && periodStart(periodType, at).getTime() === at;
  if (valid) return new Date(at);
  const message = `must be the UTC start of a ${periodType} period (an ISO timestamp)`;
  return new AppError('BAD_REQUEST', `period_start ${message}`, { errors: [{ path: 'period_start', message }] });
}

/** `YYYY-MM-DDT…` naming a day the calendar has (JavaScript rolls 2026-02-30 over to March 2). */
function isCalendarDate(text: string): boolean {
  const date = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text);
  if (!date) return false;
  const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
  const found = new Date(Date.UTC(year, month - 1, day));
  return found.getUTCFullYear() === year && found.getUTCMonth() === month - 1 && found.getUTCDate() === day;
}

/**
 * Rankings (SPEC §2.6): the top of a period, or a window around one player with ranks in the whole
 * ordering; the current period or a past one; of the leaderboard or of one group's members. Every
 * read is a range scan of the ranking index; a player's rank in a leaderboard comes from its rank
 * index in Redis (O(log n)), counted in MySQL while that index is being built and for groups.
 */
export function createLeaderboardRankings({ store: { read }, scope, rankIndex, clock }: { store: Store<'leaderboardScores' | 'leaderboardGroups'>; scope: LeaderboardScope; rankIndex: RankIndex; clock: () => number }) {
  /** x's rank: the rows before it from the rank index (ties included, O(log n)), or counted in MySQL (groups, or no index yet). */
  async function rankOf(board: PublicLeaderboard, query: RankingQuery, x: NonNullable<Awaited<ReturnType<typeof read.leaderboardScores.findRankPosition>>>): Promise<number> {
    if (query.groupId === undefined) {
      const before = await rankIndex.countBefore(board.game_id, board.id, query.periodStart, x);
      if (before !== null) return before + 1;
    }
    return (await read.leaderboardScores.countBefore(query, x)) + 1;
  }

  /**
   * ⌊(N−1)/2⌋ rows before the player and the rest after, shifted to fit at either end of the ordering.
   * Once the player's row is read, the window's two range scans and its rank go out at once.
   */
  async function around(board: PublicLeaderboard, query: RankingQuery, userGameId: number, limit: number, period?: Date): Promise<RankingItem[]> {
    const x = await read.leaderboardScores.findRankPosition(query, userGameId);
    if (!x) return [];
    const [{ preceding, following }, rank] = await Promise.all([read.leaderboardScores.scoresAround(query, x, limit - 1, limit), rankOf(board, query, x)]);
    const wantBefore = Math.floor((limit - 1) / 2);
    const takeBefore = Math.min(preceding.length, Math.max(wantBefore, limit - following.length));
    const window = [...preceding.slice(0, takeBefore).reverse(), ...following.slice(0, limit - takeBefore)];
    return toItems(window, rank - takeBefore, period);
  }

  async function rankingOf(board: PublicLeaderboard, options: RankingOptions, groupOwner: number | undefined): Promise<RankingItem[] | AppError> {
    if (options.groupId !== undefined && groupOwner !== board.id) return new AppError('NOT_FOUND', `group ${options.groupId} of leaderboard ${board.id} not found`);
    const period = options.periodStart === undefined ? undefined : requestedPeriod(board.period_type, options.periodStart);
    if (period instanceof AppError) return period;
    const query = { leaderboardId: board.id, periodStart: period ?? periodStart(board.period_type, clock()), groupId: options.groupId };
    if (options.aroundUserGameId !== undefined) return around(board, query, options.aroundUserGameId, options.limit, period);
    return toItems((await read.leaderboardScores.topScoresOf([query], options.limit)).get(board.id)!, 1, period);
  }

  return {
    /** One leaderboard's ranking (REST). */
    async rankings(leaderboardId: number, options: RankingOptions): Promise<Rankings> {
      const leaderboard = toPublicLeaderboard(await scope.leaderboard(leaderboardId));
      const [items] = await this.rankingsOf([leaderboard], options);
      if (items instanceof AppError) throw items;
      return { leaderboard, items: items! };
    },

    /**
     * The ranking of each leaderboard read in this request (their module was checked when they were
     * read); the tops of current periods in one statement. `groupId` must belong to the leaderboard (404).
     */
    async rankingsOf(leaderboards: readonly PublicLeaderboard[], options: RankingOptions): Promise<Array<RankingItem[] | AppError>> {
      const groupOwner = options.groupId === undefined ? undefined : (await read.leaderboardGroups.findGroup(options.groupId))?.leaderboard_id;
      const plain = options.aroundUserGameId === undefined && options.periodStart === undefined && options.groupId === undefined;
      if (plain && leaderboards.length > 1) {
        const now = clock();
        const rows = await read.leaderboardScores.topScoresOf(leaderboards.map((board) => ({ leaderboardId: board.id, periodStart: periodStart(board.period_type, now) })), options.limit);
        return leaderboards.map((board) => toItems(rows.get(board.id)!, 1));
      }
      return Promise.all(leaderboards.map((board) => rankingOf(board, options, groupOwner)));
    },
  };
}

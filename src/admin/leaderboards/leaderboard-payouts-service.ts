import { mapListing, type Listing } from '../../db/page';
import type { Store } from '../unit-of-work';
import type { PayoutRow } from './leaderboard-payouts-repository';
import { requestedPeriod } from './leaderboard-rankings';
import type { LeaderboardScope } from './leaderboard-scope';
import type { PublicPayout } from './leaderboards-replies';

const toPublicPayout = (row: PayoutRow): PublicPayout => ({
  period_start: row.period_start.toISOString(),
  user_game_id: row.user_game_id,
  user_id: row.user_id,
  rank: row.rank,
  amount: Number(row.amount),
  currency: row.currency,
  topup_id: row.topup_id === null ? null : Number(row.topup_id),
  paid_at: row.paid_at === null ? null : row.paid_at.toISOString(),
});

/** What the worker paid for a board's closed periods (SPEC §2.12), for staff. */
export function createLeaderboardPayoutsService({ store: { read }, scope }: { store: Store<'leaderboardPayouts'>; scope: LeaderboardScope }) {
  return {
    /** A board's payouts, the latest period first and by rank; with `periodStart` (a period start of its type, 400 otherwise) that period's. */
    async list(leaderboardId: number, periodStart: string | undefined): Promise<Listing<PublicPayout>> {
      const board = await scope.leaderboard(leaderboardId);
      const period = periodStart === undefined ? undefined : requestedPeriod(board.period_type, periodStart);
      if (period instanceof Error) throw period;
      return mapListing(read.leaderboardPayouts.listPayouts(leaderboardId, period), (rows) => rows.map(toPublicPayout));
    },
  };
}

export type LeaderboardPayoutsService = ReturnType<typeof createLeaderboardPayoutsService>;

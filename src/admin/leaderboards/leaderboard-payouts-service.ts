import { mapListing, type Listing } from '../../db/page';
import type { Store } from '../unit-of-work';
import type { PayoutRow } from './leaderboard-payouts-repository';
import { nextPeriodStart, periodStart } from './leaderboard-periods';
import { requestedPeriod } from './leaderboard-rankings';
import { lastPaidRank, payoutsOf, rewardsOf } from './leaderboard-rewards';
import { MAX_REWARD_RANK } from './leaderboards-schemas';
import type { LeaderboardScope } from './leaderboard-scope';
import type { PayoutPreview, PublicPayout } from './leaderboards-replies';

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

/** The most payouts a preview lists (as many as ranks a reward table may pay: MAX_REWARD_RANK); `payouts_total` counts every one. */
export const MAX_PREVIEW_PAYOUTS = MAX_REWARD_RANK;

/** What the worker paid for a board's closed periods (SPEC §2.12), for staff. */
export function createLeaderboardPayoutsService({ store: { read }, scope, clock }: { store: Store<'leaderboardPayouts'>; scope: LeaderboardScope; clock: () => number }) {
  return {
    /** A board's payouts, the latest period first and by rank; with `periodStart` (a period start of its type, 400 otherwise) that period's. */
    async list(leaderboardId: number, periodStart: string | undefined): Promise<Listing<PublicPayout>> {
      const board = await scope.leaderboard(leaderboardId);
      const period = periodStart === undefined ? undefined : requestedPeriod(board.period_type, periodStart);
      if (period instanceof Error) throw period;
      return mapListing(read.leaderboardPayouts.listPayouts(leaderboardId, period), (rows) => rows.map(toPublicPayout));
    },

    /**
     * What the current period would pay if it closed now: its standings so far, ranked and paid by
     * the board's reward ranges as the worker will pay them (period-payouts.ts), at most
     * MAX_PREVIEW_PAYOUTS of them (players tied at the last paid rank may be many) and how many in all.
     * Nothing for a board without rewards or an all_time one (its period never closes).
     */
    async preview(leaderboardId: number): Promise<PayoutPreview> {
      const board = await scope.leaderboard(leaderboardId);
      const rewards = rewardsOf(board);
      if (board.period_type === 'all_time' || rewards.length === 0) return { period_start: null, closes_at: null, payouts: [], payouts_total: 0 };
      const start = periodStart(board.period_type, clock());
      const { rows, unread } = await read.leaderboardPayouts.standingsWithin(leaderboardId, start, lastPaidRank(rewards), MAX_PREVIEW_PAYOUTS);
      const payouts = payoutsOf(rows, rewards);
      // The unread players are tied with the last row read: paid as it is, or not at all.
      const lastPaid = rows.length > 0 && payouts.at(-1)?.user_game_id === rows.at(-1)!.user_game_id;
      return {
        period_start: start.toISOString(), closes_at: nextPeriodStart(board.period_type, start).toISOString(), payouts, payouts_total: payouts.length + (lastPaid ? unread : 0),
      };
    },
  };
}

export type LeaderboardPayoutsService = ReturnType<typeof createLeaderboardPayoutsService>;

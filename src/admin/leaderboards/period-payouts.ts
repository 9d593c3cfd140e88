import { AppError } from '../../errors';
import { REWARD_KEY_PREFIX } from '../../records/ledger-tables';
import { startIntervalRounds } from '../../lifecycle/interval-rounds';
import type { Logger } from '../../logging/logger';
import type { WalletService } from '../../wallet/wallet-service';
import { createdFields } from '../audit/audit-changes';
import { topupAuditTrail } from '../balance/topup-audit';
import { COMMAND_ACTOR } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { PayoutRow, RewardedBoard } from './leaderboard-payouts-repository';
import { periodStart, previousPeriodStart } from './leaderboard-periods';
import { lastPaidRank, payoutsOf, rewardsOf } from './leaderboard-rewards';

/** A payout's top-up key: the engine makes every top-up of one row one credit while it remembers the key. */
const payoutKey = (row: Pick<PayoutRow, 'id'>) => `${REWARD_KEY_PREFIX}${row.id}`;

/** How far back a worker looks for closed periods still to pay (after a long outage of every worker). */
export const CATCH_UP_PERIODS = 31;

export interface PeriodPayoutsDeps {
  /** The admin store (admin-store.ts): plans and paid marks are units of work, audited in them. */
  readonly store: Store<'leaderboardPayouts'>;
  readonly wallet: Pick<WalletService, 'topup'>;
  readonly logger: Logger;
  /** IDEMPOTENCY_TTL_S: how long the engine remembers a top-up's key. */
  readonly idempotencyTtlS: number;
  /**
   * LEADERBOARD_PAYOUT_GRACE_S in ms: a period is planned only this long after it ended, so saves in
   * flight at its end (and processes whose clocks run behind) land first; a save that comes later
   * still is refused by the save itself (the plan locks the board: see planClosedPeriod).
   */
  readonly graceMs?: number;
  readonly clock?: () => number;
}

/** The top-up's comment: only what the payout row holds, so a retry's comment is the very same (the engine's key checks it). */
const commentOf = (board: Pick<RewardedBoard, 'id' | 'period_type'>, row: PayoutRow) =>
  `reward: leaderboard ${board.id}, ${board.period_type} period from ${row.period_start.toISOString()}, rank ${row.rank}`;

/**
 * SPEC §2.12's period rewards, run by every worker: when a daily, weekly or monthly period of a board
 * with rewards closes, its final standings are turned into payout rows once (one transaction per
 * period; a second worker finds them planned), and each row is paid through the engine's top-up with
 * the row's id as its idempotency key, then marked paid with the top-up's id and audited as
 * `leaderboard.payout`. Workers racing on a row, or one retrying after a crash, make the same top-up,
 * so each (board, period, user-game) is paid exactly once. A row left unpaid longer than the engine
 * remembers keys (IDEMPOTENCY_TTL_S) is not paid again blindly: it is logged for an operator.
 */
export const PAYOUT_GRACE_MS = 60_000;

export function createPeriodPayouts({ store, wallet, logger, idempotencyTtlS, graceMs = PAYOUT_GRACE_MS, clock = Date.now }: PeriodPayoutsDeps) {
  const payoutsRead = store.read.leaderboardPayouts;
  /**
   * The closed periods of a board that its rewards cover, oldest first: from the one the rewards were
   * set in, up to the last that ended at least `graceMs` ago.
   */
  function closedPeriods(board: RewardedBoard, now: number): Date[] {
    const first = periodStart(board.period_type, board.rewards_since.getTime());
    const periods: Date[] = [];
    let period = previousPeriodStart(board.period_type, periodStart(board.period_type, now - graceMs));
    while (period.getTime() >= first.getTime() && periods.length < CATCH_UP_PERIODS) {
      periods.unshift(period);
      period = previousPeriodStart(board.period_type, period);
    }
    return periods;
  }

  /**
   * The period's standings read and its payouts planned under the board's row lock: a score save holds
   * that row shared and refuses a period already planned, so no save lands in the standings after
   * they were read (it waits, then is refused; or it commits first and is read).
   */
  async function plan(board: RewardedBoard, period: Date): Promise<void> {
    const rewards = rewardsOf(board);
    const planned = await store.run(COMMAND_ACTOR, async ({ repos }) => {
      await repos.leaderboardPayouts.lockBoard(board.id);
      const payouts = payoutsOf(await repos.leaderboardPayouts.finalStandings(board.id, period, lastPaidRank(rewards)), rewards);
      return (await repos.leaderboardPayouts.planPeriod(board.id, period, payouts, new Date(clock()))) ? payouts.length : null;
    });
    if (planned !== null) logger.info({ leaderboard: board.id, period: period.toISOString(), payouts: planned }, 'period rewards planned');
  }

  async function pay(board: RewardedBoard, row: PayoutRow): Promise<void> {
    if (clock() - row.created_at.getTime() > idempotencyTtlS * 1000) {
      logger.error({ payout: row.id, leaderboard: board.id }, 'a payout has waited longer than the engine remembers top-up keys: left unpaid; `npm run cli -- payouts reconcile` pays it from the ledger');
      return;
    }
    await markPaid(board, row, (await topUp(board, row)).topupId);
  }

  const topUp = (board: Pick<RewardedBoard, 'id' | 'game_id' | 'period_type'>, row: PayoutRow) =>
    wallet.topup({
      userId: String(row.user_id), gameId: String(board.game_id), currency: row.currency, amount: String(row.amount),
      comment: commentOf(board, row), idempotencyKey: payoutKey(row),
      auditTrail: topupAuditTrail(COMMAND_ACTOR, { targetId: row.user_game_id, gameId: board.game_id }),
    });

  /** Marks the row paid by this top-up and audits it as `leaderboard.payout`, once (a racing writer's mark wins, the same top-up). */
  async function markPaid(board: Pick<RewardedBoard, 'id' | 'game_id'>, row: PayoutRow, topupId: string): Promise<void> {
    await store.run(COMMAND_ACTOR, async ({ repos, audit }) => {
      if (!(await repos.leaderboardPayouts.markPayoutPaid(row.id, topupId))) return;
      const changes = createdFields({ period_start: row.period_start.toISOString(), user_game_id: row.user_game_id, rank: row.rank, amount: Number(row.amount), currency: row.currency, topup_id: topupId });
      audit({ action: 'leaderboard.payout', targetId: board.id, gameId: board.game_id, changes, dedupeKey: `payout:${row.id}` });
    });
  }

  async function payPeriod(board: RewardedBoard, period: Date): Promise<void> {
    for (const row of await payoutsRead.unpaidPayouts(board.id, period)) {
      try {
        await pay(board, row);
      } catch (error) {
        // A closed currency, a frozen store: this row waits for the next round; the others go on.
        if (!(error instanceof AppError)) throw error;
        logger.warn({ err: error, payout: row.id }, 'a payout could not be paid yet; it is tried again');
      }
    }
    await payoutsRead.markPeriodPaid(board.id, period);
  }

  async function payBoard(board: RewardedBoard, now: number): Promise<void> {
    const periods = closedPeriods(board, now);
    if (periods.length === 0) return;
    const planned = await payoutsRead.plannedPeriods(board.id, periods[0]!);
    for (const period of periods) {
      if (planned.get(period.getTime()) === true) continue;
      if (!planned.has(period.getTime())) await plan(board, period);
      await payPeriod(board, period);
    }
  }

  /**
   * `payouts reconcile`: each row left unpaid longer than the engine remembers its key. One the ledger
   * holds a top-up for (its key is the row's) is marked paid with it; one the ledger has none for is
   * paid now, with the same key, so two reconciles racing make one credit. Only once the sync has
   * written everything the engine holds (`outboxEntries` 0): a top-up still on its way to the ledger
   * would otherwise be made twice.
   */
  async function reconcileOverdue(outboxEntries: () => Promise<number>): Promise<{ marked: number; paid: number }> {
    const overdue = await payoutsRead.overduePayouts(new Date(clock() - idempotencyTtlS * 1000));
    if (overdue.length === 0) return { marked: 0, paid: 0 };
    const behind = await outboxEntries();
    if (behind > 0) throw new AppError('CONFLICT', `the sync has ${behind} outbox entries not yet in the ledger: run this again once it has drained (npm run cli -- sync status)`);
    const boards = new Map((await payoutsRead.boardsOf(overdue.map((row) => row.leaderboard_id))).map((board) => [board.id, board]));
    const result = { marked: 0, paid: 0 };
    for (const row of overdue) {
      const board = boards.get(row.leaderboard_id)!;
      const inLedger = await payoutsRead.ledgerTopupByKey(payoutKey(row), String(row.user_id), String(board.game_id));
      await markPaid(board, row, inLedger ?? (await topUp(board, row)).topupId);
      result[inLedger ? 'marked' : 'paid'] += 1;
      logger.info({ payout: row.id, leaderboard: board.id, topup: inLedger ?? 'new' }, inLedger ? 'overdue payout found in the ledger: marked paid' : 'overdue payout not in the ledger: paid now');
    }
    for (const row of overdue) await payoutsRead.markPeriodPaid(row.leaderboard_id, row.period_start);
    return result;
  }

  return {
    reconcileOverdue,
    /** One round over every board with rewards. */
    async run(): Promise<void> {
      for (const board of await payoutsRead.rewardedBoards()) {
        try {
          await payBoard(board, clock());
        } catch (error) {
          logger.warn({ err: error, leaderboard: board.id }, 'period rewards: this round failed; the next one tries again');
        }
      }
    },
  };
}

export type PeriodPayouts = ReturnType<typeof createPeriodPayouts>;

/** Rounds every `intervalMs`, one at a time, until stopped (a round under way finishes first). */
export function startPeriodPayouts(payouts: PeriodPayouts, intervalMs: number, logger: Logger): { stop(): Promise<void> } {
  return startIntervalRounds(() => payouts.run(), intervalMs, logger, 'period rewards round failed');
}

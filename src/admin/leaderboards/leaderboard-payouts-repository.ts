import type { Knex } from 'knex';
import { listingOf, type Listing } from '../../db/page';
import { LEDGER_TABLE } from '../../records/ledger-tables';
import { USER_GAMES } from '../connections/connections-repository';
import type { PeriodType } from './leaderboard-periods';
import type { Payout, Standing } from './leaderboard-rewards';
import { LEADERBOARDS, SCORES } from './leaderboard-tables';
import type { LeaderboardRow } from './leaderboards-repository';

export const PAYOUTS = 'leaderboard_payouts';
export const PAYOUT_PERIODS = 'leaderboard_payout_periods';

export interface PayoutRow {
  id: number | string;
  leaderboard_id: number;
  period_start: Date;
  user_game_id: number;
  user_id: number;
  rank: number;
  amount: number | string;
  currency: string;
  topup_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

/** A board whose closed periods pay: its rewards and since when. */
export type RewardedBoard = Pick<LeaderboardRow, 'id' | 'game_id' | 'name' | 'period_type' | 'rewards'> & { rewards_since: Date };

/** The boards with rewards and periods that close (not all_time). */
export function rewardedBoards(db: Knex): Promise<RewardedBoard[]> {
  return db<RewardedBoard>(LEADERBOARDS).whereNotNull('rewards_since').whereNot({ period_type: 'all_time' as PeriodType })
    .whereRaw('JSON_LENGTH(rewards) > 0').select('id', 'game_id', 'name', 'period_type', 'rewards', 'rewards_since');
}

/** The periods of a board from `since` on whose payouts are planned, and whether each is fully paid. */
export async function plannedPeriods(db: Knex, leaderboardId: number, since: Date): Promise<Map<number, boolean>> {
  const rows = (await db(PAYOUT_PERIODS).where({ leaderboard_id: leaderboardId }).where('period_start', '>=', since).select('period_start', 'paid_at')) as Array<{ period_start: Date; paid_at: Date | null }>;
  return new Map(rows.map((row) => [row.period_start.getTime(), row.paid_at !== null]));
}

/** Holds the board's row until the transaction ends (score saves hold it shared: the save procedure). */
export async function lockBoard(trx: Knex.Transaction, leaderboardId: number): Promise<void> {
  await trx(LEADERBOARDS).where({ id: leaderboardId }).forUpdate().first('id');
}

const ORDER = ['s.rank_score', 's.updated_at', 's.user_game_id'];

/**
 * A closed period's final standings, best first, down to `lastRank` places and every player tied with
 * the last of them (ties share a rank, so they share its reward).
 */
export async function finalStandings(db: Knex, leaderboardId: number, periodStart: Date, lastRank: number): Promise<Standing[]> {
  const base = () => rankedStandings(db, leaderboardId, periodStart);
  const top = (await base().limit(lastRank)) as Array<Standing & { rank_score: number }>;
  if (top.length < lastRank) return top.map(toStanding);
  const tied = (await base().where('s.rank_score', top.at(-1)!.rank_score)) as Array<Standing & { rank_score: number }>;
  const seen = new Set(top.map((row) => row.user_game_id));
  return [...top, ...tied.filter((row) => !seen.has(row.user_game_id))].map(toStanding);
}

const standingsQuery = (db: Knex, leaderboardId: number, periodStart: Date) =>
  db(`${SCORES} as s`).join(`${USER_GAMES} as ug`, 'ug.id', 's.user_game_id').where({ 's.leaderboard_id': leaderboardId, 's.period_start': periodStart });

/** A period's scores, best first (the ranking's order), with what a payout needs. */
const rankedStandings = (db: Knex, leaderboardId: number, periodStart: Date) =>
  standingsQuery(db, leaderboardId, periodStart).select('s.user_game_id', 'ug.user_id', 's.score', 's.rank_score').orderBy(ORDER);

/**
 * A period's standings as finalStandings reads them, but at most `maxRows` (a tie at the last paid
 * place may hold every player), and how many more are tied with the last row read (`unread`).
 */
export async function standingsWithin(db: Knex, leaderboardId: number, periodStart: Date, lastRank: number, maxRows: number): Promise<{ rows: Standing[]; unread: number }> {
  if (lastRank > maxRows) throw new Error(`standings to rank ${lastRank} do not fit in ${maxRows} rows`);
  const base = () => rankedStandings(db, leaderboardId, periodStart);
  const top = (await base().limit(lastRank)) as Array<Standing & { rank_score: number }>;
  if (top.length < lastRank) return { rows: top.map(toStanding), unread: 0 };
  const last = top.at(-1)!.rank_score;
  const readOfTie = top.filter((row) => row.rank_score === last).length;
  const room = maxRows - top.length;
  const more = room === 0 ? [] : (await base().where('s.rank_score', last).offset(readOfTie).limit(room)) as Array<Standing & { rank_score: number }>;
  const counted = (await standingsQuery(db, leaderboardId, periodStart).where('s.rank_score', last).count({ tied: '*' })) as Array<{ tied: number | string }>;
  return { rows: [...top, ...more].map(toStanding), unread: Number(counted[0]?.tied ?? 0) - readOfTie - more.length };
}

const toStanding = (row: Standing): Standing => ({ user_game_id: row.user_game_id, user_id: row.user_id, score: Number(row.score) });

/**
 * A period's payouts planned once: the period's row and its payout rows in one transaction. False when
 * another worker planned it first (its insert waits for theirs, then finds the row). `at` is the
 * planner's clock: a row's age is measured against it later.
 */
export async function planPeriod(trx: Knex.Transaction, leaderboardId: number, periodStart: Date, payouts: readonly Payout[], at: Date): Promise<boolean> {
  const [inserted] = (await trx.raw(`INSERT IGNORE INTO ${PAYOUT_PERIODS} (leaderboard_id, period_start) VALUES (?, ?)`, [leaderboardId, periodStart])) as unknown as [{ affectedRows: number }];
  if (inserted.affectedRows === 0) return false;
  for (let i = 0; i < payouts.length; i += 1000) {
    await trx(PAYOUTS).insert(payouts.slice(i, i + 1000).map((payout) => ({ leaderboard_id: leaderboardId, period_start: periodStart, ...payout, created_at: at })));
  }
  return true;
}

/** The period's payouts not yet marked paid, best rank first. */
export function unpaidPayouts(db: Knex, leaderboardId: number, periodStart: Date): Promise<PayoutRow[]> {
  return db<PayoutRow>(PAYOUTS).where({ leaderboard_id: leaderboardId, period_start: periodStart }).whereNull('topup_id').orderBy(['rank', 'id']);
}

/** These boards' ids, games and period types (whatever their rewards are now). */
export function boardsOf(db: Knex, ids: readonly number[]): Promise<Array<Pick<RewardedBoard, 'id' | 'game_id' | 'period_type'>>> {
  return db(LEADERBOARDS).whereIn('id', [...new Set(ids)]).select('id', 'game_id', 'period_type');
}

/** Payouts planned before `plannedBefore` and still unpaid, every board's, oldest first. */
export function overduePayouts(db: Knex, plannedBefore: Date): Promise<PayoutRow[]> {
  return db<PayoutRow>(PAYOUTS).whereNull('topup_id').where('created_at', '<', plannedBefore).orderBy('id');
}

/** The ledger's top-up made with this idempotency key for this wallet owner, if the sync has written one. */
export async function ledgerTopupByKey(db: Knex, idempotencyKey: string, userId: string, gameId: string): Promise<string | null> {
  const row = (await db(LEDGER_TABLE).where({ kind: 'topup', request_id: idempotencyKey, user_id: userId, game_id: gameId }).first('topup_id')) as { topup_id: string | number } | undefined;
  return row ? String(row.topup_id) : null;
}

/** Marks a payout paid by this top-up: true for the one writer that did (a racing worker's top-up was the same one). */
export async function markPayoutPaid(trx: Knex, payoutId: number | string, topupId: string): Promise<boolean> {
  return (await trx(PAYOUTS).where({ id: payoutId }).whereNull('topup_id').update({ topup_id: topupId, paid_at: trx.fn.now(3) })) === 1;
}

/** The period is paid once none of its payouts is left unpaid. */
export async function markPeriodPaid(db: Knex, leaderboardId: number, periodStart: Date): Promise<void> {
  await db(PAYOUT_PERIODS).where({ leaderboard_id: leaderboardId, period_start: periodStart }).whereNull('paid_at')
    .whereNotExists(db(PAYOUTS).where({ leaderboard_id: leaderboardId, period_start: periodStart }).whereNull('topup_id').select(db.raw('1')))
    .update({ paid_at: db.fn.now(3) });
}

/** A board's payouts, the latest period first, each by rank; or one period's. */
export function listPayouts(db: Knex, leaderboardId: number, periodStart?: Date): Listing<PayoutRow> {
  const query = db<PayoutRow>(PAYOUTS).where({ leaderboard_id: leaderboardId });
  if (periodStart) query.where({ period_start: periodStart });
  return listingOf(query.orderBy([{ column: 'period_start', order: 'desc' }, { column: 'rank' }, { column: 'id' }]));
}

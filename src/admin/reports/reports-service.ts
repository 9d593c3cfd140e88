import { ROLLUP_FIGURES, type RollupSums } from '../../records/report-tables';
import { isoInZone, quarterOf } from '../../reports/report-periods';
import { gameScopeOf } from '../core/roles';
import type { SessionUser } from '../core/session-user';
import type { Store } from '../unit-of-work';
import type { GamesService } from '../games/games-service';
import { granularityOf, reportPeriods, reportRange, type ReportQueryInput } from './report-query';
import type { Figures, GameReport, ReportSummary } from './reports-replies';
import { gameReportCsv, summaryCsv } from './reports-csv';

const NO_SUMS: RollupSums = Object.fromEntries(ROLLUP_FIGURES.map((figure) => [figure, 0n])) as RollupSums;

function plus(a: RollupSums, b: RollupSums): RollupSums {
  return Object.fromEntries(ROLLUP_FIGURES.map((figure) => [figure, a[figure] + b[figure]])) as RollupSums;
}

/** `part / whole × 100` of two exact sums, as a number (a percentage needs no more than a double's digits). */
const percent = (part: bigint, whole: bigint): number | null => (whole === 0n ? null : (Number(part) / Number(whole)) * 100);

/** SPEC §2.13's figures from a rollup's sums and a player count: money exact (BigInt), counts as numbers. */
export function figuresOf(sums: RollupSums, activePlayers: number): Figures {
  const ggr = sums.bets_amount - sums.wins_amount;
  const bets = sums.bets_amount;
  return {
    bets_count: Number(sums.bets_count), bets_amount: bets, wins_amount: sums.wins_amount, ggr,
    hold_pct: percent(ggr, bets),
    rtp_pct: percent(sums.wins_amount, bets),
    reserves_count: Number(sums.reserves_count), reserves_amount: sums.reserves_amount,
    cancels_count: Number(sums.cancels_count), cancels_amount: sums.cancels_amount,
    expiries_count: Number(sums.expiries_count), expiries_amount: sums.expiries_amount,
    topups_count: Number(sums.topups_count), topups_amount: sums.topups_amount,
    rewards_count: Number(sums.rewards_count), rewards_amount: sums.rewards_amount,
    closes_count: Number(sums.closes_count), closes_amount: sums.closes_amount,
    active_players: activePlayers,
  };
}

const pickSums = (row: RollupSums): RollupSums => Object.fromEntries(ROLLUP_FIGURES.map((figure) => [figure, row[figure]])) as RollupSums;
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * SPEC §2.13's reports: a game's figures per period, and every game's over a range, from the rollups
 * the sync keeps (O(periods) rows, whatever the ledger's size). Staff only; a moderator limited to
 * games reads those (the game report's scope is checked before the handler, the summary filters).
 */
export function createReportsService(store: Store<'reports'>, games: Pick<GamesService, 'mustFind'>, clock: () => number) {
  const reports = store.read.reports;
  const service = {
    async gameReport(gameId: number, input: ReportQueryInput): Promise<GameReport> {
      await games.mustFind(gameId);
      const range = reportRange(input, clock());
      const granularity = granularityOf(input.granularity);
      const periods = reportPeriods(range, granularity);
      const engineGame = String(gameId);
      const [sums, players] = await Promise.all([
        reports.periodSums(engineGame, periods, range.currency),
        reports.periodPlayers(engineGame, periods, range.currency),
      ]);
      const currencies = range.currency !== undefined ? [range.currency] : [...new Set([...sums.map((row) => row.currency), ...players.totals.keys()])].sort(byCode);
      const sumsAt = new Map(sums.map((row) => [`${row.period}:${row.currency}`, pickSums(row)]));
      const playersAt = new Map(players.periods.map((row) => [`${row.period}:${row.currency}`, row.players]));
      const totals = new Map(currencies.map((currency) => [currency, NO_SUMS]));
      const rows = periods.flatMap((period, index) => currencies.map((currency) => {
        const periodSums = sumsAt.get(`${index}:${currency}`) ?? NO_SUMS;
        totals.set(currency, plus(totals.get(currency)!, periodSums));
        return { start: isoInZone(period.labelMs, range.tz), currency, ...figuresOf(periodSums, playersAt.get(`${index}:${currency}`) ?? 0) };
      }));
      return {
        game_id: gameId, tz: range.tz, granularity, from: new Date(range.fromMs).toISOString(), to: new Date(range.toMs).toISOString(),
        periods: rows,
        totals: currencies.map((currency) => ({ currency, ...figuresOf(totals.get(currency)!, players.totals.get(currency) ?? 0) })),
      };
    },

    async summary(caller: SessionUser, input: Omit<ReportQueryInput, 'granularity'>): Promise<ReportSummary> {
      const range = reportRange(input, clock());
      const names = await reports.gameNames(gameScopeOf(caller));
      const ids = [...names.keys()];
      const whole = [{ fromQuarter: quarterOf(range.fromMs), toQuarter: quarterOf(range.toMs) }];
      const [sums, players] = await Promise.all([reports.gameSums(whole, ids, range.currency), reports.gamePlayers(whole, ids, range.currency)]);
      const playersOf = new Map(players.map((row) => [`${row.game_id}:${row.currency}`, row.players]));
      const keys = new Map<string, { game_id: string; currency: string; sums: RollupSums }>();
      for (const row of sums) keys.set(`${row.game_id}:${row.currency}`, { game_id: row.game_id, currency: row.currency, sums: pickSums(row) });
      for (const row of players) if (!keys.has(`${row.game_id}:${row.currency}`)) keys.set(`${row.game_id}:${row.currency}`, { game_id: row.game_id, currency: row.currency, sums: NO_SUMS });
      const gamesRows = [...keys.entries()]
        .map(([key, row]) => {
          const game = names.get(Number(row.game_id));
          return { game_id: Number(row.game_id), game_name: game?.name ?? '', deleted: game?.deleted ?? true, currency: row.currency, ...figuresOf(row.sums, playersOf.get(key) ?? 0) };
        })
        .sort((a, b) => a.game_id - b.game_id || byCode(a.currency, b.currency));
      const totals = new Map<string, { sums: RollupSums; players: number }>();
      for (const row of keys.values()) {
        const total = totals.get(row.currency) ?? { sums: NO_SUMS, players: 0 };
        // A user-game belongs to one game: the games' distinct players add up to the distinct user-games.
        totals.set(row.currency, { sums: plus(total.sums, row.sums), players: total.players + (playersOf.get(`${row.game_id}:${row.currency}`) ?? 0) });
      }
      return {
        tz: range.tz, from: new Date(range.fromMs).toISOString(), to: new Date(range.toMs).toISOString(),
        games: gamesRows,
        totals: [...totals.entries()].sort(([a], [b]) => byCode(a, b)).map(([currency, total]) => ({ currency, ...figuresOf(total.sums, total.players) })),
      };
    },

    /** The game report as CSV (`Accept: text/csv`): the same periods, money in major units. */
    async gameReportCsv(gameId: number, input: ReportQueryInput): Promise<CsvFile> {
      const report = await service.gameReport(gameId, input);
      return new CsvFile(`game-${gameId}-report.csv`, gameReportCsv(report, await reports.currencyExponents()));
    },

    async summaryCsv(caller: SessionUser, input: Omit<ReportQueryInput, 'granularity'>): Promise<CsvFile> {
      const summary = await service.summary(caller, input);
      return new CsvFile('games-summary.csv', summaryCsv(summary, await reports.currencyExponents()));
    },
  };
  return service;
}

/** A report as a CSV file: REST answers it as text/csv, to be saved under its name. */
export class CsvFile {
  constructor(readonly filename: string, readonly text: string) {}
}

export type ReportsService = ReturnType<typeof createReportsService>;

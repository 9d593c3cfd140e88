/**
 * SPEC §2.13's rollup tables (migration 20261203000100), declared once: the sync adds to them
 * (src/reports/report-rollups.ts), `reports rebuild` recomputes them, reconcile checks them and the
 * management API reads them (src/admin/reports).
 */
export const REPORT_ROLLUPS_TABLE = 'report_rollups';
export const REPORT_PLAYERS_TABLE = 'report_players';
export const REPORT_REBUILDS_TABLE = 'report_rebuilds';

/** A quarter hour: rollups are kept per quarter hour, so a report in any time zone (offsets are whole quarters) is exact. */
export const QUARTER_MS = 900_000;

/**
 * The UTC units a move is added to, each a row of its own, so that a long period reads few rows: a
 * period is its whole days, then its whole six-hour blocks, then its whole hours, then its quarters
 * (report-units.ts): a local day of a zone off UTC is about 13 rows instead of 27. `start` is in
 * quarters from the epoch, a multiple of the unit's length.
 */
export const REPORT_UNITS = [
  { unit: 0, quarters: 1, name: 'quarter' },
  { unit: 1, quarters: 4, name: 'hour' },
  { unit: 2, quarters: 24, name: 'six hours' },
  { unit: 3, quarters: 96, name: 'day' },
] as const;
export type ReportUnit = (typeof REPORT_UNITS)[number]['unit'];

/** The sums a rollup row keeps, in the table's column order. */
export const ROLLUP_FIGURES = [
  'reserves_count', 'reserves_amount', 'bets_count', 'bets_amount', 'wins_amount', 'cancels_count', 'cancels_amount',
  'expiries_count', 'expiries_amount', 'topups_count', 'topups_amount', 'rewards_count', 'rewards_amount',
  'closes_count', 'closes_amount',
] as const;
export type RollupFigure = (typeof ROLLUP_FIGURES)[number];
/** A rollup's sums, exact at any size (amounts are DECIMAL(30, 0): a day of 2^53-sized moves passes 2^63). */
export type RollupSums = Record<RollupFigure, bigint>;

import type { Figures, GameReport, ReportSummary } from './reports-replies';

/** The figures' columns, in the JSON reply's order; money (the BigInt sums) is written in major units. */
const FIGURE_COLUMNS: ReadonlyArray<keyof Figures> = [
  'bets_count', 'bets_amount', 'wins_amount', 'ggr', 'hold_pct', 'rtp_pct', 'reserves_count', 'reserves_amount', 'cancels_count', 'cancels_amount',
  'expiries_count', 'expiries_amount', 'topups_count', 'topups_amount', 'rewards_count', 'rewards_amount', 'closes_count', 'closes_amount', 'active_players',
];

/**
 * Minor units as a decimal in major units (`-12345`, exponent 2 → `-123.45`), exactly: integer
 * arithmetic on the digits of a BigInt (a number's own text turns to exponent form past 10^21).
 */
export function majorUnits(minor: bigint, exponent: number): string {
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return minor < 0n ? `-${whole}` : whole;
}

/**
 * A text cell (RFC 4180): quoted when it holds a comma, a quote or a line break; one that a
 * spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`, so a
 * game named `=HYPERLINK(…)` stays text in the admin's spreadsheet.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function figureCells(figures: Figures, exponent: number): string[] {
  return FIGURE_COLUMNS.map((column) => {
    const value = figures[column];
    if (value === null) return '';
    return typeof value === 'bigint' ? majorUnits(value, exponent) : String(value);
  });
}

const lines = (rows: string[][]) => `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;

/** The exponent of a currency: the known one, else 2. */
type Exponents = ReadonlyMap<string, number>;
const exponentOf = (exponents: Exponents, currency: string) => exponents.get(currency) ?? 2;

/** A game report's periods as CSV: a header line, then one line per period and currency. */
export function gameReportCsv(report: GameReport, exponents: Exponents): string {
  return lines([
    ['start', 'currency', ...FIGURE_COLUMNS],
    ...report.periods.map((period) => [textCell(period.start), textCell(period.currency), ...figureCells(period, exponentOf(exponents, period.currency))]),
  ]);
}

/** A summary's games as CSV: a header line, then one line per game and currency. */
export function summaryCsv(summary: ReportSummary, exponents: Exponents): string {
  return lines([
    ['game_id', 'game_name', 'deleted', 'currency', ...FIGURE_COLUMNS],
    ...summary.games.map((game) => [String(game.game_id), textCell(game.game_name), String(game.deleted), textCell(game.currency), ...figureCells(game, exponentOf(exponents, game.currency))]),
  ]);
}

/** Whether a request's Accept prefers CSV to JSON: by q-values, then order (the wildcards count for JSON). */
export function wantsCsv(accept: string | undefined): boolean {
  const ranges = (accept ?? '').split(',').map((part, index) => {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { type, quality: Number.isFinite(quality) ? quality : 0, index };
  });
  const best = (types: readonly string[]) => ranges.filter((range) => types.includes(range.type)).sort((a, b) => b.quality - a.quality || a.index - b.index)[0];
  const csv = best(['text/csv']);
  const json = best(['application/json', 'application/*', '*/*']);
  if (!csv || csv.quality <= 0) return false;
  return !json || csv.quality > json.quality || (csv.quality === json.quality && csv.index < json.index);
}

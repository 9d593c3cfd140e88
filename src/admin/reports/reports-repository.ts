import type { Knex } from 'knex';
import { inlineSql } from '../../db/inline-sql';
import { AppError } from '../../errors';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, ROLLUP_FIGURES, type RollupSums } from '../../records/report-tables';
import { insideRanges, lastAtOrBefore, unitRangesOf, unitRead, type UnitRanges } from '../../reports/report-units';
import { CURRENCIES } from '../currencies/currencies-repository';
import { GAMES } from '../games/games-repository';

/** Quarter-hour spans (`[fromQuarter, toQuarter)`): a report's periods, or its whole range. */
type Spans = ReadonlyArray<{ readonly fromQuarter: number; readonly toQuarter: number }>;

export type PeriodSums = RollupSums & { period: number; currency: string };
export interface PeriodPlayers {
  period: number;
  currency: string;
  players: number;
}
export type GameSums = RollupSums & { game_id: string; currency: string };
export interface GamePlayers {
  game_id: string;
  currency: string;
  players: number;
}

const SUMS = ROLLUP_FIGURES.map((figure) => `SUM(${figure}) AS ${figure}`).join(', ');

const currencyFilter = (currency: string | undefined): [string, Knex.RawBinding[]] => (currency === undefined ? ['', []] : [' AND currency = ?', [currency]]);

/** A row as the service reads it: ids and currencies (stored as bytes) as text, sums (DECIMAL text) as numbers. */
const numeric = <Row extends object>(rows: Row[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, TEXT_COLUMNS.has(key) ? String(value) : Number(value)])) as Row);
const TEXT_COLUMNS = new Set(['game_id', 'currency', 'user_id']);

/**
 * One SELECT per unit a range is made of (a summary's: at most two ranges a unit, its two edges), each
 * keeping exactly the rows of its ranges, their rows joined (`UNION ALL`, or `UNION` where the same row
 * must count once); written inline.
 */
function perUnit(range: Spans, select: (filter: string) => string, bindings: Knex.RawBinding[], join: 'UNION ALL' | 'UNION', table: string): string {
  const units = unitRangesOf(range);
  if (units.length === 0) return inlineSql(select('FALSE'), bindings);
  const exactly = ({ unit, ranges }: (typeof units)[number]) =>
    `${table}.unit = ${unit} AND (${ranges.map(([from, to]) => `${table}.start >= ${from} AND ${table}.start < ${to}`).join(' OR ')})`;
  return inlineSql(units.map((unit) => select(exactly(unit))).join(` ${join} `), units.flatMap(() => bindings));
}

/**
 * Runs a statement written inline (inlineSql: knex's placeholder rewriting costs more than MySQL does
 * on statements of thousands of literals); its rows.
 */
async function rowsOf<Row extends object>(db: Knex, sql: string): Promise<Row[]> {
  const [rows] = (await db.raw(sql)) as [Row[]];
  return numeric(rows);
}

/** The most rollup rows one report reads into the process (a busy game's players over years): past it, a 400. */
const MAX_ROWS_READ = 1_000_000;

/** A unit row as MySQL answers it: numbers for the integer columns, bytes for ids and currencies. */
type RawRow = Record<string, number | Buffer> & { unit: number; start: number; currency: Buffer };

/**
 * The unit rows that make up these spans (report-units.ts), read per unit in one statement, and each
 * one inside its unit's ranges handed to `take` with the index of its span (binary searches in JS: a
 * year's report reads a few thousand short rows, cheaper than MySQL parsing a list of thousands).
 */
async function eachRowInSpans(db: Knex, spans: Spans, select: (read: string) => string, bindings: readonly Knex.RawBinding[], take: (row: RawRow, span: number) => void): Promise<void> {
  const units = unitRangesOf(spans);
  if (units.length === 0) return;
  const unitReads = inlineSql(units.map((unit) => `(${select(unitRead(unit))})`).join(' UNION ALL '), units.flatMap(() => bindings));
  const [rows] = (await db.raw(`SELECT * FROM (${unitReads}) AS unit_rows LIMIT ${MAX_ROWS_READ + 1}`)) as [RawRow[]];
  if (rows.length > MAX_ROWS_READ) {
    throw new AppError('BAD_REQUEST', `from: this range holds more than ${MAX_ROWS_READ.toLocaleString('en-US')} of this game's rollup rows: choose a shorter range or a coarser granularity`, {
      errors: [{ path: 'from', message: `the range holds more than ${MAX_ROWS_READ.toLocaleString('en-US')} of the game's rollup rows: choose a shorter range or a coarser granularity` }],
    });
  }
  const ranges = new Map<number, { ranges: UnitRanges['ranges']; froms: number[] }>(units.map((unit) => [unit.unit, { ranges: unit.ranges, froms: unit.ranges.map(([from]) => from) }]));
  const starts = spans.map((span) => span.fromQuarter);
  for (const row of rows) {
    const unit = ranges.get(row.unit)!;
    if (insideRanges(unit.ranges, row.start, unit.froms)) take(row, lastAtOrBefore(starts, row.start));
  }
}

/** One game's sums per period and currency (only the pairs that have moves). */
export async function periodSums(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<PeriodSums[]> {
  const [filter, bindings] = currencyFilter(currency);
  const sums = new Map<string, PeriodSums>();
  await eachRowInSpans(db, periods, (read) => `SELECT unit, start, currency, ${ROLLUP_FIGURES.join(', ')} FROM ${REPORT_ROLLUPS_TABLE} WHERE game_id = ? AND ${read}${filter}`, [gameId, ...bindings], (row, period) => {
    const code = row.currency.toString();
    const key = `${period}\n${code}`;
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { period, currency: code, ...NO_SUMS }));
    for (const figure of ROLLUP_FIGURES) sum[figure] += Number(row[figure]);
  });
  return [...sums.values()];
}

const NO_SUMS = Object.fromEntries(ROLLUP_FIGURES.map((figure) => [figure, 0])) as RollupSums;

/**
 * One game's distinct players with a confirmed round, per period and currency, and over all the
 * periods per currency. A player in several unit rows of a period (an hour and a quarter) is one.
 */
export async function periodPlayers(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<{ periods: PeriodPlayers[]; totals: Map<string, number> }> {
  const [filter, bindings] = currencyFilter(currency);
  const perPeriod = new Map<string, { period: number; currency: string; users: Set<string> }>();
  const perCurrency = new Map<string, Set<string>>();
  await eachRowInSpans(db, periods, (read) => `SELECT unit, start, currency, user_id FROM ${REPORT_PLAYERS_TABLE} WHERE game_id = ? AND ${read}${filter}`, [gameId, ...bindings], (row, period) => {
    const code = row.currency.toString();
    const user = (row.user_id as Buffer).toString();
    const key = `${period}\n${code}`;
    let entry = perPeriod.get(key);
    if (!entry) perPeriod.set(key, (entry = { period, currency: code, users: new Set() }));
    entry.users.add(user);
    let all = perCurrency.get(code);
    if (!all) perCurrency.set(code, (all = new Set()));
    all.add(user);
  });
  return {
    periods: [...perPeriod.values()].map(({ period, currency: code, users }) => ({ period, currency: code, players: users.size })),
    totals: new Map([...perCurrency].map(([code, users]) => [code, users.size])),
  };
}

/** Which games a summary reads (their ids as the engine's game ids; ids are integers, written inline). */
const gamesFilter = (games: readonly number[], table: string): string =>
  `${table}.game_id IN (${games.map((id) => `'${Math.trunc(Number(id))}'`).join(', ') || "''"})`;

/** These games' sums over the range per currency. */
export async function gameSums(db: Knex, range: Spans, within: readonly number[], currency?: string): Promise<GameSums[]> {
  const [filter, bindings] = currencyFilter(currency);
  const units = perUnit(range, (unit) => `SELECT game_id, currency, ${SUMS} FROM ${REPORT_ROLLUPS_TABLE} AS r
    WHERE ${unit} AND ${gamesFilter(within, 'r')}${filter} GROUP BY game_id, currency`, bindings, 'UNION ALL', 'r');
  return rowsOf(db, `SELECT game_id, currency, ${SUMS} FROM (${units}) AS per_unit GROUP BY game_id, currency`);
}

/** These games' distinct players over the range per currency. */
export async function gamePlayers(db: Knex, range: Spans, within: readonly number[], currency?: string): Promise<GamePlayers[]> {
  const [filter, bindings] = currencyFilter(currency);
  const units = perUnit(range, (unit) => `SELECT DISTINCT game_id, currency, user_id FROM ${REPORT_PLAYERS_TABLE} AS p
    WHERE ${unit} AND ${gamesFilter(within, 'p')}${filter}`, bindings, 'UNION', 'p');
  return rowsOf(db, `SELECT game_id, currency, COUNT(*) AS players FROM (${units}) AS distinct_players GROUP BY game_id, currency`);
}

/** The games a summary covers, id → name: every game, or those of a scope. */
export async function gameNames(db: Knex, within: readonly number[] | null): Promise<Map<number, string>> {
  const query = db(GAMES).select('id', 'name');
  const rows = (await (within === null ? query : query.whereIn('id', within))) as Array<{ id: number; name: string }>;
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** Each known currency's exponent (CSV writes money in major units). */
export async function currencyExponents(db: Knex): Promise<Map<string, number>> {
  const rows = (await db(CURRENCIES).select('code', 'exponent')) as Array<{ code: string; exponent: number }>;
  return new Map(rows.map((row) => [row.code, Number(row.exponent)]));
}

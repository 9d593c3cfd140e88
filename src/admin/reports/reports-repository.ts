import type { Knex } from 'knex';
import { inlineSql } from '../../db/inline-sql';
import { AppError } from '../../errors';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, ROLLUP_FIGURES, type RollupSums } from '../../records/report-tables';
import { insideRanges, lastAtOrBefore, unitRangesOf, unitRead, type UnitRanges } from '../../reports/report-units';
import { CURRENCIES } from '../currencies/currencies-repository';
import { GAMES } from '../games/games-repository';
import { AUDIT_LOG } from '../audit/audit-repository';

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

/**
 * A row as the service reads it: ids and currencies (stored as bytes) as text, the figures' sums
 * (DECIMAL text, any size) as exact BigInts, anything else (a count of players) as a number; NULL stays null.
 */
const typed = <Row extends object>(rows: Row[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : TEXT_COLUMNS.has(key) ? String(value) : FIGURES.has(key) ? BigInt(value) : Number(value)])) as Row);
const TEXT_COLUMNS = new Set(['game_id', 'currency', 'user_id']);
const FIGURES = new Set<string>(ROLLUP_FIGURES);

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
  return typed(rows);
}

/**
 * The most rollup rows one report reads into the process. A rollup row is a (unit, currency) of a
 * period, so a report of 1,000 periods reads about 13,000 per currency: this only stops a game with
 * hundreds of currencies from holding more.
 */
const MAX_ROWS_READ = 200_000;

/** A unit row as MySQL answers it: numbers for the integer columns, bytes for ids and currencies, DECIMAL sums as text. */
type RawRow = Record<string, number | string | Buffer> & { unit: number; start: number; currency: Buffer };

/**
 * The rollup rows that make up these spans (report-units.ts), read per unit in one statement, and each
 * one inside its unit's ranges handed to `take` with the index of its span (binary searches in JS: a
 * year's report reads a few thousand short rows, cheaper than MySQL parsing a list of thousands).
 */
async function eachRowInSpans(db: Knex, spans: Spans, select: (read: string) => string, bindings: readonly Knex.RawBinding[], take: (row: RawRow, span: number) => void): Promise<void> {
  const units = unitRangesOf(spans);
  if (units.length === 0) return;
  const unitReads = inlineSql(units.map((unit) => `(${select(unitRead(unit))})`).join(' UNION ALL '), units.flatMap(() => bindings));
  const [rows] = (await db.raw(`SELECT * FROM (${unitReads}) AS unit_rows LIMIT ${MAX_ROWS_READ + 1}`)) as [RawRow[]];
  if (rows.length > MAX_ROWS_READ) {
    throw new AppError('BAD_REQUEST', `currency: this game holds more than ${MAX_ROWS_READ.toLocaleString('en-US')} rollup rows over the range: name one currency`, {
      errors: [{ path: 'currency', message: `the range holds more than ${MAX_ROWS_READ.toLocaleString('en-US')} of the game's rollup rows: name one currency` }],
    });
  }
  const ranges = new Map<number, { ranges: UnitRanges['ranges']; froms: number[] }>(units.map((unit) => [unit.unit, { ranges: unit.ranges, froms: unit.ranges.map(([from]) => from) }]));
  const starts = spans.map((span) => span.fromQuarter);
  for (const row of rows) {
    const unit = ranges.get(row.unit)!;
    if (insideRanges(unit.ranges, row.start, unit.froms)) take(row, lastAtOrBefore(starts, row.start));
  }
}

/** One game's sums per period and currency (only the pairs that have moves), exact at any size. */
export async function periodSums(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<PeriodSums[]> {
  const [filter, bindings] = currencyFilter(currency);
  const sums = new Map<string, PeriodSums>();
  await eachRowInSpans(db, periods, (read) => `SELECT unit, start, currency, ${ROLLUP_FIGURES.join(', ')} FROM ${REPORT_ROLLUPS_TABLE} WHERE game_id = ? AND ${read}${filter}`, [gameId, ...bindings], (row, period) => {
    const code = row.currency.toString();
    const key = `${period}\n${code}`;
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { period, currency: code, ...NO_SUMS }));
    for (const figure of ROLLUP_FIGURES) sum[figure] += BigInt(row[figure] as number | string);
  });
  return [...sums.values()];
}

const NO_SUMS = Object.fromEntries(ROLLUP_FIGURES.map((figure) => [figure, 0n])) as RollupSums;

/**
 * One game's distinct players with a confirmed round, per period and currency, and over all the
 * periods per currency, counted by MySQL: the process receives a row per period and currency, never
 * the players (SPEC §1.6, §2.13). A player in several unit rows of a period (an hour and a quarter) is
 * one: each row is read once, exactly inside its unit's ranges, and `INTERVAL` (a binary search over
 * the periods' starts) names its period. `WITH ROLLUP` adds each currency's count over every period.
 */
export async function periodPlayers(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<{ periods: PeriodPlayers[]; totals: Map<string, number> }> {
  if (periods.length === 0) return { periods: [], totals: new Map() };
  const [filter, bindings] = currencyFilter(currency);
  const starts = periods.map((period) => Math.trunc(period.fromQuarter)).join(', ');
  const rows = perUnit(periods, (unit) => `SELECT INTERVAL(p.start, ${starts}) - 1 AS period, p.currency, p.user_id FROM ${REPORT_PLAYERS_TABLE} AS p
    WHERE p.game_id = ? AND ${unit}${filter}`, [gameId, ...bindings], 'UNION ALL', 'p');
  const counted = await rowsOf<{ currency: string | null; period: number | null; players: number }>(db,
    `SELECT currency, period, COUNT(DISTINCT user_id) AS players FROM (${rows}) AS unit_rows GROUP BY currency, period WITH ROLLUP`);
  const result = { periods: [] as PeriodPlayers[], totals: new Map<string, number>() };
  for (const row of counted) {
    if (row.currency === null) continue; // the grand total: players of different currencies are not summed
    if (row.period === null) result.totals.set(row.currency, row.players);
    else result.periods.push({ period: row.period, currency: row.currency, players: row.players });
  }
  return result;
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

/** A game a summary covers: its name, and whether it was deleted (its moves stay in the reports). */
export interface ReportedGame {
  readonly name: string;
  readonly deleted: boolean;
}

/**
 * The games a summary covers, id → name: every game, or those of a scope, and the deleted ones among
 * them (SPEC §2.13: their moves happened), named as their deletion's audit entry names them.
 */
export async function gameNames(db: Knex, within: readonly number[] | null): Promise<Map<number, ReportedGame>> {
  const live = db(GAMES).select('id', 'name');
  const deleted = db(AUDIT_LOG).where({ action: 'game.delete' }).select({ id: 'target_id', name: db.raw("JSON_VALUE(changes, '$.name[0]')") });
  const [liveRows, deletedRows] = (await Promise.all([
    within === null ? live : live.whereIn('id', within),
    within === null ? deleted : deleted.whereIn('target_id', within.map(String)),
  ])) as Array<Array<{ id: number | string; name: string | null }>>;
  const games = new Map<number, ReportedGame>();
  for (const row of deletedRows!) games.set(Number(row.id), { name: row.name ?? '', deleted: true });
  for (const row of liveRows!) games.set(Number(row.id), { name: row.name ?? '', deleted: false });
  return games;
}

/** Each known currency's exponent (CSV writes money in major units). */
export async function currencyExponents(db: Knex): Promise<Map<string, number>> {
  const rows = (await db(CURRENCIES).select('code', 'exponent')) as Array<{ code: string; exponent: number }>;
  return new Map(rows.map((row) => [row.code, Number(row.exponent)]));
}

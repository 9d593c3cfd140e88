import type { Knex } from 'knex';
import { inlineSql } from '../../db/inline-sql';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, ROLLUP_FIGURES, type RollupSums } from '../../records/report-tables';
import { unitFilter, unitRangesOf } from '../../reports/report-units';
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

const SUMS = ROLLUP_FIGURES.map((figure) => `CAST(SUM(${figure}) AS SIGNED) AS ${figure}`).join(', ');

/** The period a unit row falls in: MySQL's INTERVAL() is a binary search over the periods' starts (after the first). */
function periodOf(periods: Spans): string {
  return periods.length > 1 ? `INTERVAL(start, ${periods.slice(1).map((period) => period.fromQuarter).join(', ')})` : '0';
}

const currencyFilter = (currency: string | undefined): [string, Knex.RawBinding[]] => (currency === undefined ? ['', []] : [' AND currency = ?', [currency]]);

/** A row as the service reads it: ids and currencies (stored as bytes) as text, sums (DECIMAL text) as numbers. */
const numeric = <Row extends object>(rows: Row[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, TEXT_COLUMNS.has(key) ? String(value) : Number(value)])) as Row);
const TEXT_COLUMNS = new Set(['game_id', 'currency', 'user_id']);

/**
 * One SELECT per unit the spans are made of, each its own plan (report-units.ts), their rows joined
 * (`UNION ALL`, or `UNION` where the same row must count once), with the bindings of each.
 */
function perUnit(spans: Spans, select: (filter: string) => string, bindings: Knex.RawBinding[], join: 'UNION ALL' | 'UNION', table = ''): string {
  const units = unitRangesOf(spans);
  if (units.length === 0) return inlineSql(select('FALSE'), bindings);
  return inlineSql(units.map((unit) => select(unitFilter(unit, table))).join(` ${join} `), units.flatMap(() => bindings));
}

/**
 * Runs a statement written inline (inlineSql: knex's placeholder rewriting costs more than MySQL does
 * on statements of thousands of literals); its rows.
 */
async function rowsOf<Row extends object>(db: Knex, sql: string): Promise<Row[]> {
  const [rows] = (await db.raw(sql)) as [Row[]];
  return numeric(rows);
}

/** One game's sums per period and currency (only the pairs that have moves), read from the unit rows that make up the periods. */
export async function periodSums(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<PeriodSums[]> {
  const [filter, bindings] = currencyFilter(currency);
  const units = perUnit(periods, (unit) => `SELECT ${periodOf(periods)} AS period, currency, ${SUMS} FROM ${REPORT_ROLLUPS_TABLE}
    WHERE game_id = ? AND ${unit}${filter} GROUP BY period, currency`, [gameId, ...bindings], 'UNION ALL');
  return rowsOf(db, `SELECT period, currency, ${SUMS} FROM (${units}) AS per_unit GROUP BY period, currency`);
}

/**
 * One game's distinct players with a confirmed round, per period and currency. A player counted in
 * several unit rows of one period (an hour and a quarter) is one player. (COUNT(DISTINCT) over the
 * binary collation is several times slower in MariaDB than a DISTINCT list counted.)
 */
export async function periodPlayers(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<PeriodPlayers[]> {
  const [filter, bindings] = currencyFilter(currency);
  const units = perUnit(periods, (unit) => `SELECT DISTINCT ${periodOf(periods)} AS period, currency, user_id FROM ${REPORT_PLAYERS_TABLE}
    WHERE game_id = ? AND ${unit}${filter}`, [gameId, ...bindings], 'UNION');
  return rowsOf(db, `SELECT period, currency, COUNT(*) AS players FROM (${units}) AS distinct_players GROUP BY period, currency`);
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

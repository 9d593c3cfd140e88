import type { Knex } from 'knex';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, ROLLUP_FIGURES, type RollupSums } from '../../records/report-tables';
import { unitCondition, unitRangesOf } from '../../reports/report-units';
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

const numeric = <Row extends object>(rows: Row[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && key !== 'currency' && key !== 'game_id' ? Number(value) : value])) as Row);

/** One game's sums per period and currency (only the pairs that have moves), read from the unit rows that make up the periods. */
export async function periodSums(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<PeriodSums[]> {
  const [filter, bindings] = currencyFilter(currency);
  const [rows] = (await db.raw(`SELECT ${periodOf(periods)} AS period, currency, ${SUMS} FROM ${REPORT_ROLLUPS_TABLE}
    WHERE game_id = ? AND ${unitCondition(unitRangesOf(periods))}${filter} GROUP BY period, currency`, [gameId, ...bindings])) as [PeriodSums[]];
  return numeric(rows);
}

/**
 * One game's distinct players with a confirmed round, per period and currency. A player counted in
 * several unit rows of one period (an hour and a quarter) is one player.
 */
export async function periodPlayers(db: Knex, gameId: string, periods: Spans, currency?: string): Promise<PeriodPlayers[]> {
  const [filter, bindings] = currencyFilter(currency);
  const [rows] = (await db.raw(`SELECT ${periodOf(periods)} AS period, currency, COUNT(DISTINCT user_id) AS players FROM ${REPORT_PLAYERS_TABLE}
    WHERE game_id = ? AND ${unitCondition(unitRangesOf(periods))}${filter} GROUP BY period, currency`, [gameId, ...bindings])) as [PeriodPlayers[]];
  return numeric(rows);
}

/** Which games a summary reads (their ids as the engine's game ids; ids are integers, written inline). */
const gamesFilter = (games: readonly number[], table: string): string =>
  `${table}.game_id IN (${games.map((id) => `'${Math.trunc(Number(id))}'`).join(', ') || "''"})`;

/** These games' sums over the range per currency. */
export async function gameSums(db: Knex, range: Spans, within: readonly number[], currency?: string): Promise<GameSums[]> {
  const [filter, bindings] = currencyFilter(currency);
  const [rows] = (await db.raw(`SELECT game_id, currency, ${SUMS} FROM ${REPORT_ROLLUPS_TABLE} AS r
    WHERE ${unitCondition(unitRangesOf(range), 'r')} AND ${gamesFilter(within, 'r')}${filter} GROUP BY game_id, currency`, bindings)) as [GameSums[]];
  return numeric(rows);
}

/** These games' distinct players over the range per currency. */
export async function gamePlayers(db: Knex, range: Spans, within: readonly number[], currency?: string): Promise<GamePlayers[]> {
  const [filter, bindings] = currencyFilter(currency);
  const [rows] = (await db.raw(`SELECT game_id, currency, COUNT(DISTINCT user_id) AS players FROM ${REPORT_PLAYERS_TABLE} AS p
    WHERE ${unitCondition(unitRangesOf(range), 'p')} AND ${gamesFilter(within, 'p')}${filter} GROUP BY game_id, currency`, bindings)) as [GamePlayers[]];
  return numeric(rows);
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

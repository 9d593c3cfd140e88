import type { Knex } from 'knex';
import { LEDGER_TABLE, REWARD_KEY_PREFIX } from '../records/ledger-tables';
import { QUARTER_MS, REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, REPORT_UNITS, ROLLUP_FIGURES, type RollupFigure } from '../records/report-tables';
import type { OutboxKind } from '../redis/shared-layouts';
import type { OutboxEvent } from '../sync/outbox-event';
import { inlineSql } from '../db/inline-sql';
import { INCOMING, insertFromIncoming } from '../db/upsert';

/**
 * What each figure adds up (SPEC §2.13), once: the moves of a kind (top-ups split by whether their key
 * is a period reward's), counted or summed by amount or win. The sync adds a batch's events by these
 * rules in JS; the rebuild and reconcile's check add ledger rows by the same rules in SQL.
 */
const FIGURE_RULES: Readonly<Record<RollupFigure, { readonly kind: OutboxKind; readonly reward?: boolean; readonly value: 'count' | 'amount' | 'win' }>> = {
  reserves_count: { kind: 'reserve', value: 'count' },
  reserves_amount: { kind: 'reserve', value: 'amount' },
  bets_count: { kind: 'confirm', value: 'count' },
  bets_amount: { kind: 'confirm', value: 'amount' },
  wins_amount: { kind: 'confirm', value: 'win' },
  cancels_count: { kind: 'cancel', value: 'count' },
  cancels_amount: { kind: 'cancel', value: 'amount' },
  expiries_count: { kind: 'expire', value: 'count' },
  expiries_amount: { kind: 'expire', value: 'amount' },
  topups_count: { kind: 'topup', reward: false, value: 'count' },
  topups_amount: { kind: 'topup', reward: false, value: 'amount' },
  rewards_count: { kind: 'topup', reward: true, value: 'count' },
  rewards_amount: { kind: 'topup', reward: true, value: 'amount' },
  closes_count: { kind: 'close', value: 'count' },
  closes_amount: { kind: 'close', value: 'amount' },
};
/** The move whose confirmed round makes a player active. */
const PLAYING_KIND: OutboxKind = 'confirm';

// In SQL, over ledger rows.

/** A ledger row's quarter hour from the epoch (created_at is UTC: db/knex-factory.ts; plain DATETIME arithmetic, no session zone). */
const QUARTER_OF_MOVE = `FLOOR(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', created_at) / ${QUARTER_MS * 1000})`;
const IS_REWARD = `COALESCE(request_id, '') LIKE '${REWARD_KEY_PREFIX}%'`;
const SQL_VALUES = { count: '1', amount: 'amount', win: 'win_amount' } as const;

function figureSql(figure: RollupFigure): string {
  const rule = FIGURE_RULES[figure];
  const reward = rule.reward === undefined ? '' : ` AND ${rule.reward ? '' : 'NOT '}${IS_REWARD}`;
  return `SUM(IF(kind = '${rule.kind}'${reward}, ${SQL_VALUES[rule.value]}, 0))`;
}

const UNITS_TABLE = REPORT_UNITS.map(({ unit, quarters }, i) => (i === 0 ? `SELECT ${unit} AS unit, ${quarters} AS quarters` : `SELECT ${unit}, ${quarters}`)).join(' UNION ALL ');

/** Ledger rows chosen by a condition on `ledger_entries` (`seq BETWEEN ? AND ?`, `id BETWEEN ? AND ?`), with their bindings. */
export interface MoveSelection {
  readonly where: string;
  readonly bindings: readonly Knex.RawBinding[];
}

const movesOf = (selection: MoveSelection, columns: string) =>
  `(SELECT ${columns}, ${QUARTER_OF_MOVE} AS q FROM ${LEDGER_TABLE} WHERE ${selection.where}) AS moves CROSS JOIN (${UNITS_TABLE}) AS units`;

/** The rollup rows of the selected moves, in every unit: `SELECT game_id, currency, unit, start, …figures` (grouped, not ordered). */
export function rollupsOfMoves(selection: MoveSelection): [string, readonly Knex.RawBinding[]] {
  const figures = ROLLUP_FIGURES.map((figure) => `${figureSql(figure)} AS ${figure}`).join(', ');
  return [`SELECT game_id, currency, units.unit AS unit, FLOOR(q / units.quarters) * units.quarters AS start, ${figures}
    FROM ${movesOf(selection, 'game_id, currency, kind, amount, win_amount, request_id')}
    GROUP BY game_id, currency, units.unit, start`, selection.bindings];
}

/** The players rows of the selected moves: one per (game, currency, unit, start, user) with a confirmed round. */
export function playersOfMoves(selection: MoveSelection): [string, readonly Knex.RawBinding[]] {
  return [`SELECT DISTINCT game_id, currency, units.unit AS unit, FLOOR(q / units.quarters) * units.quarters AS start, user_id
    FROM ${movesOf({ where: `(${selection.where}) AND kind = '${PLAYING_KIND}'`, bindings: selection.bindings }, 'game_id, currency, user_id')}`, selection.bindings];
}

// In JS, over a batch's events (the same rules).

const isReward = (event: OutboxEvent) => event.kind === 'topup' && (event.requestId ?? '').startsWith(REWARD_KEY_PREFIX);
/** Exact whatever their sum (a day's amounts can pass 2^53): BigInt. */
const EVENT_VALUES = { count: () => 1n, amount: (e: OutboxEvent) => BigInt(e.amount), win: (e: OutboxEvent) => BigInt(e.winAmount) } as const;

/** The figures (in ROLLUP_FIGURES order) one event adds. */
function figuresOfEvent(event: OutboxEvent): bigint[] {
  const figures = new Array<bigint>(ROLLUP_FIGURES.length);
  for (let i = 0; i < ROLLUP_FIGURES.length; i += 1) {
    const rule = FIGURE_RULES[ROLLUP_FIGURES[i]!];
    const applies = event.kind === rule.kind && (rule.reward === undefined || isReward(event) === rule.reward);
    figures[i] = applies ? EVENT_VALUES[rule.value](event) : 0n;
  }
  return figures;
}

/** Rows by key, in key order (concurrent writers lock shared rows in one order, so never in a cycle). */
const inKeyOrder = (rows: Map<string, unknown[]>): unknown[][] => [...rows.keys()].sort().map((key) => rows.get(key)!);

/** The unit rows (key, then the figures in ROLLUP_FIGURES order) the events add to, in key order. */
export function rollupsOfEvents(events: readonly OutboxEvent[]): unknown[][] {
  const rows = new Map<string, unknown[]>();
  for (const event of events) {
    const quarter = Math.floor(event.atMs / QUARTER_MS);
    const figures = figuresOfEvent(event);
    for (const { unit, quarters } of REPORT_UNITS) {
      const start = Math.floor(quarter / quarters) * quarters;
      const key = `${event.gameId}\n${unit}\n${start}\n${event.currency}`;
      const row = rows.get(key);
      if (row) for (let i = 0; i < figures.length; i += 1) (row[4 + i] as bigint) += figures[i]!;
      else rows.set(key, [event.gameId, event.currency, unit, start, ...figures]);
    }
  }
  return inKeyOrder(rows);
}

/** The players rows the events make (one per game, currency, unit, start and user with a confirmed round), in key order. */
export function playersOfEvents(events: readonly OutboxEvent[]): unknown[][] {
  const rows = new Map<string, unknown[]>();
  for (const event of events) {
    if (event.kind !== PLAYING_KIND) continue;
    const quarter = Math.floor(event.atMs / QUARTER_MS);
    for (const { unit, quarters } of REPORT_UNITS) {
      const start = Math.floor(quarter / quarters) * quarters;
      rows.set(`${event.gameId}\n${unit}\n${start}\n${event.currency}\n${event.userId}`, [event.gameId, event.currency, unit, start, event.userId]);
    }
  }
  return inKeyOrder(rows);
}

// The writes.

const ROLLUP_COLUMNS = ['game_id', 'currency', 'unit', 'start', ...ROLLUP_FIGURES] as const;
const PLAYER_COLUMNS = ['game_id', 'currency', 'unit', 'start', 'user_id'] as const;
const ADD_FIGURES = ROLLUP_FIGURES.map((figure) => `${figure} = ${REPORT_ROLLUPS_TABLE}.${figure} + ${INCOMING}.${figure}`).join(', ');
const KEEP_PLAYER = `ON DUPLICATE KEY UPDATE user_id = ${REPORT_PLAYERS_TABLE}.user_id`;

/**
 * The players rows of a batch's events, in the caller's transaction. Inserted once (a row that is
 * there stays as it is), so a repeated event adds nothing and this may run before the sync knows which
 * events are new: before it takes the ledger's sequence counter, outside the stretch batches take
 * one after another.
 */
export async function addEventPlayers(trx: Knex, events: readonly OutboxEvent[]): Promise<void> {
  const players = playersOfEvents(events);
  if (players.length === 0) return;
  const row = `(${PLAYER_COLUMNS.map(() => '?').join(', ')})`;
  await trx.raw(`${inlineSql(`INSERT INTO ${REPORT_PLAYERS_TABLE} (${PLAYER_COLUMNS.join(', ')}) VALUES ${players.map(() => row).join(', ')}`, players.flat())} ${KEEP_PLAYER}`);
}

/** Adds the sums of a batch's events, every one of them new to the ledger, in the caller's transaction. */
export async function addEventSums(trx: Knex, events: readonly OutboxEvent[]): Promise<void> {
  const rollups = rollupsOfEvents(events);
  if (rollups.length > 0) await trx.raw(`${inlineSql(...insertFromIncoming(REPORT_ROLLUPS_TABLE, ROLLUP_COLUMNS, rollups))} ON DUPLICATE KEY UPDATE ${ADD_FIGURES}`);
}

/** Adds the sums of ledger rows chosen in SQL (the rows a batch's insert just made), in the caller's transaction. */
export async function addRowSums(trx: Knex, rows: MoveSelection): Promise<void> {
  const [rollups, bindings] = rollupsOfMoves(rows);
  await trx.raw(`INSERT INTO ${REPORT_ROLLUPS_TABLE} (${ROLLUP_COLUMNS.join(', ')}) SELECT * FROM (${rollups}) AS ${INCOMING} ON DUPLICATE KEY UPDATE ${ADD_FIGURES}`, [...bindings]);
}

/**
 * Adds ledger rows chosen in SQL to the rollups, sums and players (`reports rebuild`: a range of
 * ledger ids), in the caller's transaction.
 */
export async function addRowsToRollups(trx: Knex, rows: MoveSelection): Promise<void> {
  await addRowSums(trx, rows);
  const [players, bindings] = playersOfMoves(rows);
  await trx.raw(`INSERT INTO ${REPORT_PLAYERS_TABLE} (${PLAYER_COLUMNS.join(', ')}) SELECT * FROM (${players}) AS ${INCOMING} ${KEEP_PLAYER}`, [...bindings]);
}

/** Every game's all-time sums per currency from the ledger itself: `SELECT game_id, currency, …figures` (reconcile's check of what the API prints). */
export function totalsOfLedger(): string {
  return `SELECT game_id, currency, ${ROLLUP_FIGURES.map((figure) => `${figureSql(figure)} AS ${figure}`).join(', ')} FROM ${LEDGER_TABLE} GROUP BY game_id, currency`;
}

import type { Knex } from 'knex';
import { inlineSql } from '../db/inline-sql';
import { insertFromIncoming } from '../db/upsert';
import type { OutboxEvent } from './outbox-event';

export const LEDGER_TABLE = 'ledger_entries';
export const TRANSACTIONS_TABLE = 'transactions';

export interface LedgerRow {
  id: number;
  event_id: string;
  kind: OutboxEvent['kind'];
  user_id: string;
  game_id: string;
  currency: string;
  amount: number;
  win_amount: number;
  available_balance: number;
  reserved_balance: number;
  transaction_id: string | null;
  round_id: string | null;
  request_id: string | null;
  topup_id: number | null;
  comment: string | null;
  created_at: Date;
}

const LEDGER_COLUMNS = [
  'seq', 'event_id', 'stream_ms', 'stream_seq', 'kind', 'user_id', 'game_id', 'currency', 'amount', 'win_amount', 'available_balance',
  'reserved_balance', 'transaction_id', 'round_id', 'request_id', 'request_round_id', 'topup_id', 'comment', 'created_at',
] as const;

function ledgerValues(event: OutboxEvent, seq: number): unknown[] {
  const dash = event.streamId.indexOf('-');
  return [
    seq, event.eventId, event.streamId.slice(0, dash), event.streamId.slice(dash + 1), event.kind, event.userId, event.gameId,
    event.currency, event.amount, event.winAmount, event.availableBalance, event.reservedBalance, event.transactionId,
    event.roundId, event.requestId, event.requestRoundId, event.topupId, event.comment, new Date(event.atMs),
  ];
}

const TRANSACTION_COLUMNS = [
  'transaction_id', 'user_id', 'game_id', 'currency', 'round_id', 'amount', 'win_amount', 'status', 'reason',
  'reserve_request_id', 'created_at', 'settled_at',
] as const;

const STATUS_AFTER = { reserve: 'reserved', confirm: 'confirmed', cancel: 'canceled', expire: 'canceled' } as const;

function transactionValues(event: OutboxEvent): unknown[] {
  const status = STATUS_AFTER[event.kind as keyof typeof STATUS_AFTER];
  const at = new Date(event.atMs);
  return [
    event.transactionId, event.userId, event.gameId, event.currency, event.roundId ?? '', event.amount, event.winAmount, status,
    status === 'canceled' ? event.comment : null,
    status === 'reserved' ? event.requestId : null,
    at, // a settlement applied before its reserve leaves a placeholder the reserve corrects
    status === 'reserved' ? null : at,
  ];
}

/**
 * One row per transaction: a batch holding its reserve and its settlement sends the settled row with
 * the reserve's creation time and request_id (half the rows for the upsert to write).
 */
function transactionRows(events: readonly OutboxEvent[]): unknown[][] {
  const rows = new Map<string, unknown[]>();
  const createdAt = TRANSACTION_COLUMNS.indexOf('created_at');
  const requestId = TRANSACTION_COLUMNS.indexOf('reserve_request_id');
  for (const event of events) {
    if (event.transactionId === null) continue;
    const row = transactionValues(event);
    const reserve = event.kind === 'reserve' ? row : rows.get(event.transactionId);
    const settlement = event.kind === 'reserve' ? rows.get(event.transactionId) : row;
    if (reserve && settlement && reserve !== settlement) {
      settlement[createdAt] = reserve[createdAt];
      settlement[requestId] = reserve[requestId];
    }
    rows.set(event.transactionId, settlement ?? row);
  }
  return [...rows.values()];
}

/** `INSERT INTO t (cols) VALUES (?, …), …` for `rows` rows, and its bindings. */
function multiRowInsert(table: string, columns: readonly string[], rows: unknown[][]): [string, unknown[]] {
  const row = `(${columns.map(() => '?').join(', ')})`;
  return [`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => row).join(', ')}`, rows.flat()];
}

// MySQL evaluates these left to right and `status` last, so each IF still sees the stored status
// (`transactions.col` is the stored value, `incoming.col` the new one; see db/upsert.ts).
const TRANSACTION_MOVES_FORWARD = ` ON DUPLICATE KEY UPDATE
  win_amount = IF(incoming.status = 'confirmed', incoming.win_amount, transactions.win_amount),
  reason = IF(incoming.status = 'canceled', incoming.reason, transactions.reason),
  settled_at = IF(incoming.status = 'reserved', transactions.settled_at, incoming.settled_at),
  created_at = IF(incoming.status = 'reserved', incoming.created_at, transactions.created_at),
  reserve_request_id = IF(incoming.status = 'reserved', incoming.reserve_request_id, transactions.reserve_request_id),
  status = IF(incoming.status = 'reserved', transactions.status, incoming.status)`;

/** More writes a batch's events call for, made in the batch's transaction (a top-up's audit entry). */
export type BatchCompanion = (trx: Knex, events: readonly OutboxEvent[]) => Promise<void>;

/**
 * Applies one outbox batch in one MySQL transaction, idempotently: a ledger row per event (unique
 * event_id: a repeat inserts nothing), and each transaction upserted so that it only moves forward
 * (reserved → confirmed | canceled), whatever order batches arrive in. Each table gets one multi-row
 * statement, written by hand (knex's builder cost more than MySQL did). Returns the new ledger rows.
 *
 * The ledger rows come last, with their WatchLedger sequences (SPEC §1.11) taken just before from the
 * one counter row, which the transaction then holds until it commits: transactions take the counter
 * one after another and commit in that order, so sequence order is commit order, and a reader that
 * sees the counter at N sees every row up to N. While it holds the counter a transaction only inserts
 * its ledger rows, which no other transaction has locked (theirs come after the counter too), so the
 * counter is held for one statement and the commit. A sequence given to a repeated event (the insert
 * keeps the row there) stays a hole, final all the same.
 */
export async function applyOutboxBatch(db: Knex, events: readonly OutboxEvent[], alongside?: BatchCompanion): Promise<number> {
  if (events.length === 0) return 0;
  const transactions = transactionRows(events);
  return db.transaction(async (trx) => {
    // The server sums up a multi-row insert only: a lone event is looked up first.
    const known = events.length === 1 ? await knownEvents(trx, events) : null;
    if (known === events.length) return 0;
    if (transactions.length > 0) {
      await trx.raw(inlineSql(...insertFromIncoming(TRANSACTIONS_TABLE, TRANSACTION_COLUMNS, transactions)) + TRANSACTION_MOVES_FORWARD);
    }
    await alongside?.(trx, events);
    const first = await takeSequences(trx, events.length);
    const ledger = inlineSql(...multiRowInsert(LEDGER_TABLE, LEDGER_COLUMNS, events.map((event, i) => ledgerValues(event, first + i))));
    const [inserted] = (await trx.raw(`${ledger} ON DUPLICATE KEY UPDATE event_id = event_id`)) as [InsertHeader];
    return known === null ? newRows(inserted, events.length) : events.length - known;
  });
}

export const LEDGER_SEQUENCE_TABLE = 'ledger_sequence';

/** The first of `count` sequences taken from the counter row, which the transaction holds from here until it ends. */
async function takeSequences(trx: Knex.Transaction, count: number): Promise<number> {
  const [taken] = (await trx.raw(`UPDATE ${LEDGER_SEQUENCE_TABLE} SET last = LAST_INSERT_ID(last + ?) WHERE id = 1`, [count])) as unknown as [{ insertId: number | string }];
  return Number(taken.insertId) - count + 1;
}

/** Every sequence up to this one is final: its row has committed, or it never will (a hole). */
export async function committedSequence(db: Knex): Promise<number> {
  const row = (await db(LEDGER_SEQUENCE_TABLE).where({ id: 1 }).first('last')) as { last: number | string } | undefined;
  return Number(row?.last ?? 0);
}

async function knownEvents(trx: Knex.Transaction, events: readonly OutboxEvent[]): Promise<number> {
  const [[row]] = (await trx.raw(`SELECT COUNT(*) AS n FROM ${LEDGER_TABLE} WHERE event_id IN (${events.map(() => '?').join(', ')})`,
    events.map((e) => e.eventId))) as [[{ n: number }]];
  return Number(row?.n ?? 0);
}

interface InsertHeader {
  readonly info?: string;
  readonly affectedRows: number;
}

/**
 * The rows a multi-row insert added, from the server's `Records: n  Duplicates: d` summary (a repeated
 * event is a duplicate that changes nothing; affectedRows cannot tell, as the pool asks for found
 * rows). The figure is for logs and job results only: a server without the summary gets affectedRows.
 */
function newRows(header: InsertHeader, records: number): number {
  const summary = /Records: (\d+)\s+Duplicates: (\d+)/.exec(header.info ?? '');
  return summary ? records - Number(summary[2]) : header.affectedRows;
}

/** Which of a user-game's moves a history lists (SPEC §1.11). */
export interface LedgerFilters {
  readonly kind?: string;
  readonly round_id?: string;
  readonly since?: Date;
  readonly until?: Date;
  /** Older than this move of the wallet (its place in outbox order): the page after one that ended with it. */
  readonly after?: LedgerPosition;
}

/** A move's place in its wallet's outbox order. */
export interface LedgerPosition {
  readonly stream_ms: number | string;
  readonly stream_seq: number;
}

/** Where the user-game's move `id` stands, or undefined when it is no move of this user-game. */
export function findLedgerPosition(db: Knex, userId: string, gameId: string, id: number): Promise<LedgerPosition | undefined> {
  return db(LEDGER_TABLE).where({ id, user_id: userId, game_id: gameId }).first('stream_ms', 'stream_seq');
}

/**
 * A user-game's moves across its currencies, newest first (by outbox order, exact per wallet); with
 * `after`, the moves older than that one, whatever was inserted since (keyset paging).
 */
export function listUserGameLedger(
  db: Knex,
  userId: string,
  gameId: string,
  filters: LedgerFilters,
  page: { limit: number; offset: number },
): Promise<LedgerRow[]> {
  const { kind, round_id: roundId, since, until, after } = filters;
  // A round is read by its own index (a round holds a few moves), a kind by its own in the history's
  // order (the optimizer may prefer the wallet's index, which serves the order, and walk every move);
  // with a time range the choice is the optimizer's, which can weigh the range (a kind's index walked
  // to a range far back would read the wallet's every move of that kind).
  const timed = since !== undefined || until !== undefined;
  const index = roundId !== undefined ? 'ledger_wallet_round' : kind !== undefined && !timed ? 'ledger_wallet_kind' : null;
  const query = db<LedgerRow>(index ? db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, index]) : LEDGER_TABLE).where({ user_id: userId, game_id: gameId });
  if (kind !== undefined) query.where('kind', kind);
  if (roundId !== undefined) query.where('round_id', roundId);
  if (since) query.where('created_at', '>=', since);
  if (until) query.where('created_at', '<', until);
  if (after) {
    query.where((older) =>
      older.where('stream_ms', '<', after.stream_ms).orWhere((same) => same.where('stream_ms', after.stream_ms).andWhere('stream_seq', '<', after.stream_seq)),
    );
  }
  return query
    .orderBy([{ column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }])
    .limit(page.limit)
    .offset(page.offset);
}

const WALLET_CURRENCY_TIME = 'ledger_wallet_currency_time';

/**
 * A wallet's last move at or before `at` (its balances then), by the wallet-currency-time index: the
 * latest time first, moves of the same millisecond in outbox order.
 */
export function lastMoveAt(db: Knex, userId: string, gameId: string, currency: string, at: Date): Knex.QueryBuilder {
  // Forced: on a small table the optimizer may take the wallet's index and sort; on a million moves
  // that would read them all.
  return db<LedgerRow>(db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, WALLET_CURRENCY_TIME]))
    .where({ user_id: userId, game_id: gameId, currency })
    .andWhere('created_at', '<=', at)
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }])
    .limit(1);
}

/** The wallet's first currency after `after` (in code order), by one seek of the wallet-currency-time index. */
export function nextWalletCurrency(db: Knex, userId: string, gameId: string, after: string): Knex.QueryBuilder {
  return db(db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, WALLET_CURRENCY_TIME]))
    .where({ user_id: userId, game_id: gameId })
    .andWhere('currency', '>', after)
    .orderBy('currency')
    .limit(1)
    .select('currency');
}

/** A wallet's currencies: a skip scan, one index seek per currency however many moves each has. */
async function walletCurrencies(db: Knex, userId: string, gameId: string): Promise<string[]> {
  const currencies: string[] = [];
  for (let next = await nextWalletCurrency(db, userId, gameId, ''); next.length > 0; next = await nextWalletCurrency(db, userId, gameId, currencies.at(-1)!)) {
    currencies.push((next[0] as { currency: string }).currency);
  }
  return currencies;
}

/** Each currency's last move of a user-game at or before `at`: the currencies that had moved by then. */
export async function lastMovesAt(db: Knex, userId: string, gameId: string, at: Date): Promise<LedgerRow[]> {
  const currencies = await walletCurrencies(db, userId, gameId);
  return (await Promise.all(currencies.map((currency) => lastMoveAt(db, userId, gameId, currency, at)))).flat() as LedgerRow[];
}

/** A move as the ledger stream sends it (SPEC §1.11 WatchLedger): `id` is its sequence (the `seq` column). */
export interface LedgerStreamRow {
  id: number;
  kind: OutboxEvent['kind'];
  user_id: string;
  game_id: string;
  currency: string;
  amount: number | string;
  win_amount: number | string;
  available_balance: number | string;
  reserved_balance: number | string;
  transaction_id: string | null;
  round_id: string | null;
  request_id: string | null;
  created_at: Date;
}

export interface LedgerStreamFilter {
  readonly gameId?: string;
  readonly userId?: string;
}

const STREAM_COLUMNS = [
  'seq as id', 'kind', 'user_id', 'game_id', 'currency', 'amount', 'win_amount', 'available_balance', 'reserved_balance',
  'transaction_id', 'round_id', 'request_id', 'created_at',
] as const;

/**
 * Up to `limit` moves after sequence `after` and at most `upTo`, in sequence order, of the filter's game
 * and user when given (an index serves each: ledger_game_sequence, ledger_user_sequence).
 */
export async function ledgerAfter(db: Knex, after: number, limit: number, filter: LedgerStreamFilter = {}, upTo?: number): Promise<LedgerStreamRow[]> {
  const query = db<LedgerStreamRow>(LEDGER_TABLE).select(...STREAM_COLUMNS).where('seq', '>', after);
  if (upTo !== undefined) query.where('seq', '<=', upTo);
  if (filter.gameId) query.where('game_id', filter.gameId);
  if (filter.userId) query.where('user_id', filter.userId);
  const rows = await query.orderBy('seq').limit(limit);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * A wallet's net loss (confirmed amounts less their wins) since each of these instants, by its
 * confirms' ledger times (restore rebuilds the loss limits' counts from it; a new limits record is
 * seeded from it, up to `throughStreamId`).
 */
export async function netLossSince(db: Knex, userId: string, gameId: string, currency: string, since: readonly Date[], throughStreamId?: string): Promise<number[]> {
  const earliest = new Date(Math.min(...since.map((at) => at.getTime())));
  const sums = since.map((at) => db.raw('COALESCE(SUM(CASE WHEN created_at >= ? THEN amount - win_amount ELSE 0 END), 0)', [at]));
  const query = db(db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, WALLET_CURRENCY_TIME]))
    .where({ user_id: userId, game_id: gameId, currency, kind: 'confirm' }).where('created_at', '>=', earliest);
  if (throughStreamId !== undefined) {
    // Only the moves up to this outbox entry (a limits record counts those after it itself).
    const [ms, seq] = throughStreamId.split('-').map(Number) as [number, number];
    query.where((q) => q.where('stream_ms', '<', ms).orWhere((same) => same.where('stream_ms', ms).where('stream_seq', '<=', seq)));
  }
  const row = await query.first(...sums.map((sum, i) => db.raw(`${sum.toQuery()} AS s${i}`)));
  return since.map((_, i) => Number((row as Record<string, unknown> | undefined)?.[`s${i}`] ?? 0));
}

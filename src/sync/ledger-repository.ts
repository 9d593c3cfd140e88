import type { Knex } from 'knex';
import { inlineSql } from '../db/inline-sql';
import { insertFromIncoming } from '../db/upsert';
import { LEDGER_SEQUENCE_TABLE, LEDGER_TABLE, TRANSACTIONS_TABLE } from '../records/ledger-tables';
import type { OutboxEvent } from './outbox-event';
import { addEventPlayers, addEventSums, addRowSums } from '../reports/report-rollups';
import { retryOnDeadlock } from '../db/deadlock-retry';

const LEDGER_COLUMNS = [
  'seq', 'event_id', 'stream_ms', 'stream_seq', 'stream_sub', 'kind', 'user_id', 'game_id', 'currency', 'amount', 'win_amount', 'available_balance',
  'reserved_balance', 'transaction_id', 'round_id', 'request_id', 'request_round_id', 'topup_id', 'comment', 'created_at',
] as const;

function ledgerValues(event: OutboxEvent, seq: number): unknown[] {
  const dash = event.streamId.indexOf('-');
  return [
    seq, event.eventId, event.streamId.slice(0, dash), event.streamId.slice(dash + 1), event.streamSub, event.kind, event.userId, event.gameId,
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

export interface ApplyOptions {
  /** False: the report rollups are not kept (only the bench's baseline of the drain, bench/reports.ts). */
  readonly rollups?: boolean;
}

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
 * keeps the row there) stays a hole, final all the same. The report rollups (SPEC §2.13) are kept in
 * the same transaction: the players rows before the counter (inserted once, so a repeat adds nothing),
 * the sums of the new rows after the ledger insert: a batch applied twice adds nothing twice.
 */
export async function applyOutboxBatch(db: Knex, events: readonly OutboxEvent[], alongside?: BatchCompanion, options: ApplyOptions = {}): Promise<number> {
  if (events.length === 0) return 0;
  const transactions = transactionRows(events);
  const rollups = options.rollups !== false;
  // A deadlock (rollup and player rows are shared by concurrent batches) rolls the whole transaction back: run it again.
  return retryOnDeadlock(() => db.transaction(async (trx) => {
    // A lone event is looked up first: a retry of one that is in the ledger takes no sequence.
    if (events.length === 1 && (await knownEvents(trx, events)) === 1) return 0;
    if (transactions.length > 0) {
      await trx.raw(inlineSql(...insertFromIncoming(TRANSACTIONS_TABLE, TRANSACTION_COLUMNS, transactions)) + TRANSACTION_MOVES_FORWARD);
    }
    await alongside?.(trx, events);
    if (rollups) await addEventPlayers(trx, events);
    const first = await takeSequences(trx, events.length);
    const ledger = inlineSql(...multiRowInsert(LEDGER_TABLE, LEDGER_COLUMNS, events.map((event, i) => ledgerValues(event, first + i))));
    await trx.raw(`${ledger} ON DUPLICATE KEY UPDATE event_id = event_id`);
    // The rows this insert made hold this batch's sequences (a repeated event kept its old row and
    // sequence): counted by the sequence index, whatever the server's summary or the client's flags.
    const added = await rowsWithSequences(trx, first, first + events.length - 1);
    if (added > 0 && rollups) {
      // None of the events was there before (the usual case): their sums from memory. Else those of
      // the rows the insert made.
      if (added === events.length) await addEventSums(trx, events);
      else await addRowSums(trx, { where: 'seq BETWEEN ? AND ?', bindings: [first, first + events.length - 1] });
    }
    return added;
  }));
}

/** The first of `count` sequences taken from the counter row, which the transaction holds from here until it ends. */
async function takeSequences(trx: Knex.Transaction, count: number): Promise<number> {
  const [taken] = (await trx.raw(`UPDATE ${LEDGER_SEQUENCE_TABLE} SET last = LAST_INSERT_ID(last + ?) WHERE id = 1`, [count])) as unknown as [{ insertId: number | string }];
  return Number(taken.insertId) - count + 1;
}

async function knownEvents(trx: Knex.Transaction, events: readonly OutboxEvent[]): Promise<number> {
  const [[row]] = (await trx.raw(`SELECT COUNT(*) AS n FROM ${LEDGER_TABLE} WHERE event_id IN (${events.map(() => '?').join(', ')})`,
    events.map((e) => e.eventId))) as [[{ n: number }]];
  return Number(row?.n ?? 0);
}

async function rowsWithSequences(trx: Knex.Transaction, first: number, last: number): Promise<number> {
  const [[row]] = (await trx.raw(`SELECT COUNT(*) AS n FROM ${LEDGER_TABLE} WHERE seq BETWEEN ? AND ?`, [first, last])) as [[{ n: number }]];
  return Number(row?.n ?? 0);
}

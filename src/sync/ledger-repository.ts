import type { Knex } from 'knex';
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

function ledgerRow(event: OutboxEvent) {
  const [ms, seq] = event.streamId.split('-');
  return {
    event_id: event.eventId,
    stream_ms: ms,
    stream_seq: seq,
    kind: event.kind,
    user_id: event.userId,
    game_id: event.gameId,
    currency: event.currency,
    amount: event.amount,
    win_amount: event.winAmount,
    available_balance: event.availableBalance,
    reserved_balance: event.reservedBalance,
    transaction_id: event.transactionId,
    round_id: event.roundId,
    request_id: event.requestId,
    request_round_id: event.requestRoundId,
    topup_id: event.topupId,
    comment: event.comment,
    created_at: new Date(event.atMs),
  };
}

const STATUS_AFTER = { reserve: 'reserved', confirm: 'confirmed', cancel: 'canceled', expire: 'canceled' } as const;

function transactionRow(event: OutboxEvent) {
  const status = STATUS_AFTER[event.kind as keyof typeof STATUS_AFTER];
  const at = new Date(event.atMs);
  return {
    transaction_id: event.transactionId,
    user_id: event.userId,
    game_id: event.gameId,
    currency: event.currency,
    round_id: event.roundId ?? '',
    amount: event.amount,
    win_amount: event.winAmount,
    status,
    reason: status === 'canceled' ? event.comment : null,
    reserve_request_id: status === 'reserved' ? event.requestId : null,
    created_at: at, // a settlement applied before its reserve leaves a placeholder the reserve corrects
    settled_at: status === 'reserved' ? null : at,
  };
}

/**
 * Applies one outbox batch in one MySQL transaction, idempotently: a ledger row per event (unique
 * event_id: a repeat inserts nothing), and each transaction upserted so that it only moves forward
 * (reserved → confirmed | canceled), whatever order batches arrive in. Returns the new ledger rows.
 */
export async function applyOutboxBatch(db: Knex, events: readonly OutboxEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const transactionEvents = events.filter((event) => event.transactionId !== null);
  return db.transaction(async (trx) => {
    const [before] = await trx(LEDGER_TABLE).whereIn('event_id', events.map((e) => e.eventId)).count({ n: '*' });
    await trx(LEDGER_TABLE).insert(events.map(ledgerRow)).onConflict('event_id').merge(['event_id']);
    if (transactionEvents.length > 0) {
      // MySQL evaluates these left to right and `status` last, so each IF still sees the stored status.
      await trx(TRANSACTIONS_TABLE)
        .insert(transactionEvents.map(transactionRow))
        .onConflict('transaction_id')
        .merge({
          win_amount: trx.raw("IF(VALUES(status) = 'confirmed', VALUES(win_amount), win_amount)"),
          reason: trx.raw("IF(VALUES(status) = 'canceled', VALUES(reason), reason)"),
          settled_at: trx.raw("IF(VALUES(status) = 'reserved', settled_at, VALUES(settled_at))"),
          created_at: trx.raw("IF(VALUES(status) = 'reserved', VALUES(created_at), created_at)"),
          reserve_request_id: trx.raw(
            "IF(VALUES(status) = 'reserved', VALUES(reserve_request_id), reserve_request_id)",
          ),
          status: trx.raw("IF(VALUES(status) = 'reserved', status, VALUES(status))"),
        });
    }
    return events.length - Number(before?.n ?? 0);
  });
}

/** A user-game's moves across its currencies, newest first (by outbox order, exact per wallet). */
export function listUserGameLedger(
  db: Knex,
  userId: string,
  gameId: string,
  page: { limit: number; offset: number },
): Promise<LedgerRow[]> {
  return db<LedgerRow>(LEDGER_TABLE)
    .where({ user_id: userId, game_id: gameId })
    .orderBy([{ column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }])
    .limit(page.limit)
    .offset(page.offset);
}

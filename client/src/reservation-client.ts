import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { createAutoBatcher, type BatchingOptions } from './auto-batcher';
import { ReservationError } from './errors';
import { grpcTransport, type MethodName, type TransportOptions } from './grpc-transport';
import { DEFAULT_RETRY, withRetries, type RetryPolicy } from './retry';
import type { BalanceResult, CallOptions, CancelParams, ConfirmParams, ReserveParams, Transaction } from './types';

export interface ReservationClientOptions extends TransportOptions {
  /** Each attempt's deadline in ms (default 5000); a call may take up to `attempts` of them plus the backoff. */
  readonly deadlineMs?: number;
  /** Retries of UNAVAILABLE and DEADLINE_EXCEEDED with the same request_id; false: none. */
  readonly retry?: Partial<RetryPolicy> | false;
  /** reserve/confirm/cancel calls made together go out as one batch call (the default); false: one call each. */
  readonly batching?: BatchingOptions | false;
}

interface WireBalance {
  transaction_id: string;
  status: string;
  available_balance: string;
  reserved_balance: string;
}
interface WireBatchResult {
  reply?: WireBalance | null;
  error?: { code: number; message: string } | null;
}
type WireItem = { request_id: string } & Record<string, string>;

const DEFAULT_DEADLINE_MS = 5000;

/**
 * The game server's client of the reservation engine (SPEC §1): all seven calls, typed; a request_id
 * made for each call that has none and kept through its retries, so a retry after a lost reply replays
 * the first outcome instead of applying it twice; and, unless turned off, reserve/confirm/cancel calls
 * made in the same event-loop turn (or `batching.windowMs`) sent as one batch call.
 */
export function createReservationClient(options: ReservationClientOptions) {
  const transport = grpcTransport(options);
  const defaultDeadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const policy: RetryPolicy = options.retry === false ? { ...DEFAULT_RETRY, attempts: 1 } : { ...DEFAULT_RETRY, ...options.retry };
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const refuseWhenClosed = () => (closed ? Promise.reject(new ReservationError(status.CANCELLED, 'the client is closed')) : null);
  const call = <Reply>(method: MethodName, request: object, deadlineMs: number): Promise<Reply> => {
    const refused = refuseWhenClosed();
    if (refused) return refused;
    const pending = withRetries(policy, () => transport.call<Reply>(method, request, deadlineMs));
    inFlight.add(pending);
    const settled = () => void inFlight.delete(pending);
    pending.then(settled, settled);
    return pending;
  };

  const unary = async (method: MethodName, item: WireItem, deadlineMs: number): Promise<BalanceResult> =>
    balanceResult(await call<WireBalance>(method, item, deadlineMs), item.request_id);

  const batch = async (method: MethodName, items: WireItem[], deadlineMs: number): Promise<Array<BalanceResult | ReservationError>> => {
    const reply = await call<{ results: WireBatchResult[] }>(method, { items }, deadlineMs);
    return reply.results.map((result, index) =>
      result.error ? new ReservationError(result.error.code, result.error.message) : balanceResult(result.reply!, items[index]!.request_id),
    );
  };

  const batcher = (unaryMethod: MethodName, batchMethod: MethodName) =>
    options.batching === false
      ? null
      : createAutoBatcher<WireItem, BalanceResult>({
          ...options.batching,
          sendOne: (item, deadlineMs) => unary(unaryMethod, item, deadlineMs),
          sendMany: (items, deadlineMs) => batch(batchMethod, items, deadlineMs),
        });
  const batchers = { Reserve: batcher('Reserve', 'ReserveBatch'), Confirm: batcher('Confirm', 'ConfirmBatch'), Cancel: batcher('Cancel', 'CancelBatch') };
  const send = (method: 'Reserve' | 'Confirm' | 'Cancel', item: WireItem, callOptions?: CallOptions): Promise<BalanceResult> => {
    const refused = refuseWhenClosed();
    if (refused) return refused;
    const deadlineMs = callOptions?.deadlineMs ?? defaultDeadlineMs;
    const queue = batchers[method];
    return queue ? queue.enqueue(item, deadlineMs) : unary(method, item, deadlineMs);
  };
  const deadline = (callOptions?: CallOptions) => callOptions?.deadlineMs ?? defaultDeadlineMs;

  return {
    /** Holds `amount` of the wallet's available balance for a round: status reserved, or rejected. */
    reserve: (params: ReserveParams, callOptions?: CallOptions) => send('Reserve', reserveItem(params), callOptions),
    /** Settles a reservation with a win (0 for a loss): confirmed, or already_confirmed. */
    confirm: (params: ConfirmParams, callOptions?: CallOptions) => send('Confirm', confirmItem(params), callOptions),
    /** Releases a reservation: canceled, or already_canceled. */
    cancel: (params: CancelParams, callOptions?: CallOptions) => send('Cancel', cancelItem(params), callOptions),

    async getTransaction(transactionId: string, callOptions?: CallOptions): Promise<Transaction> {
      const reply = await call<Record<string, string>>('GetTransaction', { transaction_id: transactionId }, deadline(callOptions));
      return {
        transactionId: reply.transaction_id!,
        userId: reply.user_id!,
        roundId: reply.round_id!,
        amount: reply.amount!,
        winAmount: reply.win_amount!,
        status: reply.status!,
      };
    },

    /** One batch call (1 to 1000 items): each item's result, or its ReservationError, in its place. */
    reserveBatch: (items: readonly ReserveParams[], callOptions?: CallOptions) => batch('ReserveBatch', items.map(reserveItem), deadline(callOptions)),
    confirmBatch: (items: readonly ConfirmParams[], callOptions?: CallOptions) => batch('ConfirmBatch', items.map(confirmItem), deadline(callOptions)),
    cancelBatch: (items: readonly CancelParams[], callOptions?: CallOptions) => batch('CancelBatch', items.map(cancelItem), deadline(callOptions)),

    /** Sends what is queued, waits for every call under way (retries included), then closes the channel. */
    async close(): Promise<void> {
      for (const queue of Object.values(batchers)) queue?.flush(); // their calls start now, before the door shuts
      closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}

export type ReservationClient = ReturnType<typeof createReservationClient>;

const requestIdOf = (given: string | undefined) => given ?? randomUUID();

function reserveItem(params: ReserveParams): WireItem {
  return {
    request_id: requestIdOf(params.requestId),
    user_id: params.userId,
    game_id: params.gameId,
    round_id: params.roundId,
    amount: String(params.amount),
    currency: params.currency,
  };
}

function confirmItem(params: ConfirmParams): WireItem {
  return { request_id: requestIdOf(params.requestId), transaction_id: params.transactionId, round_id: params.roundId ?? '', win_amount: String(params.winAmount) };
}

function cancelItem(params: CancelParams): WireItem {
  return { request_id: requestIdOf(params.requestId), transaction_id: params.transactionId, reason: params.reason ?? '' };
}

function balanceResult(reply: WireBalance, requestId: string): BalanceResult {
  return {
    transactionId: reply.transaction_id,
    status: reply.status,
    availableBalance: reply.available_balance,
    reservedBalance: reply.reserved_balance,
    requestId,
  };
}

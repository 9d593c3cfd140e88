import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { createAutoBatcher, type BatchingOptions } from './auto-batcher';
import { failureOf, isRetryable, ReservationError } from './errors';
import { grpcTransport, type LedgerStream, type MethodName, type TransportOptions } from './grpc-transport';
import { watchLedger } from './ledger-watch';
import { backoffMs, DEFAULT_RETRY, sleep, withRetries, type RetryPolicy } from './retry';
import type { BalanceResult, CallOptions, CancelParams, ConfirmParams, LedgerMove, ReserveParams, Transaction, WatchLedgerParams } from './types';
import type {
  CancelBatchResult,
  CancelRequest,
  CancelResponse,
  ConfirmBatchResult,
  ConfirmRequest,
  ConfirmResponse,
  GetTransactionRequest,
  GetTransactionResponse,
  ReserveBatchResult,
  ReserveRequest,
  ReserveResponse,
} from './wire-types';

export interface ReservationClientOptions extends TransportOptions {
  /** Each attempt's deadline in ms (default 5000); a call may take up to `attempts` of them plus the backoff. */
  readonly deadlineMs?: number;
  /** Retries of UNAVAILABLE and DEADLINE_EXCEEDED with the same request_id; false: none. */
  readonly retry?: Partial<RetryPolicy> | false;
  /** reserve/confirm/cancel calls made together go out as one batch call (the default); false: one call each. */
  readonly batching?: BatchingOptions | false;
}

/** The wire shapes of Reserve, Confirm and Cancel (generated from the .proto, shared with the server). */
type WireBalance = ReserveResponse | ConfirmResponse | CancelResponse;
type WireBatchResult = ReserveBatchResult | ConfirmBatchResult | CancelBatchResult;
type WireItem = ReserveRequest | ConfirmRequest | CancelRequest;

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
  /** Ledger watches under way (close ends them). */
  const streams = new Set<LedgerStream>();
  let closed = false;
  const refuseWhenClosed = () => (closed ? Promise.reject(new ReservationError(status.CANCELLED, 'the client is closed')) : null);
  /** Counts a call as under way until it settles (close waits for it). */
  const track = <T>(pending: Promise<T>): Promise<T> => {
    inFlight.add(pending);
    const settled = () => void inFlight.delete(pending);
    pending.then(settled, settled);
    return pending;
  };
  const call = <Reply>(method: MethodName, request: object, deadlineMs: number): Promise<Reply> =>
    refuseWhenClosed() ?? track(withRetries(policy, () => transport.call<Reply>(method, request, deadlineMs)));

  const unaryOnce = async (method: MethodName, item: WireItem, deadlineMs: number): Promise<BalanceResult> =>
    balanceResult(await transport.call<WireBalance>(method, item, deadlineMs), item.request_id);

  const batchOnce = async (method: MethodName, items: WireItem[], deadlineMs: number): Promise<Array<BalanceResult | ReservationError>> => {
    const reply = await transport.call<{ results: WireBatchResult[] }>(method, { items }, deadlineMs);
    return reply.results.map((result, index) =>
      result.error
        ? new ReservationError(result.error.code, result.error.message, items[index]!.request_id)
        : balanceResult(result.reply, items[index]!.request_id),
    );
  };

  /**
   * A batch call of the caller's own, with the client's retries: the whole call again after a
   * retryable failure, and the items that failed retryably (UNAVAILABLE, say) again on their own.
   */
  const batch = (method: MethodName, items: WireItem[], deadlineMs: number): Promise<Array<BalanceResult | ReservationError>> =>
    refuseWhenClosed() ?? track((async () => {
      const results: Array<BalanceResult | ReservationError | undefined> = items.map(() => undefined);
      let pending = items.map((_, index) => index);
      for (let made = 1; pending.length > 0; made += 1) {
        const sent = pending;
        const replies = await batchOnce(method, sent.map((index) => items[index]!), deadlineMs).catch((error: unknown) => {
          const failure = failureOf(error, '');
          // The first attempt failing for good fails the call; a later one, the items it carried.
          if (made === 1 && (!isRetryable(failure) || made >= policy.attempts)) {
            throw new ReservationError(failure.code, failure.details, '', items.map((item) => item.request_id));
          }
          return sent.map((index) => failure.forRequest(items[index]!.request_id));
        });
        sent.forEach((index, i) => (results[index] = replies[i]));
        pending = made < policy.attempts ? sent.filter((index) => isRetryable(results[index])) : [];
        if (pending.length > 0) await sleep(backoffMs(policy, made));
      }
      return results as Array<BalanceResult | ReservationError>;
    })());

  const batcher = (unaryMethod: MethodName, batchMethod: MethodName) =>
    options.batching === false
      ? null
      : createAutoBatcher<WireItem, BalanceResult>({
          ...options.batching,
          retry: policy,
          requestIdOf: (item) => item.request_id,
          sendOne: (item, deadlineMs) => unaryOnce(unaryMethod, item, deadlineMs),
          sendMany: (items, deadlineMs) => batchOnce(batchMethod, items, deadlineMs),
        });
  const batchers = { Reserve: batcher('Reserve', 'ReserveBatch'), Confirm: batcher('Confirm', 'ConfirmBatch'), Cancel: batcher('Cancel', 'CancelBatch') };
  /** Reserve, Confirm or Cancel, batched with others unless batching is off; its error names its request_id. */
  const send = (method: 'Reserve' | 'Confirm' | 'Cancel', item: WireItem, callOptions?: CallOptions): Promise<BalanceResult> => {
    const refused = refuseWhenClosed();
    if (refused) return refused;
    const deadlineMs = callOptions?.deadlineMs ?? defaultDeadlineMs;
    const queue = batchers[method];
    const pending = queue ? queue.enqueue(item, deadlineMs) : withRetries(policy, () => unaryOnce(method, item, deadlineMs));
    return track(pending.catch((error: unknown) => Promise.reject(failureOf(error, item.request_id))));
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
      const request: GetTransactionRequest = { transaction_id: transactionId };
      const reply = await call<GetTransactionResponse>('GetTransaction', request, deadline(callOptions));
      return {
        transactionId: reply.transaction_id,
        userId: reply.user_id,
        roundId: reply.round_id,
        amount: reply.amount,
        winAmount: reply.win_amount,
        status: reply.status,
      };
    },

    /** One batch call (1 to 1000 items): each item's result, or its ReservationError, in its place. */
    reserveBatch: (items: readonly ReserveParams[], callOptions?: CallOptions) => batch('ReserveBatch', items.map(reserveItem), deadline(callOptions)),
    confirmBatch: (items: readonly ConfirmParams[], callOptions?: CallOptions) => batch('ConfirmBatch', items.map(confirmItem), deadline(callOptions)),
    cancelBatch: (items: readonly CancelParams[], callOptions?: CallOptions) => batch('CancelBatch', items.map(cancelItem), deadline(callOptions)),

    /**
     * The ledger's moves after `afterSequence`, then new ones live, as an async iterator that resumes
     * by itself after a lost connection (from the last sequence it gave): `for await (const move of
     * client.watchLedger({ gameId }))`. Stop with `break`, an AbortSignal, or close().
     */
    watchLedger: (params: WatchLedgerParams = {}, watchOptions: { signal?: AbortSignal } = {}): AsyncGenerator<LedgerMove, void, undefined> =>
      watchLedger((request) => {
        const stream = transport.watchLedger(request);
        streams.add(stream);
        stream.on('close', () => streams.delete(stream));
        return stream;
      }, params, policy, () => closed, watchOptions.signal),

    /** Sends what is queued, waits for every call under way (retries included), ends ledger watches, then closes the channel. */
    async close(): Promise<void> {
      for (const queue of Object.values(batchers)) queue?.flush(); // their calls start now, before the door shuts
      closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      for (const stream of streams) stream.cancel();
      transport.close();
    },
  };
}

export type ReservationClient = ReturnType<typeof createReservationClient>;

const requestIdOf = (given: string | undefined) => given ?? randomUUID();

function reserveItem(params: ReserveParams): ReserveRequest {
  return {
    request_id: requestIdOf(params.requestId),
    user_id: params.userId,
    game_id: params.gameId,
    round_id: params.roundId,
    amount: String(params.amount),
    currency: params.currency,
  };
}

function confirmItem(params: ConfirmParams): ConfirmRequest {
  return { request_id: requestIdOf(params.requestId), transaction_id: params.transactionId, round_id: params.roundId ?? '', win_amount: String(params.winAmount) };
}

function cancelItem(params: CancelParams): CancelRequest {
  return { request_id: requestIdOf(params.requestId), transaction_id: params.transactionId, reason: params.reason ?? '' };
}

function balanceResult(reply: WireBalance, requestId: string): BalanceResult {
  return {
    transactionId: reply.transaction_id,
    status: reply.status,
    reason: 'reason' in reply ? reply.reason : '',
    availableBalance: reply.available_balance,
    reservedBalance: reply.reserved_balance,
    requestId,
  };
}

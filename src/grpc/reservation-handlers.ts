import type { Metadata, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { GameScope } from './api-key-registry';
import { scopedOperations } from './game-scope';
import { AppError } from '../errors';
import type { Logger } from '../logging/logger';
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
} from './reservation-proto';
import { notUtf8Error, unaryHandler, type UnaryOptions } from './unary-handler';
import { invalidUtf8Items } from './wire-runtime';
import { checkBatchSize } from '../wallet/batch-runner';
import type { ReservationOperations } from './reservation-operations';
import type { BalanceOutcome, BalanceReply, CancelInput, ConfirmInput, ReserveInput } from '../wallet/wallet-types';

export type { ReservationOperations, UnaryOperations } from './reservation-operations';

/** The reply of Reserve, Confirm and Cancel, and a batch item's result, on the wire. */
type BalanceResponse = ReserveResponse | ConfirmResponse | CancelResponse;
type BatchResult = ReserveBatchResult | ConfirmBatchResult | CancelBatchResult;

export interface ReservationHandlerOptions extends UnaryOptions {
  /** The games a call's caller may touch (a scoped server API key), from its metadata; absent or null: every game. */
  readonly scopeOf?: (metadata: Metadata) => GameScope;
}

/** The ReservationService's methods: wire shapes in, service calls (as the caller's scope allows), wire shapes out. */
export function reservationHandlers(wallet: ReservationOperations, options: ReservationHandlerOptions): UntypedServiceImplementation {
  const { scopeOf } = options;
  /** Per key's game set (the registry keeps one until its next read of the keys): no new engine per call. */
  const scopedEngines = new WeakMap<NonNullable<GameScope>, ReservationOperations>();
  /** The engine as this call's caller may use it: all of it, or the games of its key (game-scope.ts). */
  const engineFor = (metadata: Metadata): ReservationOperations => {
    const games = scopeOf?.(metadata) ?? null;
    if (games === null) return wallet;
    let engine = scopedEngines.get(games);
    if (!engine) scopedEngines.set(games, (engine = scopedOperations(wallet, games)));
    return engine;
  };
  const batch = <Item>(method: string, run: (engine: ReservationOperations, items: Item[]) => Promise<BalanceOutcome[]>) =>
    unaryHandler<{ items: Item[] }, { results: BatchResult[] }>(
      method,
      async (request, metadata) => ({ results: batchResults(method, await withoutUnreadableItems(request, (items) => run(engineFor(metadata), items)), options.logger) }),
      { ...options, itemsJudgedApart: true },
    );
  return {
    Reserve: unaryHandler<ReserveRequest, BalanceResponse>('Reserve', async (request, metadata, deadlineMs) => toWire(await engineFor(metadata).reserve(reserveInput(request), { deadlineMs })), options),
    Confirm: unaryHandler<ConfirmRequest, BalanceResponse>('Confirm', async (request, metadata, deadlineMs) => toWire(await engineFor(metadata).confirm(confirmInput(request), { deadlineMs })), options),
    Cancel: unaryHandler<CancelRequest, BalanceResponse>('Cancel', async (request, metadata, deadlineMs) => toWire(await engineFor(metadata).cancel(cancelInput(request), { deadlineMs })), options),
    ReserveBatch: batch<ReserveRequest>('ReserveBatch', (engine, items) => engine.reserveBatch(items.map(reserveInput))),
    ConfirmBatch: batch<ConfirmRequest>('ConfirmBatch', (engine, items) => engine.confirmBatch(items.map(confirmInput))),
    CancelBatch: batch<CancelRequest>('CancelBatch', (engine, items) => engine.cancelBatch(items.map(cancelInput))),
    GetTransaction: unaryHandler<GetTransactionRequest, GetTransactionResponse>(
      'GetTransaction',
      async (request, metadata) => {
        const found = await engineFor(metadata).getTransaction(request.transaction_id);
        return {
          transaction_id: found.transactionId,
          user_id: found.userId,
          round_id: found.roundId,
          amount: found.amount,
          win_amount: found.winAmount,
          status: found.status,
        };
      },
      options,
    ),
  };
}

const reserveInput = (request: ReserveRequest): ReserveInput => ({
  requestId: request.request_id,
  userId: request.user_id,
  gameId: request.game_id,
  roundId: request.round_id,
  amount: request.amount,
  currency: request.currency,
});

const confirmInput = (request: ConfirmRequest): ConfirmInput => ({
  requestId: request.request_id,
  transactionId: request.transaction_id,
  roundId: request.round_id,
  winAmount: request.win_amount,
});

const cancelInput = (request: CancelRequest): CancelInput => ({
  requestId: request.request_id,
  transactionId: request.transaction_id,
  reason: request.reason,
});

/**
 * A batch's outcomes with its items whose strings are not UTF-8 answered INVALID_ARGUMENT, as their
 * unary calls would be, and only the others run (SPEC §1.9: one item's error changes nothing for the
 * others). The batch's size is judged on every item.
 */
async function withoutUnreadableItems<Item>(request: { items: Item[] }, run: (items: Item[]) => Promise<BalanceOutcome[]>): Promise<BalanceOutcome[]> {
  const unreadable = invalidUtf8Items(request);
  if (unreadable.size === 0) return run(request.items);
  checkBatchSize(request.items.length);
  const readable = request.items.filter((_, index) => !unreadable.has(index));
  const outcomes = readable.length > 0 ? await run(readable) : [];
  let next = 0;
  return request.items.map((_, index) => {
    const path = unreadable.get(index);
    return path === undefined ? outcomes[next++]! : notUtf8Error(path.replace(/^items\[\d+\]\./, '')); // as its unary call names it
  });
}

/**
 * Each item's reply, or its error as the numeric status and message its unary call would give. Items
 * that failed on the server's side are logged once per call (the first, and how many), not one line
 * each: a batch under OOM would otherwise write a thousand.
 */
function batchResults(method: string, outcomes: BalanceOutcome[], logger: Logger): BatchResult[] {
  const serverSide = outcomes.filter((outcome): outcome is AppError => outcome instanceof AppError && outcome.spec.httpStatus >= 500);
  if (serverSide.length > 0) logger.error({ err: serverSide[0], method, items: serverSide.length }, 'grpc batch items failed');
  return outcomes.map((outcome) =>
    outcome instanceof AppError ? { error: { code: outcome.spec.grpcStatus, message: outcome.publicMessage } } : { reply: toWire(outcome) },
  );
}

/** One object per reply (the hot path): a Reserve's names why it was rejected (empty when reserved); Confirm's and Cancel's have no reason. */
function toWire(reply: BalanceReply): BalanceResponse {
  const { transactionId: transaction_id, status, availableBalance: available_balance, reservedBalance: reserved_balance } = reply;
  if (status === 'reserved' || status === 'rejected') return { transaction_id, status, reason: reply.reason ?? '', available_balance, reserved_balance };
  return { transaction_id, status, available_balance, reserved_balance };
}

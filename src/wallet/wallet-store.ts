import { AppError } from '../errors';
import { withRedisErrors } from '../redis/redis-errors';
import { registerScripts, type RedisLike, type ScriptReply } from '../redis/script-registry';
import { keys, partitionTag, walletOfTransaction, type WalletAddress } from '../redis/wallet-keys';
import type {
  BalanceReply,
  CancelInput,
  ConfirmInput,
  ReserveInput,
  TopupInput,
  TopupReply,
  TransactionStatus,
  TransactionView,
  WalletBalance,
} from './wallet-types';

export interface Moment {
  readonly nowMs: number;
  readonly idempotencyTtlS: number;
  /** Reservations created at or before this instant have expired (0: none expire). */
  readonly expiryCutoffMs: number;
}

/**
 * The only wallet code that talks to Redis: one script call per operation, and one switch that turns
 * script codes into replies or AppErrors.
 */
export function createWalletStore(redis: RedisLike) {
  registerScripts(redis);

  return {
    async reserve(wallet: WalletAddress, input: ReserveInput, transactionId: string, at: Moment): Promise<BalanceReply> {
      const reply = await withRedisErrors(() =>
        redis.reserve(
          keys.wallet(wallet),
          keys.reserveRequest(wallet, input.requestId),
          keys.transaction(wallet, transactionId),
          keys.outbox(wallet),
          keys.openReservations(wallet),
          input.requestId, input.userId, input.gameId, input.roundId, input.amount, input.currency,
          transactionId, String(at.nowMs), String(at.idempotencyTtlS),
        ),
      );
      return balanceReply(reply, input.requestId, '');
    },

    async confirm(wallet: WalletAddress, input: ConfirmInput, at: Moment): Promise<BalanceReply> {
      const requestKey = keys.confirmRequest(wallet, input.transactionId, input.requestId);
      const reply = await withRedisErrors(() =>
        redis.confirm(
          ...settlementKeys(wallet, input.transactionId, requestKey),
          input.requestId, input.transactionId, input.roundId, input.winAmount,
          String(at.nowMs), String(at.idempotencyTtlS), String(at.expiryCutoffMs),
        ),
      );
      return balanceReply(reply, input.requestId, input.transactionId);
    },

    async cancel(wallet: WalletAddress, input: CancelInput, at: Moment): Promise<BalanceReply> {
      const requestKey = keys.cancelRequest(wallet, input.transactionId, input.requestId);
      const reply = await withRedisErrors(() =>
        redis.cancel(
          ...settlementKeys(wallet, input.transactionId, requestKey),
          input.requestId, input.transactionId, input.reason, String(at.nowMs), String(at.idempotencyTtlS),
        ),
      );
      return balanceReply(reply, input.requestId, input.transactionId);
    },

    /** Confirm or Cancel of a transaction that MySQL holds settled and Redis no longer does. */
    async settled(
      wallet: WalletAddress,
      request: { operation: 'confirm'; input: ConfirmInput } | { operation: 'cancel'; input: CancelInput },
      at: Moment,
    ): Promise<BalanceReply> {
      const { transactionId, requestId } = request.input;
      const [requestKey, detail, win] =
        request.operation === 'confirm'
          ? [keys.confirmRequest(wallet, transactionId, requestId), request.input.roundId, request.input.winAmount]
          : [keys.cancelRequest(wallet, transactionId, requestId), request.input.reason, ''];
      const reply = await withRedisErrors(() =>
        redis.settled(requestKey, keys.wallet(wallet), request.operation, transactionId, detail, win, String(at.idempotencyTtlS)),
      );
      return balanceReply(reply, requestId, transactionId);
    },

    /** Expires one due reservation as Cancel would; false when it was not due or no longer reserved. */
    async expire(transactionId: string, cutoffMs: number, nowMs: number): Promise<boolean> {
      const wallet = walletOfTransaction(transactionId);
      if (!wallet) return false;
      const [code] = await withRedisErrors(() =>
        redis.expire_reservation(
          keys.transaction(wallet, transactionId),
          keys.wallet(wallet),
          keys.outbox(wallet),
          keys.openReservations(wallet),
          transactionId, String(cutoffMs), String(nowMs),
        ),
      );
      return code === 'OK';
    },

    /** Up to `limit` reservations of a partition created at or before the cutoff, oldest first. */
    async dueReservations(partition: number, cutoffMs: number, limit: number): Promise<string[]> {
      return withRedisErrors(() =>
        redis.zrangebyscore(keys.openReservations({ tag: partitionTag(partition) }), '-inf', cutoffMs, 'LIMIT', 0, limit),
      );
    },

    async topup(wallet: WalletAddress, input: TopupInput, at: Moment): Promise<TopupReply> {
      const idempotencyKey = input.idempotencyKey ?? '';
      const [code, ...fields] = await withRedisErrors(() =>
        redis.topup(
          keys.wallet(wallet),
          keys.topupRequest(wallet, idempotencyKey),
          keys.outbox(wallet),
          keys.topupSequence(wallet),
          keys.currencies(wallet),
          input.userId, input.gameId, input.currency, input.amount, input.comment,
          String(at.nowMs), String(at.idempotencyTtlS), idempotencyKey, String(wallet.partition),
        ),
      );
      if (code !== 'OK' && code !== 'REPLAY') throw errorFor(code, { requestId: idempotencyKey, what: 'Idempotency-Key' });
      const [topupId, availableBalance, reservedBalance, createdAt] = fields as [string, string, string, string];
      return { topupId, availableBalance, reservedBalance, createdAtMs: Number(createdAt), replayed: code === 'REPLAY' };
    },

    async transaction(transactionId: string): Promise<TransactionView | null> {
      const wallet = walletOfTransaction(transactionId);
      if (!wallet) return null;
      const fields = await withRedisErrors(() =>
        redis.hmget(keys.transaction(wallet, transactionId), 'u', 'g', 'c', 'rd', 'amt', 'win', 'st'),
      );
      const [userId, gameId, currency, roundId, amount, winAmount, status] = fields;
      if (status === null || status === undefined) return null;
      return {
        transactionId,
        userId: userId ?? '',
        gameId: gameId ?? '',
        currency: currency ?? '',
        roundId: roundId ?? '',
        amount: amount ?? '0',
        winAmount: winAmount ?? '0',
        status: status as TransactionStatus,
      };
    },

    /** The currencies a user-game has ever been topped up in. */
    async currencies(wallet: Pick<WalletAddress, 'tag' | 'userGameRef'>): Promise<string[]> {
      return (await withRedisErrors(() => redis.smembers(keys.currencies(wallet)))).sort();
    },

    async balance(wallet: WalletAddress): Promise<WalletBalance> {
      const [available, reserved] = await withRedisErrors(() => redis.hmget(keys.wallet(wallet), 'a', 'r'));
      return { availableBalance: available ?? '0', reservedBalance: reserved ?? '0' };
    },
  };
}

export type WalletStore = ReturnType<typeof createWalletStore>;

/** KEYS[1..5] of confirm.lua and cancel.lua: they settle a transaction, so they share a key layout. */
function settlementKeys(wallet: WalletAddress, transactionId: string, requestKey: string): string[] {
  return [
    keys.transaction(wallet, transactionId),
    keys.wallet(wallet),
    requestKey,
    keys.outbox(wallet),
    keys.openReservations(wallet),
  ];
}

function balanceReply([code, ...fields]: ScriptReply, requestId: string, transactionId: string): BalanceReply {
  if (code !== 'OK' && code !== 'REPLAY') throw errorFor(code, { requestId, transactionId, what: 'request_id' });
  const [status, replyTransactionId, availableBalance, reservedBalance] = fields as [string, string, string, string];
  return { status, transactionId: replyTransactionId, availableBalance, reservedBalance, replayed: code === 'REPLAY' };
}

function errorFor(code: string, context: { requestId: string; transactionId?: string; what: string }): AppError {
  const tx = `transaction ${context.transactionId}`;
  switch (code) {
    case 'CONFLICT':
      return new AppError('ALREADY_EXISTS', `${context.what} ${context.requestId} was already used with different fields`);
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', `${tx} not found`);
    case 'ROUND_MISMATCH':
      return new AppError('FAILED_PRECONDITION', `round_id does not match the round of ${tx}`);
    case 'CANCELED':
      return new AppError('FAILED_PRECONDITION', `${tx} is canceled and cannot be confirmed`);
    case 'EXPIRED':
      return new AppError('FAILED_PRECONDITION', `${tx} has expired (RESERVATION_TIMEOUT_S) and cannot be confirmed`);
    case 'CONFIRMED':
      return new AppError('FAILED_PRECONDITION', `${tx} is confirmed and cannot be canceled`);
    case 'BALANCE_LIMIT':
      return new AppError('FAILED_PRECONDITION', 'the balance would pass the largest accepted balance 2^53-1');
    default:
      return new AppError('INTERNAL', `unexpected script reply ${code}`);
  }
}

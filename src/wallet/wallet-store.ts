import { AppError } from '../errors';
import { durably, type DurableAck } from '../redis/durable-ack';
import { fcallEngineFunction, withEngineFunctions } from '../redis/engine-functions';
import type { StoreGate } from '../redis/store-gate';
import { withRedisErrors } from '../redis/redis-errors';
import { currencyClosedError } from './currency-gate';
import type { ScriptObserver } from '../metrics/script-metrics';
import { itemReplies, registerScripts, type RedisLike, type ScriptName, type ScriptReply } from '../redis/script-registry';
import { createSlotRouter } from '../redis/slot-router';
import type { RefusalCode } from '../redis/shared-codes';
import { namesTransaction, parseCloseReply, parseTopupReply, parseTransactionRecord, parseWalletRecord } from '../redis/stored-records';
import { keys, partitionTag, walletOfTransaction, type WalletAddress } from '../redis/wallet-keys';
import { scriptCalls, type CancelItem, type ConfirmItem, type Moment, type ReserveItem } from './script-calls';
import type {
  BalanceOutcome,
  BalanceReply,
  BalanceStatus,
  RejectionReason,
  CancelInput,
  ConfirmInput,
  TopupInput,
  TopupReply,
  CloseInput,
  CloseReply,
  TransactionStatus,
  TransactionView,
  WalletBalance,
} from './wallet-types';

export type { Moment } from './script-calls';

export interface WalletStoreOptions {
  /** Reports each script call's duration (metrics). */
  readonly observeScript?: ScriptObserver;
  /** REDIS_DURABILITY=replicated: a script's reply counts only once its writes are on the replicas. */
  readonly durableAck?: DurableAck | null;
  /** Closed while Redis holds no record layout (lost data, a restore under way): calls answer UNAVAILABLE. */
  readonly gate?: StoreGate;
}

const GATE_CLOSED = 'the engine\'s Redis holds no record layout (it lost its data, or a restore is under way): nothing was changed; retry later';

type ScriptReplies = ScriptReply | ScriptReply[];

/**
 * Whether a reply answers from what earlier calls left rather than from a write of its own: a replay,
 * an already_* status, or any refusal (a conflict, an unknown, settled or expired transaction, a round
 * that differs). Such a call writes nothing, so its connection's WAITAOF would not cover the state it
 * read, which another connection may have written without the replicas' acknowledgement.
 */
function answersFromEarlierState(replies: ScriptReplies): boolean {
  const list = typeof replies[0] === 'string' ? [replies as ScriptReply] : (replies as ScriptReply[]);
  return list.some(([code, status]) => code !== 'OK' || String(status).startsWith('already_'));
}

/**
 * The only wallet code that talks to Redis: one script call per operation (per partition of a batch
 * on Redis Cluster), and one switch that turns script codes into replies or AppErrors.
 */
export function createWalletStore(redis: RedisLike, options: WalletStoreOptions = {}) {
  const { observeScript, durableAck = null, gate } = options;
  const route = createSlotRouter(redis);
  registerScripts(redis); // lua/limits.lua runs as EVALSHA (the item scripts are Redis Functions); the router's own clients have them

  /** A command for the server of `key` (every key of a call shares its partition), its errors translated. */
  const on = <T>(key: string, call: (client: RedisLike) => Promise<T>): Promise<T> => {
    if (gate && !gate.open) return Promise.reject(new AppError('UNAVAILABLE', GATE_CLOSED));
    return withRedisErrors(() => route(key, call));
  };

  /**
   * A script's replies, acknowledged as SPEC §1.10 says: with replicated durability, once the writes
   * sent before them on their connection are on the replicas. A reply that answers from earlier state
   * (which another connection may have written, its WAITAOF fallen short) first writes the partition's
   * fence key on this connection, so the same WAITAOF covers every earlier write on that server too.
   */
  const durableScript = <R extends ScriptReplies>(firstKey: string, call: (client: RedisLike) => Promise<R>) =>
    on(firstKey, (client) => withEngineFunctions(client, async () => {
      if (!durableAck) return call(client); // local durability: nothing more per call on the hot path
      const fence = keys.fence(firstKey);
      const replies = await durably(durableAck, client, call(client), fence);
      if (answersFromEarlierState(replies)) await durably(durableAck, client, client.set(fence, '1'), fence);
      return replies;
    }));

  /** A script call, on the server of its first key, its duration reported when metrics are on. */
  const script = <R extends ScriptReplies>(name: ScriptName, firstKey: string, call: (client: RedisLike) => Promise<R>): Promise<R> => {
    if (!observeScript) return durableScript(firstKey, call);
    const started = performance.now();
    return durableScript(firstKey, call).finally(() => observeScript(name, (performance.now() - started) / 1000));
  };

  /** An item script's call (reserve, confirm, cancel): one reply per item. */
  const itemScript = (name: 'reserve' | 'confirm' | 'cancel', args: string[]): Promise<ScriptReply[]> =>
    script(name, args[1]!, async (client) => itemReplies(await fcallEngineFunction<string>(client, name, args)));

  return {
    /**
     * Which items one script call may take together: on Redis Cluster a call's keys must share a slot,
     * so those of one partition; a single Redis takes a whole batch in one call.
     */
    callGroup: (wallet: WalletAddress): number => (redis.isCluster ? wallet.partition : 0),

    /** One script call for a group of items (see callGroup), applied in order: each item's reply or its error. */
    async reserve(items: readonly ReserveItem[], at: Moment): Promise<BalanceOutcome[]> {
      const replies = await itemScript('reserve', scriptCalls.reserve(items, at));
      return replies.map((reply, i) => balanceOutcome(reply, items[i]!.input.requestId, '', items[i]!.input.currency));
    },

    async confirm(items: readonly ConfirmItem[], at: Moment): Promise<BalanceOutcome[]> {
      const replies = await itemScript('confirm', scriptCalls.confirm(items, at));
      return replies.map((reply, i) => balanceOutcome(reply, items[i]!.input.requestId, items[i]!.input.transactionId));
    },

    async cancel(items: readonly CancelItem[], at: Moment): Promise<BalanceOutcome[]> {
      const replies = await itemScript('cancel', scriptCalls.cancel(items, at));
      return replies.map((reply, i) => balanceOutcome(reply, items[i]!.input.requestId, items[i]!.input.transactionId));
    },

    /** Confirm or Cancel of a transaction that MySQL holds settled and Redis no longer does. */
    async settled(
      wallet: WalletAddress,
      request: { operation: 'confirm'; input: ConfirmInput } | { operation: 'cancel'; input: CancelInput },
      at: Moment,
    ): Promise<BalanceReply> {
      const args = scriptCalls.settled(wallet, request, at);
      const reply = await script('settled', args[0]!, (client) => fcallEngineFunction<ScriptReply>(client, 'settled', args));
      return replyOrThrow(balanceOutcome(reply, request.input.requestId, request.input.transactionId));
    },

    /** Expires one due reservation as Cancel would; false when it was not due or no longer reserved. */
    async expire(transactionId: string, cutoffMs: number, nowMs: number): Promise<boolean> {
      const wallet = walletOfTransaction(transactionId);
      if (!wallet) return false;
      const args = scriptCalls.expireReservation(wallet, transactionId, cutoffMs, nowMs);
      const [code] = await script('expire_reservation', args[0]!, (client) => fcallEngineFunction<ScriptReply>(client, 'expire_reservation', args));
      return code === 'OK';
    },

    /** Up to `limit` reservations of a partition created at or before the cutoff, oldest first. */
    async dueReservations(partition: number, cutoffMs: number, limit: number): Promise<string[]> {
      const key = keys.openReservations({ tag: partitionTag(partition) });
      return on(key, (client) => client.zrangebyscore(key, '-inf', cutoffMs, 'LIMIT', 0, limit));
    },

    async topup(wallet: WalletAddress, input: TopupInput, at: Moment, currencyClosed = false): Promise<TopupReply> {
      const idempotencyKey = input.idempotencyKey ?? '';
      const args = scriptCalls.topup(wallet, input, at, currencyClosed);
      const [code, ...fields] = await script('topup', args[0]!, (client) => fcallEngineFunction<ScriptReply>(client, 'topup', args));
      if (code !== 'OK' && code !== 'REPLAY') throw errorFor(code, { requestId: idempotencyKey, currency: input.currency, what: 'Idempotency-Key' });
      const reply = parseTopupReply(fields);
      return { topupId: reply.topup_id, availableBalance: reply.available, reservedBalance: reply.reserved, createdAtMs: Number(reply.created_at_ms), replayed: code === 'REPLAY' };
    },

    async closeWallet(wallet: WalletAddress, input: CloseInput, at: Moment): Promise<CloseReply> {
      const args = scriptCalls.closeWallet(wallet, input, at);
      const [code, ...fields] = await script('close_wallet', args[0]!, (client) => fcallEngineFunction<ScriptReply>(client, 'close_wallet', args));
      if (code !== 'OK' && code !== 'REPLAY') throw errorFor(code, { requestId: input.idempotencyKey ?? '', currency: input.currency, what: 'Idempotency-Key' });
      const reply = parseCloseReply(fields);
      return {
        closeId: reply.close_id || null, amount: reply.amount, availableBalance: reply.available, reservedBalance: reply.reserved,
        createdAtMs: Number(reply.created_at_ms), replayed: code === 'REPLAY',
      };
    },

    async transaction(transactionId: string): Promise<TransactionView | null> {
      const wallet = walletOfTransaction(transactionId);
      if (!wallet) return null;
      const key = keys.transaction(transactionId);
      const stored = await on(key, (client) => client.getBuffer(key));
      if (stored === null) return null;
      const tx = parseTransactionRecord(stored);
      if (!namesTransaction(tx, transactionId, wallet.currency)) return null;
      return {
        transactionId,
        userId: tx.u,
        gameId: tx.g,
        currency: tx.c,
        roundId: tx.rd,
        amount: tx.amt,
        winAmount: tx.win || '0',
        status: tx.st as TransactionStatus,
      };
    },

    /** Whether the sync has written to MySQL every outbox entry of the wallet's partition up to `streamId` (none is left in the stream). */
    async outboxSyncedThrough(wallet: WalletAddress, streamId: string): Promise<boolean> {
      const key = keys.outbox(wallet);
      return (await on(key, (client) => client.xrange(key, '-', streamId, 'COUNT', 1))).length === 0;
    },

    /** A wallet's limits as the scripts hold them now ('get', or after asking for `set`): lua/limits.lua's reply. */
    async limits(wallet: WalletAddress, nowMs: number, set?: Parameters<typeof scriptCalls.limits>[2]): Promise<string[]> {
      const args = scriptCalls.limits(wallet, nowMs, set);
      const [, ...reply] = await script('limits', args[0]!, async (client) => ['OK', ...(await client.limits(...args))] as ScriptReply);
      return reply;
    },

    /**
     * Freezes (reason) or unfreezes (null) what these freeze keys name (keys.userGameFreeze,
     * keys.userFreeze): each written on its own partition's server, acknowledged as a script's reply is.
     */
    async freeze(freezeKeys: readonly string[], reason: string | null): Promise<void> {
      await Promise.all(freezeKeys.map((key) =>
        durableScript(key, async (client) => {
          await (reason === null ? client.del(key) : client.set(key, reason));
          return ['OK'] as ScriptReply;
        })));
    },

    /** The currencies a user-game has ever been topped up in. */
    async currencies(wallet: Pick<WalletAddress, 'tag' | 'userGameRef'>): Promise<string[]> {
      const key = keys.currencies(wallet);
      return (await on(key, (client) => client.smembers(key))).sort();
    },

    async balance(wallet: WalletAddress): Promise<WalletBalance> {
      const key = keys.wallet(wallet);
      const { available, reserved } = parseWalletRecord(await on(key, (client) => client.getBuffer(key)));
      return { availableBalance: available, reservedBalance: reserved };
    },
  };
}

export type WalletStore = ReturnType<typeof createWalletStore>;

function balanceOutcome([code, ...fields]: ScriptReply, requestId: string, transactionId: string, currency?: string): BalanceOutcome {
  if (code !== 'OK' && code !== 'REPLAY') return errorFor(code, { requestId, transactionId, currency, what: 'request_id' });
  const [status, replyTransactionId, availableBalance, reservedBalance, reason] = fields as [BalanceStatus, string, string, string, RejectionReason?];
  const replayed = code === 'REPLAY';
  if (status !== 'rejected') return { status, transactionId: replyTransactionId, availableBalance, reservedBalance, replayed };
  // The reason follows the balances; a rejection remembered before reasons were kept names none: it lacked funds.
  return { status, transactionId: replyTransactionId, availableBalance, reservedBalance, replayed, reason: reason || 'insufficient_funds' };
}

/** An item's reply, or its error thrown (for calls of one item). */
export function replyOrThrow<T>(outcome: T | AppError): T {
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

type ErrorContext = { requestId: string; transactionId?: string; currency?: string; what: string };
const tx = (context: ErrorContext) => `transaction ${context.transactionId}`;

/** The error each refusal code stands for (SPEC §1's statuses); a code the scripts may add fails the compile here. */
const REFUSALS: Readonly<Record<RefusalCode, (context: ErrorContext) => AppError>> = {
  CONFLICT: (c) => new AppError('ALREADY_EXISTS', `${c.what} ${c.requestId} was already used with different fields`),
  COLLISION: (c) => new AppError('ALREADY_EXISTS', `${c.what} ${c.requestId} names the same record as another request_id (a digest collision): use another request_id`),
  NOT_FOUND: (c) => new AppError('NOT_FOUND', `${tx(c)} not found`),
  ROUND_MISMATCH: (c) => new AppError('FAILED_PRECONDITION', `round_id does not match the round of ${tx(c)}`),
  CANCELED: (c) => new AppError('FAILED_PRECONDITION', `${tx(c)} is canceled and cannot be confirmed`),
  EXPIRED: (c) => new AppError('FAILED_PRECONDITION', `${tx(c)} has expired (RESERVATION_TIMEOUT_S) and cannot be confirmed`),
  CONFIRMED: (c) => new AppError('FAILED_PRECONDITION', `${tx(c)} is confirmed and cannot be canceled`),
  CURRENCY: (c) => currencyClosedError(c.currency ?? ''),
  BALANCE_LIMIT: () => new AppError('FAILED_PRECONDITION', 'the balance would pass the largest accepted balance 2^53-1'),
  RESERVED: (c) => new AppError('FAILED_PRECONDITION', `the ${c.currency} wallet has money reserved: it can be closed once its rounds settle`, {
    errors: [{ path: 'reserved', message: 'must be 0: rounds are open in this wallet' }],
  }),
};

function errorFor(code: string, context: ErrorContext): AppError {
  const refusal = Object.hasOwn(REFUSALS, code) ? REFUSALS[code as RefusalCode] : undefined;
  return refusal ? refusal(context) : new AppError('INTERNAL', `unexpected script reply ${code}`);
}

import { translateMysqlError } from '../db/mysql-errors';
import { AppError, toAppError } from '../errors';
import { walletAddress, walletOfTransaction, type WalletAddress } from '../redis/wallet-keys';
import { checkBatchSize, runInGroups, type BatchOptions } from './batch-runner';
import type { WalletItem } from './script-calls';
import {
  checkCancel,
  checkConfirm,
  checkCurrency,
  checkId,
  checkReserve,
  checkTopup,
  checkClose,
} from './wallet-validation';
import { cancelArchived, confirmArchived } from './archived-settlement';
import type { CurrencyGate } from './currency-gate';
import { createWalletControls } from './wallet-controls';
import { replyOrThrow, type Moment, type WalletStore } from './wallet-store';
import type {
  ArchivedTransaction,
  BalanceOutcome,
  BalanceReply,
  CancelInput,
  ConfirmInput,
  ReserveInput,
  TopupInput,
  TopupReply,
  CloseInput,
  CloseReply,
  TransactionArchive,
  TransactionView,
  WalletBalance,
} from './wallet-types';

export interface WalletServiceDeps {
  readonly store: WalletStore;
  readonly idempotencyTtlS: number;
  /** RESERVATION_TIMEOUT_S; 0: reservations never expire. */
  readonly reservationTimeoutS?: number;
  /** Settled transactions after they leave Redis; without it they are NOT_FOUND then. */
  readonly archive?: TransactionArchive;
  readonly clock?: () => number;
  /** Which currencies are open for new money (SPEC §1.11); without it, every well-formed code is. */
  readonly currencies?: CurrencyGate;
  /** LIMIT_RAISE_DELAY_S: how long a loosened limit waits (default a day). */
  readonly limitRaiseDelayS?: number;
}

/**
 * The engine's rules: every field checked (SPEC §1.5) before one atomic script does the move. Every
 * method is async, so a bad field is a rejected promise, never a synchronous throw.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const { store, idempotencyTtlS, reservationTimeoutS = 0, archive, clock = Date.now, currencies, limitRaiseDelayS = 86_400 } = deps;
  const currencyOpen = (code: string) => !currencies || currencies.isOpen(code);
  const moment = (): Moment => {
    const nowMs = clock();
    const reservationsExpire = reservationTimeoutS > 0;
    return { nowMs, idempotencyTtlS, reservationsExpire, expiryCutoffMs: reservationsExpire ? nowMs - reservationTimeoutS * 1000 : 0 };
  };

  /** Each item checked, with the wallet it moves; an item that fails its checks is its error. */
  function checked<Raw, Input>(raws: readonly Raw[], check: (raw: Raw) => WalletItem<Input>): Array<WalletItem<Input> | AppError> {
    return raws.map((raw) => {
      try {
        return check(raw);
      } catch (error) {
        if (error instanceof AppError) return error;
        throw error;
      }
    });
  }

  function walletOf(transactionId: string): WalletAddress {
    const wallet = walletOfTransaction(transactionId);
    if (!wallet) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
    return wallet;
  }

  /**
   * Confirm and Cancel items that Redis no longer holds (NOT_FOUND there) are answered from the
   * archive, as SPEC §1.6 says, all looked up in one query; the archive's own failure (MySQL down) is
   * those items' error.
   */
  async function fromArchive<Input extends { transactionId: string }>(
    items: ReadonlyArray<WalletItem<Input> | AppError>,
    outcomes: BalanceOutcome[],
    at: Moment,
    onArchive: (wallet: WalletAddress, tx: ArchivedTransaction, input: Input, at: Moment) => Promise<BalanceReply>,
  ): Promise<BalanceOutcome[]> {
    const missing = (index: number) => {
      const outcome = outcomes[index]!;
      return outcome instanceof AppError && outcome.code === 'NOT_FOUND' && !(items[index] instanceof AppError);
    };
    const ids = outcomes.flatMap((_, index) => (missing(index) ? [(items[index] as WalletItem<Input>).input.transactionId] : []));
    if (!archive || ids.length === 0) return outcomes;
    let archived: Map<string, ArchivedTransaction>;
    try {
      archived = await archive.findMany(ids);
    } catch (error) {
      const failed = toAppError(translateMysqlError(error));
      return outcomes.map((outcome, index) => (missing(index) ? failed : outcome));
    }
    return Promise.all(
      outcomes.map(async (outcome, index) => {
        const item = items[index] as WalletItem<Input>;
        const tx = missing(index) ? archived.get(item.input.transactionId) : undefined;
        if (!tx) return outcome;
        try {
          return await onArchive(item.wallet, tx, item.input, at);
        } catch (error) {
          return toAppError(translateMysqlError(error));
        }
      }),
    );
  }

  async function reserveAll(raws: readonly ReserveInput[], options?: BatchOptions): Promise<BalanceOutcome[]> {
    const items = checked(raws, (raw) => {
      const input = checkReserve(raw);
      return { wallet: walletAddress(input.userId, input.gameId, input.currency), input, currencyClosed: !currencyOpen(input.currency) };
    });
    const at = moment();
    return runInGroups(items, store.callGroup, (group) => store.reserve(group, at), options);
  }

  /** Confirms or cancels: each checked, the wallet taken from its transaction_id, Redis first, then the archive. */
  async function settleAll<Input extends { transactionId: string }>(
    raws: readonly Input[],
    check: (raw: Input) => Input,
    run: (group: ReadonlyArray<WalletItem<Input>>, at: Moment) => Promise<BalanceOutcome[]>,
    onArchive: (store: WalletStore, wallet: WalletAddress, tx: ArchivedTransaction, input: Input, at: Moment) => Promise<BalanceReply>,
    options?: BatchOptions,
  ): Promise<BalanceOutcome[]> {
    const items = checked(raws, (raw) => {
      const input = check(raw);
      return { wallet: walletOf(input.transactionId), input };
    });
    const at = moment();
    const outcomes = await runInGroups(items, store.callGroup, (group) => run(group, at), options);
    return fromArchive(items, outcomes, at, (wallet, tx, input, when) => onArchive(store, wallet, tx, input, when));
  }

  const confirmAll = (raws: readonly ConfirmInput[], options?: BatchOptions) => settleAll(raws, checkConfirm, store.confirm, confirmArchived, options);
  const cancelAll = (raws: readonly CancelInput[], options?: BatchOptions) => settleAll(raws, checkCancel, store.cancel, cancelArchived, options);

  return {
    ...createWalletControls(store, { clock, limitRaiseDelayS }),

    /** Reads the enabled currencies again (after this process changed them). */
    refreshCurrencies: async (): Promise<void> => currencies?.refresh(),

    async reserve(raw: ReserveInput): Promise<BalanceReply> {
      return replyOrThrow((await reserveAll([raw]))[0]!);
    },

    async confirm(raw: ConfirmInput): Promise<BalanceReply> {
      return replyOrThrow((await confirmAll([raw]))[0]!);
    },

    async cancel(raw: CancelInput): Promise<BalanceReply> {
      return replyOrThrow((await cancelAll([raw]))[0]!);
    },

    /**
     * SPEC §1.9: each item answered as its unary call would be (reply or error, in its place), items
     * of one wallet applied in list order, one script call per partition on Redis Cluster (one in all
     * on a single Redis). A batch of 0 or more than 1000 items, or Redis unreachable, rejects the
     * whole call (with `failuresPerGroup`, the items of the partition it failed on: BatchOptions).
     */
    async reserveBatch(raws: readonly ReserveInput[], options?: BatchOptions): Promise<BalanceOutcome[]> {
      checkBatchSize(raws.length);
      return reserveAll(raws, options);
    },

    async confirmBatch(raws: readonly ConfirmInput[], options?: BatchOptions): Promise<BalanceOutcome[]> {
      checkBatchSize(raws.length);
      return confirmAll(raws, options);
    },

    async cancelBatch(raws: readonly CancelInput[], options?: BatchOptions): Promise<BalanceOutcome[]> {
      checkBatchSize(raws.length);
      return cancelAll(raws, options);
    },

    /** From Redis while hot, from the archive after (the same fields either way). */
    async getTransaction(transactionId: string): Promise<TransactionView> {
      checkId('transaction_id', transactionId);
      const found = (await store.transaction(transactionId)) ?? (await archive?.find(transactionId)) ?? null;
      if (!found) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
      const { settledBy: _settledBy, ...view } = found as ArchivedTransaction;
      return view;
    },

    async topup(raw: TopupInput): Promise<TopupReply> {
      const input = checkTopup(raw);
      // The script refuses a closed currency after its replay check: a repeated key answers its first reply.
      return store.topup(walletAddress(input.userId, input.gameId, input.currency), input, moment(), !currencyOpen(input.currency));
    },

    /** An admin's closing move (SPEC §2.14): the wallet's available balance out to 0, refused while money is reserved. */
    async closeWallet(raw: CloseInput): Promise<CloseReply> {
      const input = checkClose(raw);
      return store.closeWallet(walletAddress(input.userId, input.gameId, input.currency), input, moment());
    },

    /** Balances of every currency the user-game holds (at least `fallbackCurrency`, 0/0 when unfunded). */
    async balances(userId: string, gameId: string, fallbackCurrency: string): Promise<Array<WalletBalance & { currency: string }>> {
      const { tag, userGameRef } = walletAddress(checkId('user_id', userId), checkId('game_id', gameId), fallbackCurrency);
      const currencies = await store.currencies({ tag, userGameRef });
      const all = currencies.length > 0 ? currencies : [fallbackCurrency];
      return Promise.all(all.map(async (currency) => ({ currency, ...(await store.balance(walletAddress(userId, gameId, currency))) })));
    },

    async balance(userId: string, gameId: string, currency: string): Promise<WalletBalance> {
      const wallet = walletAddress(checkId('user_id', userId), checkId('game_id', gameId), checkCurrency('currency', currency));
      return store.balance(wallet);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

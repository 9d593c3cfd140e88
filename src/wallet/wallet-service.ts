import { AppError } from '../errors';
import { walletAddress, walletOfTransaction, type WalletAddress } from '../redis/wallet-keys';
import {
  checkCancel,
  checkConfirm,
  checkCurrency,
  checkId,
  checkReserve,
  checkTopup,
} from './wallet-validation';
import { cancelArchived, confirmArchived } from './archived-settlement';
import type { Moment, WalletStore } from './wallet-store';
import type {
  ArchivedTransaction,
  BalanceReply,
  CancelInput,
  ConfirmInput,
  ReserveInput,
  TopupInput,
  TopupReply,
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
}

/**
 * The engine's rules: every field checked (SPEC §1.5) before one atomic script does the move. Every
 * method is async, so a bad field is a rejected promise, never a synchronous throw.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const { store, idempotencyTtlS, reservationTimeoutS = 0, archive, clock = Date.now } = deps;
  const moment = (): Moment => {
    const nowMs = clock();
    const reservationsExpire = reservationTimeoutS > 0;
    return { nowMs, idempotencyTtlS, reservationsExpire, expiryCutoffMs: reservationsExpire ? nowMs - reservationTimeoutS * 1000 : 0 };
  };

  /** Runs a settlement on Redis; when Redis no longer has the transaction, asks the archive. */
  async function settle(
    transactionId: string,
    onRedis: (wallet: WalletAddress, at: Moment) => Promise<BalanceReply>,
    onArchive: (wallet: WalletAddress, tx: ArchivedTransaction, at: Moment) => Promise<BalanceReply>,
  ): Promise<BalanceReply> {
    const wallet = walletOf(transactionId);
    const at = moment();
    try {
      return await onRedis(wallet, at);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND' || !archive) throw error;
      const archived = await archive.find(transactionId);
      if (!archived) throw error;
      return onArchive(wallet, archived, at);
    }
  }

  function walletOf(transactionId: string): WalletAddress {
    const wallet = walletOfTransaction(transactionId);
    if (!wallet) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
    return wallet;
  }

  return {
    async reserve(raw: ReserveInput): Promise<BalanceReply> {
      const input = checkReserve(raw);
      const wallet = walletAddress(input.userId, input.gameId, input.currency);
      return store.reserve(wallet, input, moment());
    },

    async confirm(raw: ConfirmInput): Promise<BalanceReply> {
      const input = checkConfirm(raw);
      return settle(
        input.transactionId,
        (wallet, at) => store.confirm(wallet, input, at),
        (wallet, tx, at) => confirmArchived(store, wallet, tx, input, at),
      );
    },

    async cancel(raw: CancelInput): Promise<BalanceReply> {
      const input = checkCancel(raw);
      return settle(
        input.transactionId,
        (wallet, at) => store.cancel(wallet, input, at),
        (wallet, tx, at) => cancelArchived(store, wallet, tx, input, at),
      );
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
      return store.topup(walletAddress(input.userId, input.gameId, input.currency), input, moment());
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

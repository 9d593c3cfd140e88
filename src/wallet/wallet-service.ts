import { AppError } from '../errors';
import { newTransactionId, walletAddress, walletOfTransaction, type WalletAddress } from '../redis/wallet-keys';
import {
  checkCancel,
  checkConfirm,
  checkCurrency,
  checkId,
  checkReserve,
  checkTopup,
} from './wallet-validation';
import type { WalletStore } from './wallet-store';
import type {
  BalanceReply,
  CancelInput,
  ConfirmInput,
  ReserveInput,
  TopupInput,
  TopupReply,
  TransactionView,
  WalletBalance,
} from './wallet-types';

export interface WalletServiceDeps {
  readonly store: WalletStore;
  readonly idempotencyTtlS: number;
  readonly clock?: () => number;
}

/**
 * The engine's rules: every field checked (SPEC §1.5) before one atomic script does the move. Every
 * method is async, so a bad field is a rejected promise, never a synchronous throw.
 */
export function createWalletService({ store, idempotencyTtlS, clock = Date.now }: WalletServiceDeps) {
  const moment = () => ({ nowMs: clock(), idempotencyTtlS });

  function walletOf(transactionId: string): WalletAddress {
    const wallet = walletOfTransaction(transactionId);
    if (!wallet) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
    return wallet;
  }

  return {
    async reserve(raw: ReserveInput): Promise<BalanceReply> {
      const input = checkReserve(raw);
      const wallet = walletAddress(input.userId, input.gameId, input.currency);
      return store.reserve(wallet, input, newTransactionId(wallet), moment());
    },

    async confirm(raw: ConfirmInput): Promise<BalanceReply> {
      const input = checkConfirm(raw);
      return store.confirm(walletOf(input.transactionId), input, moment());
    },

    async cancel(raw: CancelInput): Promise<BalanceReply> {
      const input = checkCancel(raw);
      return store.cancel(walletOf(input.transactionId), input, moment());
    },

    async getTransaction(transactionId: string): Promise<TransactionView> {
      checkId('transaction_id', transactionId);
      const found = await store.transaction(transactionId);
      if (!found) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
      return found;
    },

    async topup(raw: TopupInput): Promise<TopupReply> {
      const input = checkTopup(raw);
      return store.topup(walletAddress(input.userId, input.gameId, input.currency), input, moment());
    },

    async balance(userId: string, gameId: string, currency: string): Promise<WalletBalance> {
      const wallet = walletAddress(checkId('user_id', userId), checkId('game_id', gameId), checkCurrency('currency', currency));
      return store.balance(wallet);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

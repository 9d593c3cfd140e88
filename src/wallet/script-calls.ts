import { keys, reserveTarget, type WalletAddress } from '../redis/wallet-keys';
import type { CancelInput, ConfirmInput, ReserveInput, TopupInput } from './wallet-types';

/** An operation and the wallet it moves (for Confirm and Cancel, the one its transaction_id names). */
export interface WalletItem<Input> {
  readonly wallet: WalletAddress;
  readonly input: Input;
}
export type ReserveItem = WalletItem<ReserveInput>;
export type ConfirmItem = WalletItem<ConfirmInput>;
export type CancelItem = WalletItem<CancelInput>;

export interface Moment {
  readonly nowMs: number;
  readonly idempotencyTtlS: number;
  /** Reservations created at or before this instant have expired (0: none expire). */
  readonly expiryCutoffMs: number;
  /** RESERVATION_TIMEOUT_S > 0: new reservations are indexed for the sweeper. */
  readonly reservationsExpire: boolean;
}

/**
 * KEYS then ARGV of each script in lua/, in the order its header gives: the one place that lays them
 * out (the store, the scripts' tests and the benches call through these).
 */
export const scriptCalls = {
  /** One call's reserves, applied in order (on Redis Cluster, all of one partition). */
  reserve(items: readonly ReserveItem[], at: Moment): string[] {
    const keyList: string[] = [];
    const args = [String(at.nowMs), String(at.idempotencyTtlS), at.reservationsExpire ? '1' : '0'];
    for (const { wallet, input } of items) {
      const target = reserveTarget(wallet, input.requestId);
      keyList.push(keys.wallet(wallet), target.key, keys.outbox(wallet), keys.openReservations(wallet));
      args.push(input.requestId, input.userId, input.gameId, input.roundId, input.amount, input.currency, target.transactionId);
    }
    return [String(keyList.length), ...keyList, ...args];
  },

  /** One call's confirms, applied in order (on Redis Cluster, all of one partition). */
  confirm(items: readonly ConfirmItem[], at: Moment): string[] {
    const keyList: string[] = [];
    const args = [String(at.nowMs), String(at.idempotencyTtlS), String(at.expiryCutoffMs)];
    for (const { wallet, input } of items) {
      keyList.push(...settlementKeys(wallet, input.transactionId, keys.confirmRequest(wallet, input.transactionId, input.requestId)));
      args.push(input.requestId, input.transactionId, input.roundId, input.winAmount, wallet.currency);
    }
    return [String(keyList.length), ...keyList, ...args];
  },

  /** One call's cancels, applied in order (on Redis Cluster, all of one partition). */
  cancel(items: readonly CancelItem[], at: Moment): string[] {
    const keyList: string[] = [];
    const args = [String(at.nowMs), String(at.idempotencyTtlS)];
    for (const { wallet, input } of items) {
      keyList.push(...settlementKeys(wallet, input.transactionId, keys.cancelRequest(wallet, input.transactionId, input.requestId)));
      args.push(input.requestId, input.transactionId, input.reason, wallet.currency);
    }
    return [String(keyList.length), ...keyList, ...args];
  },

  settled(
    wallet: WalletAddress,
    request: { operation: 'confirm'; input: ConfirmInput } | { operation: 'cancel'; input: CancelInput },
    at: Pick<Moment, 'idempotencyTtlS'>,
  ): string[] {
    const { transactionId, requestId } = request.input;
    const [requestKey, detail, win] =
      request.operation === 'confirm'
        ? [keys.confirmRequest(wallet, transactionId, requestId), request.input.roundId, request.input.winAmount]
        : [keys.cancelRequest(wallet, transactionId, requestId), request.input.reason, ''];
    return [requestKey, keys.wallet(wallet), request.operation, transactionId, detail, win, String(at.idempotencyTtlS)];
  },

  expireReservation(wallet: WalletAddress, transactionId: string, cutoffMs: number, nowMs: number): string[] {
    return [
      keys.transaction(transactionId), keys.wallet(wallet), keys.outbox(wallet), keys.openReservations(wallet),
      transactionId, String(cutoffMs), String(nowMs), wallet.currency,
    ];
  },

  /** Settled transactions of one partition, their records' keys counted first (retain.lua takes any number). */
  retain(transactionIds: readonly string[], retentionS: number): string[] {
    return [String(transactionIds.length), ...transactionIds.map(keys.transaction), String(retentionS), ...transactionIds];
  },

  topup(wallet: WalletAddress, input: TopupInput, at: Pick<Moment, 'nowMs' | 'idempotencyTtlS'>): string[] {
    const idempotencyKey = input.idempotencyKey ?? '';
    return [
      keys.wallet(wallet), keys.topupRequest(wallet, idempotencyKey), keys.outbox(wallet), keys.topupSequence(wallet),
      keys.currencies(wallet),
      input.userId, input.gameId, input.currency, input.amount, input.comment,
      String(at.nowMs), String(at.idempotencyTtlS), idempotencyKey, String(wallet.partition), input.auditTrail ?? '',
    ];
  },
};

/** An item's keys in confirm.lua and cancel.lua: they settle a transaction, so they share a key layout. */
function settlementKeys(wallet: WalletAddress, transactionId: string, requestKey: string): string[] {
  return [keys.transaction(transactionId), keys.wallet(wallet), requestKey, keys.outbox(wallet), keys.openReservations(wallet)];
}

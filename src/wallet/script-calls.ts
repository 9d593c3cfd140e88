import { keys, reserveTarget, type WalletAddress } from '../redis/wallet-keys';
import type { CancelInput, ConfirmInput, ReserveInput, TopupInput } from './wallet-types';

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
  reserve(wallet: WalletAddress, input: ReserveInput, at: Moment): string[] {
    const target = reserveTarget(wallet, input.requestId);
    return [
      keys.wallet(wallet), target.key, keys.outbox(wallet), keys.openReservations(wallet),
      input.requestId, input.userId, input.gameId, input.roundId, input.amount, input.currency,
      target.transactionId, String(at.nowMs), String(at.idempotencyTtlS), at.reservationsExpire ? '1' : '0',
    ];
  },

  confirm(wallet: WalletAddress, input: ConfirmInput, at: Moment): string[] {
    return [
      ...settlementKeys(wallet, input.transactionId, keys.confirmRequest(wallet, input.transactionId, input.requestId)),
      input.requestId, input.transactionId, input.roundId, input.winAmount,
      String(at.nowMs), String(at.idempotencyTtlS), String(at.expiryCutoffMs), wallet.currency,
    ];
  },

  cancel(wallet: WalletAddress, input: CancelInput, at: Moment): string[] {
    return [
      ...settlementKeys(wallet, input.transactionId, keys.cancelRequest(wallet, input.transactionId, input.requestId)),
      input.requestId, input.transactionId, input.reason, String(at.nowMs), String(at.idempotencyTtlS), wallet.currency,
    ];
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
      String(at.nowMs), String(at.idempotencyTtlS), idempotencyKey, String(wallet.partition),
    ];
  },
};

/** KEYS[1..5] of confirm.lua and cancel.lua: they settle a transaction, so they share a key layout. */
function settlementKeys(wallet: WalletAddress, transactionId: string, requestKey: string): string[] {
  return [
    keys.transaction(transactionId),
    keys.wallet(wallet),
    requestKey,
    keys.outbox(wallet),
    keys.openReservations(wallet),
  ];
}

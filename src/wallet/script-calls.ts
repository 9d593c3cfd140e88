import { keys, reserveTarget, type WalletAddress } from '../redis/wallet-keys';
import { periodStarts } from './loss-periods';
import type { CancelInput, CloseInput, ConfirmInput, ReserveInput, TopupInput } from './wallet-types';

/** An operation and the wallet it moves (for Confirm and Cancel, the one its transaction_id names). */
export interface WalletItem<Input> {
  readonly wallet: WalletAddress;
  readonly input: Input;
}
export interface ReserveItem extends WalletItem<ReserveInput> {
  /** The currency is unknown or disabled (SPEC §1.11): a new Reserve is refused, a repeat still replays. */
  readonly currencyClosed?: boolean;
}
export type ConfirmItem = WalletItem<ConfirmInput>;
export type CancelItem = WalletItem<CancelInput>;

/** A change of a wallet's limits (lua/limits.lua): none is -1, a period its code (loss-periods.ts). */
export type LimitsChange =
  | { readonly set: { readonly delayMs: number; readonly maxBet: number; readonly lossLimit: number; readonly period: number } }
  /** max_bet, loss_limit, period, pending_at (0: none), pending max_bet, loss_limit, period, then the day's, week's and month's net loss. */
  | { readonly rebuild: readonly number[] }
  /** The net loss the ledger held before the record was made, per period with the start it counts from (a made record's first figures). */
  | { readonly seed: { readonly starts: readonly string[]; readonly netLoss: readonly number[]; readonly throughStreamId: string } };

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
    const args = [String(at.nowMs), String(at.idempotencyTtlS), at.reservationsExpire ? '1' : '0', ...periodStarts(at.nowMs)];
    for (const { wallet, input, currencyClosed } of items) {
      const target = reserveTarget(wallet, input.requestId);
      keyList.push(
        keys.wallet(wallet), target.key, keys.limits(wallet), keys.userGameFreeze(wallet), keys.userFreeze(wallet, input.userId),
        keys.outbox(wallet), keys.openReservations(wallet),
      );
      args.push(input.requestId, input.userId, input.gameId, input.roundId, input.amount, input.currency, target.transactionId, currencyClosed ? '0' : '1');
    }
    return [String(keyList.length), ...keyList, ...args];
  },

  /** One call's confirms, applied in order (on Redis Cluster, all of one partition). */
  confirm(items: readonly ConfirmItem[], at: Moment): string[] {
    const keyList: string[] = [];
    const args = [String(at.nowMs), String(at.idempotencyTtlS), String(at.expiryCutoffMs), ...periodStarts(at.nowMs)];
    for (const { wallet, input } of items) {
      keyList.push(
        keys.transaction(input.transactionId), keys.wallet(wallet), keys.limits(wallet),
        keys.confirmRequest(wallet, input.transactionId, input.requestId), keys.outbox(wallet), keys.openReservations(wallet),
      );
      args.push(input.requestId, input.transactionId, input.roundId, input.winAmount, wallet.currency);
    }
    return [String(keyList.length), ...keyList, ...args];
  },

  /** One call's cancels, applied in order (on Redis Cluster, all of one partition). */
  cancel(items: readonly CancelItem[], at: Moment): string[] {
    const keyList: string[] = [];
    const args = [String(at.nowMs), String(at.idempotencyTtlS)];
    for (const { wallet, input } of items) {
      keyList.push(
        keys.transaction(input.transactionId), keys.wallet(wallet),
        keys.cancelRequest(wallet, input.transactionId, input.requestId), keys.outbox(wallet), keys.openReservations(wallet),
      );
      args.push(input.requestId, input.transactionId, input.reason, wallet.currency);
    }
    return [String(keyList.length), ...keyList, ...args];
  },

  /** Reads (no change), asks for (`set`) or rebuilds (`rebuild`, restore) a wallet's limits: lua/limits.lua. */
  limits(wallet: WalletAddress, nowMs: number, change?: LimitsChange): string[] {
    const at = [String(nowMs), ...periodStarts(nowMs)];
    const call = (operation: string, ...rest: string[]) => [keys.limits(wallet), keys.outbox(wallet), keys.limitsSeed(wallet), operation, ...at, ...rest];
    if (!change) return call('get');
    if ('set' in change) {
      const { delayMs, maxBet, lossLimit, period } = change.set;
      return call('set', String(delayMs), String(maxBet), String(lossLimit), String(period));
    }
    if ('seed' in change) return call('seed', ...change.seed.starts, ...change.seed.netLoss.map(String), change.seed.throughStreamId);
    return call('rebuild', ...change.rebuild.map(String));
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

  /** `currencyClosed`: the currency is disabled (a new top-up is refused, a repeated key still replays: SPEC §1.11). */
  topup(wallet: WalletAddress, input: TopupInput, at: Pick<Moment, 'nowMs' | 'idempotencyTtlS'>, currencyClosed = false): string[] {
    const idempotencyKey = input.idempotencyKey ?? '';
    return [
      keys.wallet(wallet), keys.topupRequest(wallet, idempotencyKey), keys.outbox(wallet), keys.topupSequence(wallet),
      keys.currencies(wallet),
      input.userId, input.gameId, input.currency, input.amount, input.comment,
      String(at.nowMs), String(at.idempotencyTtlS), idempotencyKey, String(wallet.partition), input.auditTrail ?? '',
      currencyClosed ? '0' : '1',
    ];
  },

  closeWallet(wallet: WalletAddress, input: CloseInput, at: Pick<Moment, 'nowMs' | 'idempotencyTtlS'>): string[] {
    const idempotencyKey = input.idempotencyKey ?? '';
    return [
      keys.wallet(wallet), keys.topupRequest(wallet, idempotencyKey), keys.outbox(wallet), keys.topupSequence(wallet),
      input.userId, input.gameId, input.currency, input.reason,
      String(at.nowMs), String(at.idempotencyTtlS), idempotencyKey, String(wallet.partition), input.auditTrail,
    ];
  },
};

import { AppError } from '../errors';
import type { WalletAddress } from '../redis/wallet-keys';
import type { Moment, WalletStore } from './wallet-store';
import type { ArchivedTransaction, BalanceReply, CancelInput, ConfirmInput } from './wallet-types';

/**
 * Confirm and Cancel of a transaction that Redis no longer holds, answered from the archive exactly as
 * the scripts would have answered (SPEC §1.6): the settling request_id replays its first reply from
 * the ledger within the idempotency TTL; anything else gets already_* or FAILED_PRECONDITION.
 */
export async function confirmArchived(
  store: WalletStore, wallet: WalletAddress, tx: ArchivedTransaction, input: ConfirmInput, at: Moment,
): Promise<BalanceReply> {
  assertSettled(tx);
  // The confirm script's fingerprint: round_id as the call gave it, and win_amount.
  const replay = ledgerReplay(tx, input.requestId, at, 'confirm', (move) =>
    (move.requestRoundId ?? input.roundId) === input.roundId && move.winAmount === input.winAmount,
  );
  if (replay) return replay;
  if (input.roundId !== '' && input.roundId !== tx.roundId) {
    throw new AppError('FAILED_PRECONDITION', `round_id does not match the round of transaction ${tx.transactionId}`);
  }
  if (tx.status === 'canceled') {
    throw new AppError('FAILED_PRECONDITION', `transaction ${tx.transactionId} is canceled and cannot be confirmed`);
  }
  return store.settled(wallet, { operation: 'confirm', input }, at);
}

export async function cancelArchived(
  store: WalletStore, wallet: WalletAddress, tx: ArchivedTransaction, input: CancelInput, at: Moment,
): Promise<BalanceReply> {
  assertSettled(tx);
  const replay = ledgerReplay(tx, input.requestId, at, 'cancel', (move) => move.reason === input.reason);
  if (replay) return replay;
  if (tx.status === 'confirmed') {
    throw new AppError('FAILED_PRECONDITION', `transaction ${tx.transactionId} is confirmed and cannot be canceled`);
  }
  return store.settled(wallet, { operation: 'cancel', input }, at);
}

/** Only settled transactions leave Redis; a reserved one in MySQL alone means Redis lost data. */
function assertSettled(tx: ArchivedTransaction): void {
  if (tx.status === 'reserved') {
    throw new AppError('INTERNAL', `transaction ${tx.transactionId} is reserved in MySQL but missing from Redis`);
  }
}

function ledgerReplay(
  tx: ArchivedTransaction,
  requestId: string,
  at: Moment,
  kind: 'confirm' | 'cancel',
  sameFields: (move: NonNullable<ArchivedTransaction['settledBy']>) => boolean,
): BalanceReply | null {
  const move = tx.settledBy;
  if (!move || move.kind !== kind || move.requestId !== requestId) return null;
  if (at.nowMs - move.atMs > at.idempotencyTtlS * 1000) return null;
  if (!sameFields(move)) {
    throw new AppError('ALREADY_EXISTS', `request_id ${requestId} was already used with different fields`);
  }
  return {
    status: kind === 'confirm' ? 'confirmed' : 'canceled',
    transactionId: tx.transactionId,
    availableBalance: move.availableBalance,
    reservedBalance: move.reservedBalance,
    replayed: true,
  };
}

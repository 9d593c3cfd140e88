import { PARTITION_COUNT } from '../redis/wallet-keys';
import type { WalletStore } from '../wallet/wallet-store';

/** How many due reservations one sweep expires per partition: bounded, the next sweep takes the rest. */
export const SWEEP_BATCH = 200;

/**
 * Cancels, as `expired`, every reservation older than RESERVATION_TIMEOUT_S, up to SWEEP_BATCH per
 * partition. Each expiry is its own atomic script that re-checks the status and the deadline, so a
 * Confirm or Cancel racing the sweep wins or loses cleanly.
 */
export async function sweepExpiredReservations(wallet: WalletStore, timeoutS: number, nowMs: number): Promise<number> {
  if (timeoutS <= 0) return 0;
  const cutoffMs = nowMs - timeoutS * 1000;
  let expired = 0;
  for (let partition = 0; partition < PARTITION_COUNT; partition += 1) {
    const due = await wallet.dueReservations(partition, cutoffMs, SWEEP_BATCH);
    for (const transactionId of due) {
      if (await wallet.expire(transactionId, cutoffMs, nowMs)) expired += 1;
    }
  }
  return expired;
}

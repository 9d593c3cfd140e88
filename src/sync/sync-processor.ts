import type { Job } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import type { AppliedObserver } from '../metrics/sync-metrics';
import type { WalletStore } from '../wallet/wallet-store';
import { applyOutboxBatch } from './ledger-repository';
import { parseOutboxEntry } from './outbox-event';
import { sweepExpiredReservations } from './expiry-sweeper';
import { BATCH_JOB, SWEEP_JOB, type BatchJobData } from './sync-queue';
import type { OutboxStore, RawEntry } from './outbox-store';

export interface SyncProcessorDeps {
  readonly db: Knex;
  readonly outbox: OutboxStore;
  readonly wallet: WalletStore;
  readonly settledRetentionS: number;
  /** A transaction record is also its Reserve's idempotency record: it stays at least this long too. */
  readonly idempotencyTtlS: number;
  readonly reservationTimeoutS: number;
  readonly logger: Logger;
  readonly clock?: () => number;
  /** Metrics: called after each batch is committed and acknowledged. */
  readonly onApplied?: AppliedObserver;
}

/**
 * The BullMQ processor. A batch is applied to MySQL in one transaction, and only then acknowledged
 * and removed from the outbox (with the settled transactions' records set to expire after
 * max(SETTLED_RETENTION_S, IDEMPOTENCY_TTL_S): the record is also the Reserve's idempotency record); a crash in
 * between leaves the entries to be applied again, which changes nothing.
 */
export function createSyncProcessor(deps: SyncProcessorDeps) {
  const clock = deps.clock ?? Date.now;
  const settledKeepS = Math.max(deps.settledRetentionS, deps.idempotencyTtlS);
  return async (job: Job<BatchJobData>): Promise<{ applied: number }> => {
    if (job.name === SWEEP_JOB) {
      const expired = await sweepExpiredReservations(deps.wallet, deps.reservationTimeoutS, clock());
      return { applied: expired };
    }
    if (job.name !== BATCH_JOB) throw new Error(`unknown job ${job.name}`);
    const { partition } = job.data;
    const entries = await entriesOf(deps.outbox, job.data);
    if (entries.length === 0) return { applied: 0 }; // acknowledged already: this is a retry after a crash
    const events = entries.map((entry) => parseOutboxEntry(partition, entry));
    const applied = await applyOutboxBatch(deps.db, events);
    const settled = events
      .filter((event) => event.kind === 'confirm' || event.kind === 'cancel' || event.kind === 'expire')
      .map((event) => event.transactionId!);
    await deps.outbox.acknowledge(partition, entries.map(([id]) => id), settled, settledKeepS);
    deps.onApplied?.(entries[entries.length - 1]![0], entries.length);
    deps.logger.debug({ partition, events: events.length, applied }, 'outbox batch applied');
    return { applied };
  };
}

/** A batch written by a worker before jobs carried ranges: its entries themselves. */
interface BatchWithEntries {
  readonly partition: number;
  readonly entries: RawEntry[];
}

/** The batch's entries that are still in the outbox, read back from the stream. */
async function entriesOf(outbox: OutboxStore, batch: BatchJobData | BatchWithEntries): Promise<RawEntry[]> {
  if ('entries' in batch) return batch.entries;
  if (!batch.ids) return outbox.range(batch.partition, batch.first, batch.last, batch.count);
  // Recovered entries may lie far apart, with other jobs' entries between them: each is read alone.
  const found = await Promise.all(batch.ids.map((id) => outbox.range(batch.partition, id, id, 1)));
  return found.flat();
}

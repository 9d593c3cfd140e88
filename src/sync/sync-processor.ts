import type { Job } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import type { AppliedObserver } from './sync-metrics';
import type { WalletStore } from '../wallet/wallet-store';
import { applyOutboxBatch, type BatchCompanion } from './ledger-repository';
import { outboxEventsOf } from './outbox-event';
import { sweepExpiredReservations } from './expiry-sweeper';
import { BATCH_JOB, SWEEP_JOB, type BatchJobData, type OutboxRange } from './sync-queue';
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
  /** Writes made with each batch, in its transaction (the composition root passes the top-ups' audit). */
  readonly alongside?: BatchCompanion;
  /** False: no report rollups (only the bench's baseline drain). */
  readonly rollups?: boolean;
}

/**
 * The most ledger rows one MySQL transaction writes: a job holds about SYNC_BATCH_SIZE moves (up to
 * 10,000; a job of recovered entries counts entries, each up to MOVES_PER_ENTRY moves), applied in
 * transactions of at most this many rows, in order.
 */
const MAX_ROWS_PER_TRANSACTION = 2000;

/**
 * The BullMQ processor. A batch (its ranges of one or more partitions) is applied to MySQL in one
 * transaction (or, past MAX_ROWS_PER_TRANSACTION moves, several in order), and only then acknowledged and removed from each partition's outbox (with the settled
 * transactions' records set to expire after max(SETTLED_RETENTION_S, IDEMPOTENCY_TTL_S): the record
 * is also the Reserve's idempotency record); a crash in between leaves the entries to be applied
 * again, which changes nothing.
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
    const ranges = rangesOf(job.data);
    const read = await Promise.all(ranges.map((range) => entriesOf(deps.outbox, range)));
    const parsed = read.map((entries, i) => entries.flatMap((entry) => outboxEventsOf(ranges[i]!.partition, entry)));
    const events = parsed.flat();
    if (events.length === 0) return { applied: 0 }; // acknowledged already: this is a retry after a crash
    let applied = 0;
    for (let start = 0; start < events.length; start += MAX_ROWS_PER_TRANSACTION) {
      applied += await applyOutboxBatch(deps.db, events.slice(start, start + MAX_ROWS_PER_TRANSACTION), deps.alongside, { rollups: deps.rollups });
    }
    await Promise.all(ranges.map(async (range, i) => {
      const entries = read[i]!;
      if (entries.length === 0) return;
      const settled = parsed[i]!
        .filter((event) => event.kind === 'confirm' || event.kind === 'cancel' || event.kind === 'expire')
        .map((event) => event.transactionId!);
      await deps.outbox.acknowledge(range.partition, entries.map(([id]) => id), settled, settledKeepS);
      deps.onApplied?.(entries[entries.length - 1]![0], entries.length);
    }));
    deps.logger.debug({ ranges: ranges.length, events: events.length, applied }, 'outbox batch applied');
    return { applied };
  };
}

/** A range, or a batch a worker from before ranges wrote: its partition's entries themselves. */
type LegacyBatch = { readonly partition: number; readonly entries: RawEntry[] };
type Carried = OutboxRange | LegacyBatch;

function rangesOf(batch: BatchJobData | LegacyBatch): readonly Carried[] {
  return 'entries' in batch ? [batch] : batch.ranges;
}

/** The entries of a range that are still in the outbox, read back from the stream. */
async function entriesOf(outbox: OutboxStore, range: Carried): Promise<RawEntry[]> {
  if ('entries' in range) return range.entries;
  if (!range.ids) return outbox.range(range.partition, range.first, range.last, range.count);
  return outbox.entries(range.partition, range.ids);
}

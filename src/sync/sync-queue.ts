import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { RawEntry } from './outbox-store';

export const SYNC_QUEUE = 'ledger-sync';
export const BATCH_JOB = 'outbox-batch';
export const SWEEP_JOB = 'expiry-sweep';

export interface BatchJobData {
  readonly partition: number;
  readonly entries: RawEntry[];
}

/**
 * Batches retry until MySQL takes them (a retry is a no-op for rows already in): backoff doubles from
 * 200 ms up to 30 s, so a MySQL outage of minutes drains within seconds of its end.
 */
export const BATCH_JOB_OPTIONS: JobsOptions = {
  attempts: Number.MAX_SAFE_INTEGER,
  backoff: { type: 'capped-exponential' },
  removeOnComplete: true,
  removeOnFail: 1000,
};

export function batchBackoffMs(attemptsMade: number): number {
  return Math.min(30_000, 200 * 2 ** Math.min(attemptsMade, 10));
}

/** The job id makes re-enqueueing the same entries (a claim after a lost job) a no-op while it waits. */
export function batchJobId(partition: number, entries: readonly RawEntry[]): string {
  return `p${partition}_${entries[0]![0]}_${entries[entries.length - 1]![0]}_${entries.length}`;
}

export function createSyncQueue(connection: ConnectionOptions, prefix: string): Queue<BatchJobData> {
  return new Queue<BatchJobData>(SYNC_QUEUE, { connection, prefix });
}

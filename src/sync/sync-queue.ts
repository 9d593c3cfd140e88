import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';

export const SYNC_QUEUE = 'ledger-sync';
export const BATCH_JOB = 'outbox-batch';
export const SWEEP_JOB = 'expiry-sweep';

/**
 * Where some of a partition's outbox entries lie: the stream ids from `first` to `last` (`count`
 * entries, holding `moves` moves: a fresh read knows it; recovered entries, and ranges queued before
 * entries held several moves, count one per entry). A fresh read's entries are every entry of its range (a consumer group delivers new
 * entries in id order, one read after another); recovered entries may leave gaps, so their range
 * lists its `ids`.
 */
export interface OutboxRange {
  readonly partition: number;
  readonly first: string;
  readonly last: string;
  readonly count: number;
  readonly moves?: number;
  readonly ids?: readonly string[];
}

/**
 * A batch names its entries, not their contents: ranges of one or more partitions, which the processor
 * reads back with XRANGE and applies to MySQL in one transaction. Under a light load one batch
 * gathers what every partition got meanwhile, so MySQL still commits hundreds of rows at a time.
 */
export interface BatchJobData {
  readonly ranges: readonly OutboxRange[];
}

/** The batch of recovered entries of a partition: their ids, in id order. */
export function recoveredBatch(partition: number, ids: readonly string[]): BatchJobData {
  return { ranges: [{ partition, first: ids[0]!, last: ids[ids.length - 1]!, count: ids.length, ids }] };
}

/** A range's moves (the ledger rows it makes). */
export const movesOf = (range: OutboxRange): number => range.moves ?? range.count;

/** Fresh ranges packed into batches: each batch takes ranges until it holds `batchSize` moves or more. */
export function packRanges(ranges: readonly OutboxRange[], batchSize: number): BatchJobData[] {
  const batches: OutboxRange[][] = [];
  let current: OutboxRange[] = [];
  let moves = 0;
  for (const range of ranges) {
    current.push(range);
    moves += movesOf(range);
    if (moves >= batchSize) {
      batches.push(current);
      current = [];
      moves = 0;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches.map((batch) => ({ ranges: batch }));
}

/**
 * Batches retry until MySQL takes them (a retry is a no-op for rows already in): the first retry
 * waits 200 ms, each next one twice as long, up to 30 s, so a MySQL outage of minutes drains within
 * seconds of its end (batchBackoffMs).
 */
export const BATCH_JOB_OPTIONS: JobsOptions = {
  attempts: Number.MAX_SAFE_INTEGER,
  backoff: { type: 'capped-exponential' },
  removeOnComplete: true,
  removeOnFail: 1000,
};

/** The wait before a batch's `retry`-th retry; BullMQ's backoffStrategy passes 1 for the first. */
export function batchBackoffMs(retry: number): number {
  return Math.min(30_000, 200 * 2 ** Math.min(Math.max(retry - 1, 0), 10));
}

/** Job states in which a batch will still be applied and acknowledged. */
export const LIVE_JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused'] as const;

export function createSyncQueue(connection: ConnectionOptions, prefix: string): Queue<BatchJobData> {
  return new Queue<BatchJobData>(SYNC_QUEUE, { connection, prefix });
}

import type { Queue } from 'bullmq';
import type { Logger } from '../logging/logger';
import { PARTITION_COUNT } from '../redis/wallet-keys';
import { batchJobId, isCovered, liveRanges } from './batch-coverage';
import type { OutboxStore } from './outbox-store';
import { BATCH_JOB, BATCH_JOB_OPTIONS, LIVE_JOB_STATES, packRanges, recoveredBatch, type BatchJobData, type OutboxRange } from './sync-queue';

export interface RelayOptions {
  readonly batchSize: number;
  /** Entries pending this long, with no live job to carry them, are taken over (their relay died). */
  readonly claimIdleMs: number;
  /** Longest pause between polls when every outbox is empty. */
  readonly maxIdleDelayMs: number;
  /** Back-pressure: no new entries are read while this many batch jobs wait or run. */
  readonly maxQueuedBatches: number;
  /** After a pass that found less than a batch, the wait before the next (entries gather meanwhile). */
  readonly lingerMs: number;
}

/** How many pending entries one recovery pass looks at per partition, at most. */
const RECOVERY_SCAN_PAGES = 20;

/**
 * Moves outbox entries into BullMQ jobs: reads every partition's stream through the consumer group
 * (entries stay pending until a processor has committed them to MySQL and acknowledged them), and
 * now and then recovers entries left pending with no live job to carry them: a relay died between
 * reading them and enqueueing their batch, or their job failed. An entry that only waits (MySQL is
 * down, the queue is long) is never enqueued again. Several relays (one per worker) share the work.
 */
export function createOutboxRelay(outbox: OutboxStore, queue: Queue<BatchJobData>, logger: Logger, options: RelayOptions) {
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function queuedBatches(): Promise<number> {
    const counts = await queue.getJobCounts(...LIVE_JOB_STATES);
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  /** Pending entries of a partition idle past claimIdleMs that no live job covers, up to a batch. */
  async function orphans(partition: number, ranges: ReadonlyArray<[string, string]>): Promise<string[]> {
    const found: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < RECOVERY_SCAN_PAGES && found.length < options.batchSize; page += 1) {
      const ids = await outbox.pendingIdle(partition, options.claimIdleMs, after, options.batchSize);
      found.push(...ids.filter((id) => !isCovered(id, ranges)));
      if (ids.length < options.batchSize) break;
      after = ids[ids.length - 1]!;
    }
    return found.slice(0, options.batchSize);
  }

  function enqueue(batch: BatchJobData) {
    return queue.add(BATCH_JOB, batch, { ...BATCH_JOB_OPTIONS, jobId: batchJobId(batch) });
  }

  /**
   * A recovered batch: its job is added, or retried when it failed; a live one is left as it is. A
   * failed fresh batch of one partition's range, all of it recovered, has the same job id, so it is
   * the one retried.
   */
  async function enqueueRecovered(partition: number, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const batch = recoveredBatch(partition, ids);
    const jobId = batchJobId(batch);
    const state = await queue.getJobState(jobId);
    if (state === 'failed') await (await queue.getJob(jobId))?.retry('failed');
    else if (state === 'unknown' || state === 'completed') await enqueue(batch);
    else return; // its job came to life meanwhile: it will acknowledge them
    logger.warn({ partition, entries: ids.length, jobId, state }, 'recovered outbox entries no live job carried');
  }

  async function recover(partition: number, ranges: ReadonlyArray<[string, string]>): Promise<number> {
    const ids = await outbox.claim(partition, await orphans(partition, ranges), options.claimIdleMs);
    await enqueueRecovered(partition, ids);
    return ids.length;
  }

  /**
   * Reads every partition's new entries and enqueues them packed into batches. Only while the queue
   * holds fewer than maxQueuedBatches batches, and never more than the places left: each partition
   * reads its share of them (at least one entry, so with fewer entries than partitions left, only the
   * first few partitions read). The first partition rotates so none waits behind the others.
   */
  async function relayNew(firstPartition: number): Promise<number> {
    const budget = (options.maxQueuedBatches - (await queuedBatches())) * options.batchSize;
    if (budget <= 0) return 0;
    const perPartition = Math.min(options.batchSize, Math.floor(budget / PARTITION_COUNT));
    const readers = perPartition > 0 ? PARTITION_COUNT : Math.min(PARTITION_COUNT, budget);
    const reading = Array.from({ length: readers }, (_, i) => (firstPartition + i) % PARTITION_COUNT);
    const read = await Promise.all(reading.map((partition) => outbox.readNewRange(partition, Math.max(perPartition, 1))));
    const fresh: OutboxRange[] = read.flatMap((range, i) => (range ? [{ partition: reading[i]!, ...range }] : []));
    await Promise.all(packRanges(fresh, options.batchSize).map(enqueue));
    return fresh.reduce((sum, range) => sum + range.count, 0);
  }

  async function liveBatches(): Promise<BatchJobData[]> {
    const jobs = await queue.getJobs([...LIVE_JOB_STATES]);
    return jobs.filter((job) => job?.data).map((job) => job.data);
  }

  /** One pass: new entries, and now and then the recovery of orphans in every partition. */
  async function pass(claim: boolean, firstPartition: number): Promise<number> {
    let moved = await relayNew(firstPartition);
    if (claim) {
      const ranges = liveRanges(await liveBatches());
      const recovered = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => recover(p, ranges.get(p) ?? [])));
      moved += recovered.reduce((sum, n) => sum + n, 0);
    }
    return moved;
  }

  async function run(): Promise<void> {
    let groupsReady = false;
    let idleDelay = 1;
    let lastClaim = 0;
    let firstPartition = 0;
    while (running) {
      try {
        if (!groupsReady) {
          for (let partition = 0; partition < PARTITION_COUNT; partition += 1) await outbox.ensureGroup(partition);
          groupsReady = true;
        }
        const claim = Date.now() - lastClaim >= options.claimIdleMs / 2;
        if (claim) lastClaim = Date.now();
        const moved = await pass(claim, firstPartition);
        firstPartition = (firstPartition + 1) % PARTITION_COUNT;
        if (moved >= options.batchSize) idleDelay = 0; // a backlog: go on at once
        else if (moved > 0) idleDelay = options.lingerMs;
        else idleDelay = Math.min(Math.max(idleDelay * 2, 1), options.maxIdleDelayMs);
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay pass failed; retrying');
        groupsReady = false; // a restarted Redis may have lost a group: make sure again
        idleDelay = options.maxIdleDelayMs * 10;
      }
      if (running && idleDelay > 0) await pause(idleDelay);
    }
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      loop = run().catch((error: unknown) => logger.error({ err: error }, 'outbox relay stopped'));
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
    },
  };
}

import type { Queue } from 'bullmq';
import type { Logger } from '../logging/logger';
import { PARTITION_COUNT } from '../redis/wallet-keys';
import { batchJobId, liveCoverage, type PartitionCoverage } from './batch-coverage';
import type { OutboxStore } from './outbox-store';
import { BATCH_JOB, BATCH_JOB_OPTIONS, LIVE_JOB_STATES, movesOf, packRanges, recoveredBatch, type BatchJobData, type OutboxRange } from './sync-queue';

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

/**
 * How many pages of idle pending entries one recovery pass reads per partition, at most. A pass goes on
 * where the last one stopped, so a pending list of any length is covered over successive passes while
 * each pass costs the same: the work of recovery never grows with the backlog the drain is working off.
 */
const RECOVERY_PAGES_PER_PASS = 4;

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

  /** Per partition, the id after which the next recovery pass goes on reading (null: from the start). */
  const scanCursors = new Map<number, string | null>();

  /**
   * Pending entries of a partition idle past claimIdleMs that no live job covers, up to a batch. A run
   * of entries a live job carries is stepped over in one read (the next read starts after its last
   * id), so the reads count the gaps between live jobs, not the entries in them.
   */
  async function orphans(partition: number, coverage: PartitionCoverage | undefined): Promise<string[]> {
    const found: string[] = [];
    let after = scanCursors.get(partition) ?? null;
    for (let page = 0; page < RECOVERY_PAGES_PER_PASS && found.length < options.batchSize; page += 1) {
      const ids = await outbox.pendingIdle(partition, options.claimIdleMs, after, options.batchSize);
      let steppedOver = false;
      for (const id of ids) {
        const coveredUntil = coverage?.coveredUntil(id) ?? null;
        after = coveredUntil ?? id;
        if (coveredUntil !== null) {
          steppedOver = true;
          break;
        }
        found.push(id);
        if (found.length === options.batchSize) break;
      }
      if (!steppedOver && ids.length < options.batchSize) {
        after = null; // the end of the pending list: the next pass starts over
        break;
      }
    }
    scanCursors.set(partition, after);
    return found;
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

  async function recover(partition: number, coverage: PartitionCoverage | undefined): Promise<number> {
    const ids = await outbox.claim(partition, await orphans(partition, coverage), options.claimIdleMs);
    await enqueueRecovered(partition, ids);
    return ids.length;
  }

  /**
   * Reads every partition's new entries and enqueues them packed into batches (sizes in moves: an
   * entry holds one call's moves in its partition). Only while the queue holds fewer than
   * maxQueuedBatches batches, and never more than the places left: each partition reads its share of
   * them (at least one entry, so with fewer moves than partitions left, only the first few partitions
   * read). The first partition rotates so none waits behind the others. Returns the moves read.
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
    return fresh.reduce((sum, range) => sum + movesOf(range), 0);
  }

  async function liveBatches(): Promise<BatchJobData[]> {
    const jobs = await queue.getJobs([...LIVE_JOB_STATES]);
    return jobs.filter((job) => job?.data).map((job) => job.data);
  }

  /**
   * Failed batches go back to the queue: a batch never fails for its content (it retries until MySQL
   * takes it), only when BullMQ gave up on it (a worker killed while it ran, more often than the stall
   * limit allows), and its entries must not wait for the pending-list scan to come across them.
   */
  async function retryFailedBatches(): Promise<void> {
    const failed = await queue.getJobs(['failed']);
    for (const job of failed.filter((job) => job?.name === BATCH_JOB)) {
      // Another worker's relay may have retried it a moment ago: then it is live again, as wanted.
      if (!(await job.retry('failed').then(() => true, () => false))) continue;
      logger.warn({ jobId: job.id, ranges: job.data.ranges?.length }, 'retried a failed outbox batch');
    }
  }

  /** One pass: new entries, and now and then the recovery of orphans in every partition. */
  async function pass(claim: boolean, firstPartition: number): Promise<number> {
    let moved = await relayNew(firstPartition);
    if (claim) {
      await retryFailedBatches();
      const coverage = liveCoverage(await liveBatches());
      const recovered = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => recover(p, coverage.get(p))));
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

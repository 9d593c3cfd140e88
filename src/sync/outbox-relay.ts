import type { Queue } from 'bullmq';
import type { Logger } from '../logging/logger';
import { PARTITION_COUNT } from '../redis/wallet-keys';
import type { OutboxStore, RawEntry } from './outbox-store';
import { BATCH_JOB, BATCH_JOB_OPTIONS, batchJobId, type BatchJobData } from './sync-queue';

export interface RelayOptions {
  readonly batchSize: number;
  /** Entries pending this long are taken over from their consumer (dead, or its job was lost). */
  readonly claimIdleMs: number;
  /** Longest pause between polls when every outbox is empty. */
  readonly maxIdleDelayMs: number;
}

/**
 * Moves outbox entries into BullMQ jobs: reads every partition's stream through the consumer group
 * (entries stay pending until a processor has committed them to MySQL and acknowledged them), and
 * now and then claims entries left pending too long. Several relays (one per worker) share the work.
 */
export function createOutboxRelay(outbox: OutboxStore, queue: Queue<BatchJobData>, logger: Logger, options: RelayOptions) {
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  /**
   * Fresh batches get an id made of their entries, so enqueueing them twice is a no-op. Claimed ones
   * get a new id: their old job may be stuck with a dead worker, and applying twice changes nothing.
   */
  async function enqueue(partition: number, entries: RawEntry[], claimed: boolean): Promise<void> {
    if (entries.length === 0) return;
    const jobId = batchJobId(partition, entries) + (claimed ? `_claim${Date.now()}` : '');
    await queue.add(BATCH_JOB, { partition, entries }, { ...BATCH_JOB_OPTIONS, jobId });
  }

  async function pass(claim: boolean): Promise<number> {
    const counts = await Promise.all(
      Array.from({ length: PARTITION_COUNT }, async (_, partition) => {
        const fresh = await outbox.readNew(partition, options.batchSize);
        await enqueue(partition, fresh, false);
        if (!claim) return fresh.length;
        const stale = await outbox.claimStale(partition, options.claimIdleMs, options.batchSize);
        await enqueue(partition, stale, true);
        return fresh.length + stale.length;
      }),
    );
    return counts.reduce((sum, n) => sum + n, 0);
  }

  async function run(): Promise<void> {
    let groupsReady = false;
    let idleDelay = 1;
    let lastClaim = 0;
    while (running) {
      try {
        if (!groupsReady) {
          for (let partition = 0; partition < PARTITION_COUNT; partition += 1) await outbox.ensureGroup(partition);
          groupsReady = true;
        }
        const claim = Date.now() - lastClaim >= options.claimIdleMs / 2;
        if (claim) lastClaim = Date.now();
        const moved = await pass(claim);
        idleDelay = moved > 0 ? 1 : Math.min(idleDelay * 2, options.maxIdleDelayMs);
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay pass failed; retrying');
        groupsReady = false; // a restarted Redis may have lost a group: make sure again
        idleDelay = options.maxIdleDelayMs * 10;
      }
      if (running) await pause(idleDelay);
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

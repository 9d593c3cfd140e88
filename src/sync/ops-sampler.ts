import type { Logger } from '../logging/logger';
import { BUCKET_MS, bucketOf } from '../metrics/ops-timeline';
import { createOpsTimelineStore } from '../metrics/ops-timeline-store';
import type { RedisLike } from '../redis/script-registry';
import { readSyncStatus } from './sync-status';

/**
 * A worker's share of the ops timeline: twice per bucket it reads the outbox (every partition, one
 * round trip each) and sets the bucket's backlog and sync lag (the age of the oldest entry waiting).
 * Workers read the same outbox, so several of them set the same values. A failed read skips a point.
 */
export function startSyncSampler(redis: RedisLike, options: { logger: Logger; clock?: () => number }): { sample(): Promise<void>; stop(): void } {
  const clock = options.clock ?? Date.now;
  const store = createOpsTimelineStore(redis);
  let failing = false;
  const sample = async () => {
    try {
      const now = clock();
      const status = await readSyncStatus(redis, undefined, now);
      await store.setSync(bucketOf(now), { outboxEntries: status.outboxEntries, syncLagMs: status.oldestAgeMs });
      failing = false;
    } catch (error) {
      if (!failing) options.logger.warn({ err: error }, 'ops timeline: the sync backlog could not be sampled (Redis)');
      failing = true;
    }
  };
  void sample();
  const timer = setInterval(() => void sample(), BUCKET_MS / 2);
  timer.unref();
  return { sample, stop: () => clearInterval(timer) };
}

import type { Logger } from '../logging/logger';
import { BUCKET_MS, bucketOf } from '../metrics/ops-timeline';
import { createOpsTimelineStore } from '../metrics/ops-timeline-store';
import type { RedisLike } from '../redis/script-registry';
import { readSyncStatus } from './sync-status';

/**
 * The sync's points on the ops timeline: twice per bucket it reads the outbox (every partition, one
 * round trip each) and sets the bucket's backlog and sync lag (the age of the oldest entry waiting).
 * Workers and HTTP instances run one each (so the charts show a growing outbox when every worker is
 * down); they read the same outbox and set the same values. A failed read skips a point.
 */
export function startSyncSampler(redis: RedisLike, options: { logger: Logger; clock?: () => number }): { sample(): Promise<void>; stop(): Promise<void> } {
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
  let last = sample();
  const timer = setInterval(() => {
    last = sample();
  }, BUCKET_MS / 2);
  timer.unref();
  return {
    sample,
    /** No more samples; resolves once the one under way (if any) is done, before Redis is closed. */
    stop: () => {
      clearInterval(timer);
      return last;
    },
  };
}

import type { Queue } from 'bullmq';
import { BUCKET_MS, bucketOf } from '../../metrics/ops-timeline';
import { createOpsTimelineStore } from '../../metrics/ops-timeline-store';
import type { RedisLike } from '../../redis/script-registry';
import { readSyncStatus } from '../../sync/sync-status';

/** What the console's ops page shows: the sync's backlog and queue now, and the ops timeline. */
export function createOpsService(deps: { redis: RedisLike; syncQueue?: Queue; clock?: () => number }) {
  const clock = deps.clock ?? Date.now;
  const timeline = createOpsTimelineStore(deps.redis);
  return {
    async syncStatus() {
      const checkedAt = clock();
      const status = await readSyncStatus(deps.redis, deps.syncQueue, checkedAt);
      return {
        outbox_entries: status.outboxEntries,
        outbox_pending: status.outboxPending,
        partitions_with_entries: status.partitionsWithEntries,
        oldest_age_ms: status.oldestAgeMs,
        queue: status.queue && Object.entries(status.queue).map(([state, count]) => ({ state, count })),
        checked_at: new Date(checkedAt).toISOString(),
      };
    },

    /**
     * The last `minutes` of the ops timeline, a point per bucket, oldest first, ending with the last
     * whole bucket (the one filling now would read low: its calls/s would count part of a bucket).
     */
    async timeline(minutes: number) {
      const last = bucketOf(clock()) - 1;
      const points = await timeline.read(last - (minutes * 60_000) / BUCKET_MS + 1, last);
      return { bucket_seconds: BUCKET_MS / 1000, points };
    },
  };
}

export type OpsService = ReturnType<typeof createOpsService>;

import type { Queue } from 'bullmq';
import type { RedisLike } from '../../redis/script-registry';
import { readSyncStatus } from '../../sync/sync-status';

/** What the console's ops page shows: the sync's backlog and queue, read when asked. */
export function createOpsService(deps: { redis: RedisLike; syncQueue?: Queue; clock?: () => number }) {
  const clock = deps.clock ?? Date.now;
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
  };
}

export type OpsService = ReturnType<typeof createOpsService>;

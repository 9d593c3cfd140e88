import type { Queue } from 'bullmq';
import type { RedisLike } from '../redis/script-registry';
import { PARTITION_COUNT } from '../redis/wallet-keys';
import { createOutboxStore, type OutboxPartitionStatus } from './outbox-store';

/** Queue states an operator watches (the sync's live states and failures). */
const WATCHED_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

export interface SyncStatus {
  /** Outbox entries not yet applied to MySQL, over all partitions. */
  readonly outboxEntries: number;
  /** Of those, read by a relay and not yet acknowledged. */
  readonly outboxPending: number;
  readonly partitionsWithEntries: number;
  /** Age of the oldest entry waiting: how far the ledger trails the engine (0 when empty). */
  readonly oldestAgeMs: number;
  /** Jobs of the ledger-sync queue by state; null without a queue to ask. */
  readonly queue: Record<string, number> | null;
  readonly partitions: readonly OutboxPartitionStatus[];
}

/** The sync at a glance, for `sync status` and the console's ops page: one read of every partition. */
export async function readSyncStatus(redis: RedisLike, queue: Queue | undefined, nowMs: number): Promise<SyncStatus> {
  const outbox = createOutboxStore(redis, 'status');
  const partitions = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => outbox.status(p, nowMs)));
  const withEntries = partitions.filter((status) => status.length > 0);
  return {
    outboxEntries: withEntries.reduce((sum, status) => sum + status.length, 0),
    outboxPending: withEntries.reduce((sum, status) => sum + status.pending, 0),
    partitionsWithEntries: withEntries.length,
    oldestAgeMs: Math.max(0, ...withEntries.map((status) => status.oldestAgeMs ?? 0)),
    queue: queue ? await queue.getJobCounts(...WATCHED_STATES) : null,
    partitions,
  };
}

import { withRedisErrors } from '../redis/redis-errors';
import type { RedisLike } from '../redis/script-registry';
import { BUCKET_TTL_S, FIELDS, pointOf, type TimelinePoint } from './ops-timeline';

/** A bucket's key; one hash tag for all, so a pipeline over many buckets stays on one cluster slot. */
const bucketKey = (bucket: number) => `ops:{timeline}:${bucket}`;

/** What one gRPC process adds to a bucket: its calls, and their durations by histogram slot. */
export interface CallTally {
  calls: number;
  readonly slots: number[];
}

/** The ops timeline in Redis (see ops-timeline.ts): the writers' increments and the charts' read. */
export function createOpsTimelineStore(redis: RedisLike) {
  return {
    /** Adds each bucket's tallies (HINCRBY: the processes' tallies sum), in one round trip. */
    async addCalls(tallies: ReadonlyMap<number, CallTally>): Promise<void> {
      if (tallies.size === 0) return;
      const pipeline = redis.pipeline();
      for (const [bucket, tally] of tallies) {
        const key = bucketKey(bucket);
        pipeline.hincrby(key, FIELDS.calls, tally.calls);
        tally.slots.forEach((count, slot) => {
          if (count > 0) pipeline.hincrby(key, FIELDS.slot(slot), count);
        });
        pipeline.expire(key, BUCKET_TTL_S);
      }
      await pipeline.exec();
    },

    /** The sync's backlog as a worker read it (every worker reads the same outbox: the last one stands). */
    async setSync(bucket: number, sample: { outboxEntries: number; syncLagMs: number }): Promise<void> {
      const key = bucketKey(bucket);
      await redis
        .pipeline()
        .hset(key, FIELDS.outboxEntries, sample.outboxEntries, FIELDS.syncLagMs, Math.round(sample.syncLagMs))
        .expire(key, BUCKET_TTL_S)
        .exec();
    },

    /** The points of buckets `from` … `to` (inclusive), oldest first; Redis errors are AppErrors. */
    read(from: number, to: number): Promise<TimelinePoint[]> {
      return withRedisErrors(async () => {
        const pipeline = redis.pipeline();
        for (let bucket = from; bucket <= to; bucket++) pipeline.hgetall(bucketKey(bucket));
        const replies = (await pipeline.exec()) ?? [];
        return replies.map(([error, stored], i) => {
          if (error) throw error;
          return pointOf(from + i, stored as Record<string, string>);
        });
      });
    },
  };
}

export type OpsTimelineStore = ReturnType<typeof createOpsTimelineStore>;

import { durably, type DurableAck } from '../redis/durable-ack';
import { translateRedisError, withRedisErrors } from '../redis/redis-errors';
import { registerScripts, type RedisLike } from '../redis/script-registry';
import { createSlotRouter } from '../redis/slot-router';
import { scriptCalls } from '../wallet/script-calls';
import { keys, partitionTag } from '../redis/wallet-keys';

export const OUTBOX_GROUP = 'ledger-sync';

export type RawEntry = [id: string, fields: string[]];

export interface OutboxPartitionStatus {
  readonly partition: number;
  readonly length: number;
  readonly pending: number;
  readonly oldestAgeMs: number | null;
}

/**
 * The sync's view of the outbox streams: a consumer group per stream, reads, claims of entries a dead
 * consumer left pending, and acknowledgement (retention of settled transactions, then XACK + XDEL in
 * one MULTI on the partition's slot), only ever after MySQL committed.
 */
export function createOutboxStore(redis: RedisLike, consumer: string, options: { durableAck?: DurableAck | null } = {}) {
  registerScripts(redis);
  const outboxKey = (partition: number) => keys.outbox({ tag: partitionTag(partition) });
  const route = createSlotRouter(redis);
  /**
   * SPEC §1.10: with REDIS_DURABILITY=replicated the sync forwards only entries the replicas hold. A
   * read through the group (XREADGROUP, XCLAIM) is itself a write, after the entries it returns, so
   * the WAITAOF that covers it covers them: a failover cannot take back what reaches MySQL.
   */
  const replicatedRead = <T>(partition: number, read: (client: RedisLike) => Promise<T>): Promise<T> =>
    withRedisErrors(() => route(outboxKey(partition), (client) => durably(options.durableAck ?? null, client, read(client), keys.fence(outboxKey(partition)))));
  // ioredis applies its keyPrefix to every stream command but XGROUP: that one gets it by hand.
  const keyPrefix = (redis.options as { keyPrefix?: string }).keyPrefix ?? '';

  return {
    async ensureGroup(partition: number): Promise<void> {
      try {
        await redis.xgroup('CREATE', keyPrefix + outboxKey(partition), OUTBOX_GROUP, '0', 'MKSTREAM');
      } catch (error) {
        if (!String((error as Error).message).includes('BUSYGROUP')) throw translateRedisError(error);
      }
    },

    /**
     * Reads new entries holding about `moves` moves through the consumer group (they become pending for
     * this consumer) and returns only where they lie: they are the whole stream from first to last
     * (lua/read_new.lua), `count` entries holding `moves` moves.
     */
    async readNewRange(partition: number, moves: number): Promise<{ first: string; last: string; count: number; moves: number } | null> {
      const reply = await replicatedRead(partition, (client) => client.read_new(outboxKey(partition), OUTBOX_GROUP, consumer, String(moves)));
      return reply.length === 0 ? null : { first: reply[0], last: reply[1], count: Number(reply[2]), moves: Number(reply[3]) };
    },

    /** The entries still in the stream from `first` to `last` (at most `count`): those of a batch not yet acknowledged. */
    async range(partition: number, first: string, last: string, count: number): Promise<RawEntry[]> {
      return (await withRedisErrors(() => redis.xrange(outboxKey(partition), first, last, 'COUNT', count))) as RawEntry[];
    },

    /** The given entries still in the stream, in one round trip (recovered entries lie apart, each is read alone). */
    async entries(partition: number, ids: readonly string[]): Promise<RawEntry[]> {
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.xrange(outboxKey(partition), id, id);
      const results = (await withRedisErrors(() => pipeline.exec())) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw translateRedisError(failed[0]);
      return results.flatMap(([, found]) => found as RawEntry[]);
    },

    /**
     * Pending entries idle for at least `minIdleMs` (their consumer may have died), in id order after
     * `afterId`: ids only, nothing is claimed.
     */
    async pendingIdle(partition: number, minIdleMs: number, afterId: string | null, count: number): Promise<string[]> {
      const start = afterId ? `(${afterId}` : '-';
      const reply = (await withRedisErrors(() =>
        (redis.xpending as (...args: unknown[]) => Promise<unknown>)(outboxKey(partition), OUTBOX_GROUP, 'IDLE', minIdleMs, start, '+', count),
      )) as Array<[string, string, number, number]>;
      return reply.map(([id]) => id);
    },

    /** Takes over the given pending entries (still idle for `minIdleMs`) and returns their ids; entries deleted since are left out. */
    async claim(partition: number, ids: readonly string[], minIdleMs: number): Promise<string[]> {
      if (ids.length === 0) return [];
      const reply = (await replicatedRead(partition, (client) =>
        client.xclaim(outboxKey(partition), OUTBOX_GROUP, consumer, minIdleMs, ...ids),
      )) as Array<RawEntry | null>;
      return reply.filter((entry): entry is RawEntry => entry !== null && Array.isArray(entry[1])).map(([id]) => id);
    },

    /**
     * After MySQL committed the entries: the settled transactions' retention first (one retain.lua call
     * for the batch, which leaves a record that now holds another transaction alone), then
     * XACK + XDEL in one MULTI. A crash in between leaves the entries to be applied and retained again,
     * never a settled record without its expiry.
     */
    async acknowledge(partition: number, ids: readonly string[], settledTransactionIds: readonly string[], retentionS: number) {
      if (ids.length === 0) return;
      if (settledTransactionIds.length > 0) await withRedisErrors(() => redis.retain(...scriptCalls.retain(settledTransactionIds, retentionS)));
      const multi = redis.multi();
      multi.xack(outboxKey(partition), OUTBOX_GROUP, ...ids);
      multi.xdel(outboxKey(partition), ...ids);
      const results = await withRedisErrors(() => multi.exec());
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw translateRedisError(failed?.[0] ?? new Error('acknowledgement aborted'));
    },

    async status(partition: number, nowMs: number): Promise<OutboxPartitionStatus> {
      const key = outboxKey(partition);
      const [length, first, pending] = await withRedisErrors(() =>
        Promise.all([
          redis.xlen(key),
          redis.xrange(key, '-', '+', 'COUNT', 1),
          redis.xpending(key, OUTBOX_GROUP).catch(() => [0]) as Promise<unknown[]>,
        ]),
      );
      const firstId = first[0]?.[0];
      return {
        partition,
        length,
        pending: Number(pending[0] ?? 0),
        oldestAgeMs: firstId ? nowMs - Number(firstId.split('-')[0]) : null,
      };
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;

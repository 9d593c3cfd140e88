import type { RedisDurability } from '../config/config-types';
import { AppError } from '../errors';
import type { RedisLike } from './script-registry';

/**
 * Resolves once every write `client` sent before the call is in the primary's AOF and in the AOF of
 * the replicas REDIS_DURABILITY_REPLICAS asks for; rejects UNAVAILABLE when they fall short.
 */
export type DurableAck = (client: RedisLike) => Promise<void>;

interface Barrier {
  done: Promise<void>;
  sent: boolean;
}

/**
 * SPEC §1.10, group commit: `WAITAOF 1 N timeout` waits for every write sent before it on the same
 * connection, so one WAITAOF per connection per event-loop turn covers every script of that turn. A
 * caller asks for the acknowledgement right after sending its command: it joins the turn's barrier,
 * which is sent once the turn is over (setImmediate, after ioredis' auto-pipeline has written the
 * turn's commands, which it also does at setImmediate, queued earlier). A command sent after the
 * barrier went out joins the next one. The cost is one WAITAOF per turn, not per call.
 *
 * How many replicas: REDIS_DURABILITY_REPLICAS at least, and every replica the primary counts online.
 * Sentinel promotes the replica whose offset looked greatest when it last asked (up to 10 s before the
 * primary died), so a move on one replica of two can be lost when the other is promoted: a soak here
 * lost 285 acknowledged moves in 3 failovers that way with WAITAOF 1 1 and two replicas, none with
 * every online replica waited for. A replica that is down (or still in its first sync) is not waited
 * for, so one node can die and writes go on (see docs/operations.md for what that leaves open).
 *
 * `local` durability needs none of this: null, and callers skip the wait.
 */
export function createDurableAck(durability: RedisDurability): DurableAck | null {
  if (durability.mode === 'local') return null;
  const open = new WeakMap<RedisLike, Barrier>();
  const { timeoutMs } = durability;
  const onlineReplicas = createOnlineReplicaCount();

  const send = (client: RedisLike, barrier: Barrier): Promise<void> =>
    new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      barrier.sent = true;
      if (open.get(client) === barrier) open.delete(client);
      const replicas = Math.max(durability.replicas, onlineReplicas(client));
      let reply: [number, number];
      try {
        reply = (await client.call('WAITAOF', '1', String(replicas), String(timeoutMs))) as [number, number];
      } catch (error) {
        throw shortfall(`WAITAOF failed: ${(error as Error).message}`, error);
      }
      const [local, copies] = reply;
      if (local < 1 || copies < replicas) {
        throw shortfall(`confirmed in ${local} local and ${copies} replica AOF(s) of the ${replicas} asked for within ${timeoutMs} ms`);
      }
    });

  return (client) => {
    const current = open.get(client);
    if (current && !current.sent) return current.done;
    const barrier = { sent: false } as Barrier;
    barrier.done = send(client, barrier);
    open.set(client, barrier);
    return barrier.done;
  };
}

/** How often a connection's count of online replicas is read again (INFO replication). */
const REPLICA_COUNT_TTL_MS = 200;

/**
 * The replicas the primary behind a connection counts online, as last read (0 before the first
 * read); reading again, in the background, once the count is older than REPLICA_COUNT_TTL_MS.
 */
function createOnlineReplicaCount(): (client: RedisLike) => number {
  const known = new WeakMap<RedisLike, { count: number; readAt: number; reading: boolean }>();
  return (client) => {
    const entry = known.get(client) ?? { count: 0, readAt: 0, reading: false };
    known.set(client, entry);
    if (!entry.reading && Date.now() - entry.readAt > REPLICA_COUNT_TTL_MS) {
      entry.reading = true;
      client
        .info('replication')
        .then((info) => {
          entry.count = (info.match(/^slave\d+:.*state=online/gm) ?? []).length;
          entry.readAt = Date.now();
        }, () => undefined)
        .finally(() => (entry.reading = false));
    }
    return entry.count;
  };
}

function shortfall(detail: string, cause?: unknown): AppError {
  return new AppError(
    'UNAVAILABLE',
    `the store could not confirm the move on its replicas (REDIS_DURABILITY=replicated; ${detail}): ` +
      'it may have been applied; repeat with the same request_id',
    {},
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Waits for `pending` (a command sent on `client` just now) and, when `ack` is given, for the barrier
 * that covers it; the command's own failure comes first.
 */
export async function durably<T>(ack: DurableAck | null, client: RedisLike, pending: Promise<T>): Promise<T> {
  if (!ack) return pending;
  const barrier = ack(client);
  barrier.catch(() => undefined); // awaited below unless the command itself failed
  const value = await pending;
  await barrier;
  return value;
}

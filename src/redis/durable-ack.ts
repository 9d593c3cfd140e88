import type { RedisDurability, RedisSentinelTarget } from '../config';
import { AppError } from '../errors';
import type { Redis } from 'ioredis';
import type { RedisLike } from './script-registry';
import { watchPromotableReplicas, type PromotableReplicas, type WrittenNode } from './sentinel-replicas';
import { startReplicaFencing } from './replica-fencing';

/**
 * Resolves once every write `client` sent before the call is in the primary's AOF and in the AOF of
 * the replicas REDIS_DURABILITY_REPLICAS asks for; rejects UNAVAILABLE when they fall short.
 */
export type DurableAck = (client: RedisLike, pokeKey: string) => Promise<void>;

interface Barrier {
  done: Promise<void>;
  sent: boolean;
  /** The connection the commands it covers went out on (connectionOf): its WAITAOF must go out on it too. */
  connection: number | null;
}

const closedConnections = new WeakMap<RedisLike, { count: number }>();

/**
 * Which connection of `client` a command sent now goes out on: how many of its connections have closed
 * so far (the current one, or the one it is opening, for a command it queues meanwhile). A cluster
 * client has none of its own: it spreads commands over its nodes, so a WAITAOF through it says
 * nothing of a given write (null).
 */
function connectionOf(client: RedisLike): number | null {
  if (client.isCluster) return null;
  let closed = closedConnections.get(client);
  if (!closed) {
    const counter = { count: 0 };
    client.on('close', () => (counter.count += 1));
    closedConnections.set(client, counter);
    closed = counter;
  }
  return closed.count;
}

/**
 * SPEC §1.10, group commit: `WAITAOF 1 N timeout` waits for every write sent before it on the same
 * connection, so one WAITAOF per connection per event-loop turn covers every script of that turn. A
 * caller asks for the acknowledgement right after sending its command: it joins the turn's barrier,
 * which is sent once the turn is over (setImmediate, after ioredis' auto-pipeline has written the
 * turn's commands, which it also does at setImmediate, queued earlier). A command sent after the
 * barrier went out joins the next one. The cost is one WAITAOF per turn, not per call.
 *
 * "The same connection" is the same socket, not the same client: a client that reconnected between a
 * move and its WAITAOF (Sentinel's +switch-master, a command timeout against a stopped primary) would
 * send the WAITAOF to the new primary, which answers for its own writes and knows nothing of the move.
 * A barrier whose client closed a connection since its moves went out fails (UNAVAILABLE: repeat).
 *
 * How many replicas: REDIS_DURABILITY_REPLICAS at least, and
 * - behind Sentinel, the invariant of docs/operations.md: every node that could become primary without
 *   an operator, less the one written to, and every replica attached to it (sentinel-replicas.ts,
 *   nodesToConfirm);
 * - without Sentinel (one primary whose replicas an operator promotes, or a Redis Cluster, which
 *   promotes a master's replica by itself): every replica attached to the primary when the WAITAOF is
 *   sent, one still syncing included, and for REPLICA_LOSS_GRACE_MS after one left as many as there
 *   were (createReplicaCount), so a replica promoted while the old master still answers is waited for.
 *
 * `local` durability needs none of this: null, and callers skip the wait.
 */
export function createDurableAck(durability: RedisDurability, options: { promotable?: PromotableReplicas } = {}): DurableAck | null {
  if (durability.mode === 'local') return null;
  const { promotable } = options;
  const open = new WeakMap<RedisLike, Barrier>();
  const { timeoutMs } = durability;

  const poke = createReplicaPoker();
  const replicaCount = createReplicaCount();
  const send = (client: RedisLike, pokeKey: string, barrier: Barrier): Promise<void> =>
    new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      barrier.sent = true;
      if (open.get(client) === barrier) open.delete(client);
      const sameConnection = () => {
        if (barrier.connection === null || connectionOf(client) !== barrier.connection) {
          throw shortfall('the connection the move went out on is gone (a reconnection, a failover)');
        }
      };
      sameConnection();
      let replicas: number;
      try {
        const needed = promotable ? await promotable.count(await writtenNode(client)) : await replicaCount(client);
        replicas = Math.max(durability.replicas, needed);
      } catch (error) {
        // Never fewer than there may be: a barrier that cannot count the replicas acknowledges nothing.
        throw shortfall(`its replicas could not be counted: ${(error as Error).message}`, error);
      }
      sameConnection();
      let reply: [number, number];
      const waiting = client.call('WAITAOF', '1', String(replicas), String(timeoutMs)) as Promise<[number, number]>;
      const stopPoking = poke(client, pokeKey);
      try {
        reply = await waiting;
      } catch (error) {
        throw shortfall(`WAITAOF failed: ${(error as Error).message}`, error);
      } finally {
        stopPoking();
      }
      sameConnection(); // still on it when answered: so the WAITAOF went out on it (not queued for the next)
      const [local, copies] = reply;
      if (local < 1 || copies < replicas) {
        throw shortfall(`confirmed in ${local} local and ${copies} replica AOF(s) of the ${replicas} asked for within ${timeoutMs} ms`);
      }
    });

  return (client, pokeKey) => {
    const current = open.get(client);
    const connection = connectionOf(client);
    if (current && !current.sent && current.connection === connection) return current.done;
    const barrier = { sent: false, connection } as Barrier;
    barrier.done = send(client, pokeKey, barrier);
    open.set(client, barrier);
    return barrier.done;
  };
}

/**
 * The acknowledgement a process's store calls wait for (null with `local` durability). Behind Sentinel
 * it watches the Sentinels' view of the nodes and runs the fence on returning nodes (replica-fencing.ts);
 * close() stops both.
 */
export function storeDurability(redis: StoreDurabilitySettings, log?: (line: string) => void): { ack: DurableAck | null; close(): void } {
  if (redis.durability.mode === 'local') return { ack: null, close: () => undefined };
  if (!redis.sentinel) return { ack: createDurableAck(redis.durability), close: () => undefined };
  const promotable = watchPromotableReplicas(redis.sentinel);
  const fencing = startReplicaFencing(redis.sentinel, { url: redis.url, keyPrefix: redis.keyPrefix, log });
  return {
    ack: createDurableAck(redis.durability, { promotable }),
    close: () => {
      promotable.stop();
      fencing.stop();
    },
  };
}

export interface StoreDurabilitySettings {
  readonly durability: RedisDurability;
  readonly sentinel: RedisSentinelTarget | null;
  /** The data nodes' credentials (REDIS_URL) and the prefix of the fence's note of the priorities it lowered. */
  readonly url: string;
  readonly keyPrefix: string;
}

/** Which node a barrier's connection is on: its run id and the replicas attached to it by its own account, and the address connected to. */
async function writtenNode(client: RedisLike): Promise<WrittenNode> {
  const info = (await client.call('INFO', 'server', 'replication')) as string;
  const runId = /^run_id:(\w+)/m.exec(info)?.[1];
  if (!runId) throw new Error('INFO server names no run_id');
  const attached = [...info.matchAll(/^slave\d+:ip=([^,]+),port=(\d+)/gm)].map(([, ip, port]) => `${ip}:${port}`);
  const stream = (client as { stream?: { remoteAddress?: string; remotePort?: number } }).stream;
  const address = stream?.remoteAddress && stream.remotePort ? `${stream.remoteAddress.replace(/^::ffff:/, '')}:${stream.remotePort}` : undefined;
  return { runId, attached, address };
}

/**
 * Keeps replicas acknowledging while a WAITAOF waits. A replica answers the primary's request for an
 * acknowledgement (which each blocking WAITAOF or WAIT sends) with the offset it has fsynced so far,
 * and fsyncs what arrived with the request only afterwards: the WAITAOF that asked stays blocked until
 * the next request, which on a busy connection (its next WAITAOF queued behind the blocked one) is the
 * replica's own once-a-second acknowledgement. Measured here: 300 unary calls/s replicated against
 * 4,500 local. So while a connection's WAITAOF waits, a connection of its own (one per connection)
 * writes the partition's fence key and WAITs for one replica, over and over: each WAIT asks again.
 */
/** A poker closes after this long without a WAITAOF to help. */
const POKER_IDLE_MS = 1000;

function createReplicaPoker(): (client: RedisLike, pokeKey: string) => () => void {
  type Poker = { connection: Redis; waiting: number; running: boolean; idle: NodeJS.Timeout | null };
  const pokers = new WeakMap<RedisLike, Poker>();
  const loop = async (poker: Poker, pokeKey: string) => {
    poker.running = true;
    try {
      while (poker.waiting > 0) {
        await poker.connection.set(pokeKey, '1');
        await poker.connection.call('WAIT', '1', '50');
      }
    } catch {
      // the WAITAOF it helps fails or times out by itself
    } finally {
      poker.running = false;
      poker.idle = setTimeout(() => {
        if (!poker.running && poker.waiting === 0) poker.connection.disconnect();
      }, POKER_IDLE_MS);
      poker.idle.unref();
    }
  };
  return (client, pokeKey) => {
    // Only before the slot router knows the masters; and never for a connection closing or closed: a
    // copy made then would outlive it.
    if (client.isCluster || client.status !== 'ready') return () => undefined;
    let poker = pokers.get(client);
    if (!poker) {
      // Never reconnects, and closes after POKER_IDLE_MS without a wait: a new one is made when needed,
      // so no poker outlives the connection it serves (nor keeps a process alive).
      const connection = (client as Redis).duplicate({
        enableAutoPipelining: false, connectionName: 'reservation-durability-poke', retryStrategy: () => null,
      });
      connection.on('error', () => undefined);
      const made = { connection, waiting: 0, running: false, idle: null as NodeJS.Timeout | null };
      const closeWithClient = () => connection.disconnect();
      client.once('end', closeWithClient);
      connection.once('end', () => {
        client.off('end', closeWithClient);
        if (pokers.get(client) === made) pokers.delete(client);
      });
      poker = made;
      pokers.set(client, poker);
    }
    if (poker.idle) clearTimeout(poker.idle);
    poker.waiting += 1;
    if (!poker.running) void loop(poker, pokeKey);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      poker!.waiting -= 1;
    };
  };
}

/**
 * Without Sentinel (a Redis Cluster, which promotes a master's replica by itself): after a replica
 * leaves a primary, how long that primary's moves still wait for as many replicas as it had. A replica
 * leaves because it died, or because it was promoted: then the old master, still answering, would
 * acknowledge moves that only the other replicas confirm. Longer than a failover takes to reach the
 * clients; a replica that died costs this long of UNAVAILABLE, then moves go on with the replicas left.
 * Behind Sentinel the invariant does without it (docs/operations.md, "The invariant").
 */
export const REPLICA_LOSS_GRACE_MS = 8000;

/**
 * How many replicas a WAITAOF on `client` asks for: every replica attached to its primary now (in sync
 * or still syncing, INFO replication, read on the same connection just before the WAITAOF), and for
 * REPLICA_LOSS_GRACE_MS after one was first seen gone, as many as the primary had. The grace runs from
 * that first sight, not from the last time all were there: a primary that was stopped (a partition)
 * or seldom asked would otherwise find its grace over before it began. Remembered per primary (its
 * replication id): a promoted replica starts afresh with its own. Rejects when INFO cannot be read (a
 * timeout behind a blocked WAITAOF, say): counting none then would let one replica's acknowledgement
 * do for all, and Sentinel may promote another.
 */
export function createReplicaCount(now: () => number = Date.now): (client: Pick<RedisLike, 'info'>) => Promise<number> {
  const seen = new Map<string, { most: number; goneSince: number | null }>();
  return async (client) => {
    const info = await client.info('replication');
    const attached = (info.match(/^slave\d+:/gm) ?? []).length;
    const primary = /^master_replid:(\w+)/m.exec(info)?.[1];
    if (!primary) throw new Error('INFO replication names no master_replid');
    const known = seen.get(primary);
    if (!known || attached >= known.most) {
      seen.set(primary, { most: attached, goneSince: null });
      return attached;
    }
    known.goneSince ??= now();
    if (now() - known.goneSince <= REPLICA_LOSS_GRACE_MS) return known.most;
    seen.set(primary, { most: attached, goneSince: null });
    return attached;
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
 * that covers it; the command's own failure comes first. `pokeKey`: a key on the same server (the
 * partition's fence) the barrier may write to keep the replicas acknowledging.
 */
export async function durably<T>(ack: DurableAck | null, client: RedisLike, pending: Promise<T>, pokeKey: string): Promise<T> {
  if (!ack) return pending;
  const barrier = ack(client, pokeKey);
  barrier.catch(() => undefined); // awaited below unless the command itself failed
  const value = await pending;
  await barrier;
  return value;
}

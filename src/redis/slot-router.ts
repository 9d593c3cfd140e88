import calculateSlot from 'cluster-key-slot';
import Redis, { ReplyError, type Cluster } from 'ioredis';
import { registerScripts, type RedisLike } from './script-registry';

/** Runs `call` on the client that serves `key`: the same server for every key of one partition. */
export type SlotRouter = <T>(key: string, call: (client: RedisLike) => Promise<T>) => Promise<T>;

const REDIRECTION = /^(MOVED|ASK) /;

/**
 * On a single Redis every call goes to it. On Redis Cluster each call goes straight to the master
 * serving its key's slot, over a connection of this process's own to that master (SPEC §1.8).
 *
 * Why not the cluster client itself: its auto-pipelining groups commands by their first argument,
 * which for a script with any number of keys is the key count, so scripts bound for different masters
 * shared one pipeline and the cluster refused it ("All keys in the pipeline should belong to the same
 * slots allocation group"); and every command it sends costs a slot lookup, a pipeline object and a
 * per-command key check on top of a plain client's work. A per-master client pipelines by connection,
 * which is what auto-pipelining is for: one socket write for the commands of one event-loop turn.
 *
 * The routing reads the cluster client's slot table on every call, so it follows the cluster as the
 * cluster client learns it; a redirection (MOVED, ASK) that reaches us means that table is stale: the
 * call fails (UNAVAILABLE: the command did not run) and the table is refreshed for the next one.
 */
export function createSlotRouter(redis: RedisLike): SlotRouter {
  if (!redis.isCluster) return (_key, call) => call(redis);
  const cluster = redis as Cluster;
  const prefix = cluster.options.keyPrefix ?? '';
  const masters = new Map<string, Redis>();

  const masterClient = (nodeKey: string): Redis => {
    const known = masters.get(nodeKey);
    if (known) return known;
    const separator = nodeKey.lastIndexOf(':');
    const client = new Redis({
      ...cluster.options.redisOptions,
      host: nodeKey.slice(0, separator),
      port: Number(nodeKey.slice(separator + 1)),
      keyPrefix: prefix,
      enableAutoPipelining: cluster.options.enableAutoPipelining,
      // Commands wait only while this connection first comes up: none of them has been sent, so none
      // can have run. A connection lost later fails its commands (no resend: redisOptions say so).
      enableOfflineQueue: true,
    });
    client.on('error', (error: Error) => cluster.emit('node error', error, nodeKey));
    registerScripts(client);
    masters.set(nodeKey, client);
    return client;
  };
  const forget = (nodeKey: string) => {
    masters.get(nodeKey)?.disconnect();
    masters.delete(nodeKey);
  };
  // The cluster client dropped a node (it left the cluster, or failed over): drop our connection too.
  cluster.on('-node', (node: Redis) => forget(`${node.options.host}:${node.options.port}`));
  cluster.on('end', () => [...masters.keys()].forEach(forget));

  /** The wait for a slot table, shared by the calls made meanwhile (one listener, not one each). */
  let tableWait: Promise<void> | null = null;
  return async (key, call) => {
    const slot = calculateSlot(prefix + key);
    // Before the cluster client has its slot table (start-up) the call waits for it, so that it goes out
    // on a master's own connection (a replicated move's WAITAOF must follow it there); a slot no master
    // serves is left to the cluster client, which routes and waits itself.
    if (cluster.slots[slot]?.[0] === undefined && cluster.status !== 'ready') await (tableWait ??= clusterReady(cluster).finally(() => (tableWait = null)));
    const master = cluster.slots[slot]?.[0];
    if (master === undefined) return call(cluster);
    try {
      return await call(masterClient(master));
    } catch (error) {
      if (error instanceof ReplyError && REDIRECTION.test((error as Error).message)) cluster.refreshSlotsCache();
      throw error;
    }
  };
}

/** How long a call waits for the cluster client's first slot table before it goes through the cluster client. */
const CLUSTER_READY_MS = 10_000;

function clusterReady(cluster: Cluster): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cluster.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, CLUSTER_READY_MS);
    cluster.once('ready', done);
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cluster, Redis } from 'ioredis';
import type { RedisDurability } from '../../../src/config';
import { startLocalCluster } from '../../../src/local-services/local-cluster';
import { startReplicatedTopology } from '../../../src/local-services/local-replicated';
import { waitUntil } from '../../../src/local-services/process-tools';
import { findStoreBinaries } from '../../../src/local-services/store-binaries';
import { createDurableAck, storeDurability, type DurableAck } from '../../../src/redis/durable-ack';
import { REDIS_LAYOUT, REDIS_LAYOUT_KEY } from '../../../src/redis/layout-upgrade';
import { createRedisClient, createRoleRedis, type RedisRole } from '../../../src/redis/redis-client';
import { migrateBenchRedis } from '../processes';
import { startSoakRedis } from './redis-process';

/** What the soak does to its store: a restart on the AOF, a primary's SIGKILL, or its partition (SIGSTOP). */
export type Disruption = 'restart' | 'failover' | 'partition';

/** What a random fault schedule (nemesis.ts) may act on. */
export interface FaultTargets {
  /** The data nodes now: those taking writes (the primary, or a cluster's masters) and the others. */
  dataNodes(): Promise<{ primaries: number[]; replicas: number[] }>;
  readonly sentinels: readonly number[];
  signal(port: number, signal: NodeJS.Signals): void;
  /** Starts a killed data node again the naive way: its own files, its normal priority, nothing fenced by hand. */
  restart(port: number): Promise<void>;
  restartSentinel(port: number): Promise<void>;
  /** Where every node and Sentinel logs (null: not kept). */
  readonly logsDir: string | null;
}

export interface SoakStore {
  /** For a random fault schedule; none for the single store. */
  readonly faults?: FaultTargets;
  /** The worker's settings to reach the store. */
  readonly env: Record<string, string>;
  readonly durableAck: DurableAck | null;
  client(role: RedisRole): Redis;
  /** Disrupts the store; `signalled` is called the moment the signal went out. Says which nodes it touched. */
  disrupt(kind: Disruption, signalled?: () => void): Promise<string>;
  stop(): Promise<void>;
}

/** One Redis process, AOF always (`local`): restarted on its AOF after a SIGKILL. */
export async function singleSoakStore(): Promise<SoakStore> {
  const redis = await startSoakRedis();
  return {
    env: { REDIS_URL: redis.url },
    durableAck: null,
    client: (role) => createRedisClient({ url: redis.url, role }),
    disrupt: (_kind, signalled) => redis.killAndRestart(signalled).then(() => 'restarted on its AOF'),
    stop: () => redis.stop(),
  };
}

/**
 * SPEC §1.10's replicated store: a primary, two replicas and three Sentinels, `replicated` durability
 * (WAITAOF 1 1). A failover SIGKILLs the primary and, once Sentinel has promoted a replica, starts it
 * again as a replica; a partition SIGSTOPs the primary until a replica is promoted, then lets it go on
 * (Sentinel turns it into a replica).
 */
export async function replicatedSoakStore(log: (line: string) => void = () => undefined): Promise<SoakStore> {
  const binaries = findStoreBinaries();
  if (!binaries) throw new Error('valkey-server not found: run `npm run services` first');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soak-replicated-'));
  const topology = await startReplicatedTopology({ binaries, dir });
  await migrateBenchRedis(`redis://127.0.0.1:${topology.dataPorts[0]}`);
  const durability: RedisDurability = { mode: 'replicated', replicas: 1, timeoutMs: 1000 };
  const sentinel = { sentinels: topology.sentinelPorts.map((port) => ({ host: '127.0.0.1', port })), name: topology.name };
  const engineDurability = storeDurability({ durability, sentinel, url: 'redis://127.0.0.1', keyPrefix: '' }, log);
  const promotedOtherThan = (old: number) => async () => (await topology.primaryPort().catch(() => old)) !== old;
  return {
    env: {
      REDIS_URL: 'redis://127.0.0.1:6379', // credentials only: Sentinel names the primary
      REDIS_SENTINELS: topology.sentinels,
      REDIS_SENTINEL_NAME: topology.name,
      REDIS_DURABILITY: 'replicated',
      REDIS_DURABILITY_REPLICAS: String(durability.replicas),
      REDIS_DURABILITY_TIMEOUT_MS: String(durability.timeoutMs),
    },
    durableAck: engineDurability.ack,
    client: (role) => createRedisClient({ url: 'redis://127.0.0.1', role, sentinel, durability }),
    faults: {
      async dataNodes() {
        const primary = await topology.primaryPort();
        return { primaries: [primary], replicas: topology.dataPorts.filter((port) => port !== primary) };
      },
      sentinels: topology.sentinelPorts,
      signal: (port, signal) => topology.signal(port, signal),
      restart: (port) => topology.restart(port),
      restartSentinel: (port) => topology.restartSentinel(port),
      logsDir: dir,
    },
    async disrupt(kind, signalled) {
      const primary = await topology.primaryPort();
      // Whatever comes back (the cut-off primary, the killed one) rejoins the naive way: the roles
      // fence it until it is in sync (src/redis/replica-fencing.ts).
      topology.signal(primary, kind === 'partition' ? 'SIGSTOP' : 'SIGKILL');
      signalled?.();
      await waitUntil('a replica promoted', promotedOtherThan(primary), 60_000);
      const promoted = await topology.primaryPort();
      if (kind === 'partition') topology.signal(primary, 'SIGCONT');
      else await topology.restart(primary);
      return `primary :${primary} ${kind === 'partition' ? 'stopped and let go' : 'killed and restarted'}, :${promoted} promoted`;
    },
    async stop() {
      engineDurability.close();
      await topology.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Redis Cluster of 3 masters with a replica each, `replicated` durability: a failover SIGKILLs a
 * master (the cluster promotes its replica after cluster-node-timeout) and starts it again (it rejoins
 * as a replica). No partition: SIGSTOP of a master is a failover the cluster resolves the same way.
 */
export async function clusterSoakStore(): Promise<SoakStore> {
  const cluster = await startLocalCluster({ masters: 3, replicas: 1 });
  const nodes = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
  const durability: RedisDurability = { mode: 'replicated', replicas: 1, timeoutMs: 1000 };
  const clients: Array<Redis | Cluster> = [];
  const admin = createRoleRedis({ url: 'redis://127.0.0.1', clusterNodes: nodes, role: 'cli' });
  await admin.set(REDIS_LAYOUT_KEY, REDIS_LAYOUT);
  admin.disconnect();
  let next = 0;
  return {
    env: {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_CLUSTER_NODES: nodes.map(({ host, port }) => `${host}:${port}`).join(','),
      REDIS_DURABILITY: 'replicated',
      REDIS_DURABILITY_REPLICAS: String(durability.replicas),
      REDIS_DURABILITY_TIMEOUT_MS: String(durability.timeoutMs),
    },
    durableAck: createDurableAck(durability),
    client: (role) => {
      const client = createRoleRedis({ url: 'redis://127.0.0.1', clusterNodes: nodes, role, durability });
      clients.push(client);
      return client as unknown as Redis;
    },
    faults: {
      async dataNodes() {
        const masters = await cluster.masters();
        return { primaries: masters, replicas: cluster.ports.filter((port) => !masters.includes(port)) };
      },
      sentinels: [],
      signal: (port, signal) => cluster.signal(port, signal),
      restart: (port) => cluster.restart(port),
      restartSentinel: () => Promise.reject(new Error('a Redis Cluster has no Sentinels')),
      logsDir: null,
    },
    async disrupt(_kind, signalled) {
      const masters = await cluster.masters();
      const victim = masters[next++ % masters.length]!;
      cluster.signal(victim, 'SIGKILL');
      signalled?.();
      await waitUntil('its replica promoted', async () => {
        const now = await cluster.masters().catch((): number[] => []);
        return now.length === masters.length && !now.includes(victim);
      }, 60_000);
      await cluster.restart(victim);
      return `master :${victim} killed and restarted`;
    },
    async stop() {
      for (const client of clients) client.disconnect();
      await cluster.stop();
    },
  };
}

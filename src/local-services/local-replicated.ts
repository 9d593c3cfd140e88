import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pingRedis } from './local-redis';
import { freePort, killAndWait, runCommand, waitUntil } from './process-tools';
import type { StoreBinaries } from './store-binaries';

/** Where a detached topology notes its ports and pids (`services down --replicated` reads it). */
export const TOPOLOGY_FILE = 'topology.json';

/** The name the project's Sentinels monitor the primary under (REDIS_SENTINEL_NAME's default). */
export const LOCAL_SENTINEL_NAME = 'reservation';

export interface ReplicatedTopologyOptions {
  readonly binaries: StoreBinaries;
  /** Where each node keeps its AOF and each Sentinel its configuration. */
  readonly dir: string;
  /** Ports of the primary and its two replicas (spare ones when not given). */
  readonly dataPorts?: readonly number[];
  readonly sentinelPorts?: readonly number[];
  /** Sentinel declares a primary down after this long without an answer. */
  readonly downAfterMs?: number;
  /** Daemons that outlive this process (`services up --replicated`); else children that end with it. */
  readonly detached?: boolean;
}

export interface ReplicatedTopology {
  readonly dataPorts: readonly number[];
  readonly sentinelPorts: readonly number[];
  readonly name: string;
  /** REDIS_SENTINELS for this topology. */
  readonly sentinels: string;
  /** The port of the node Sentinel names primary now. */
  primaryPort(): Promise<number>;
  /** Sends a signal to the node at `port` (SIGKILL a machine's loss, SIGSTOP a partition, SIGCONT its end). */
  signal(port: number, signal: NodeJS.Signals): void;
  /**
   * Starts a killed node again the naive way, on its AOF as a replica of the primary of now with its
   * normal priority: the roles fence it until it is in sync (src/redis/replica-fencing.ts).
   */
  restart(port: number): Promise<void>;
  /** Starts a killed Sentinel again on the configuration it rewrote. */
  restartSentinel(port: number): Promise<void>;
  /** Where each node and Sentinel writes its log (`<dir>/<port>.log`). */
  readonly dir: string;
  stop(): Promise<void>;
}

/**
 * SPEC §1.10's local replicated store: a primary, two replicas and three Sentinels (quorum 2) on
 * loopback, every node with the AOF fsynced on every write and `min-replicas-to-write 1`, so one node
 * can die and writes still have a replica to wait for, and a primary cut off from both replicas stops
 * taking writes. The nodes are this process's children: they end with it (tests, benchmarks, soak).
 */
export async function startReplicatedTopology(options: ReplicatedTopologyOptions): Promise<ReplicatedTopology> {
  const { binaries, dir } = options;
  const dataPorts = options.dataPorts ?? [await freePort(), await freePort(), await freePort()];
  const sentinelPorts = options.sentinelPorts ?? [await freePort(), await freePort(), await freePort()];
  const children = new Map<number, ChildProcess>();
  const downAfterMs = options.downAfterMs ?? 1000;

  /** A data node; every node and Sentinel logs to `<dir>/<port>.log` (kept by a failed nemesis run). */
  const startNode = (port: number, primary: number | null) => {
    const nodeDir = path.join(dir, `node-${port}`);
    mkdirSync(nodeDir, { recursive: true });
    const child = spawn(binaries.server, [
      '--port', String(port), '--bind', '127.0.0.1', '--dir', nodeDir,
      '--appendonly', 'yes', '--appendfsync', 'always', '--save', '',
      '--min-replicas-to-write', '1', '--min-replicas-max-lag', '2', '--repl-timeout', '2', '--repl-ping-replica-period', '1',
      '--repl-diskless-sync', 'yes', '--repl-diskless-sync-delay', '0',
      '--maxmemory-policy', 'noeviction', '--logfile', path.join(dir, `${port}.log`),
      ...(primary === null ? [] : ['--replicaof', '127.0.0.1', String(primary)]),
    ], { stdio: 'ignore', detached: options.detached });
    if (options.detached) child.unref();
    children.set(port, child);
  };
  const sentinelConf = (port: number) => path.join(dir, `sentinel-${port}.conf`);
  /** Starts a Sentinel on its configuration file (which it rewrites with what it learns). */
  const spawnSentinel = (port: number) => {
    const child = spawn(binaries.server, [sentinelConf(port), '--sentinel'], { stdio: 'ignore', detached: options.detached });
    if (options.detached) child.unref();
    children.set(port, child);
  };
  const startSentinel = (port: number, primary: number) => {
    const conf = sentinelConf(port);
    writeFileSync(conf, [
      `port ${port}`,
      'bind 127.0.0.1',
      `logfile ${path.join(dir, `${port}.log`)}`,
      `dir ${dir}`,
      `sentinel monitor ${LOCAL_SENTINEL_NAME} 127.0.0.1 ${primary} 2`,
      `sentinel down-after-milliseconds ${LOCAL_SENTINEL_NAME} ${downAfterMs}`,
      `sentinel failover-timeout ${LOCAL_SENTINEL_NAME} 10000`,
      `sentinel parallel-syncs ${LOCAL_SENTINEL_NAME} 2`,
      '',
    ].join('\n'));
    spawnSentinel(port);
  };
  const cli = (port: number, ...args: string[]) => runCommand(binaries.cli, ['-p', String(port), ...args]);
  const answers = (port: number) => () => pingRedis(`redis://127.0.0.1:${port}`).then(() => true, () => false);
  const inSync = (port: number) => async () => {
    const info = (await cli(port, 'INFO', 'replication')).output;
    return info.includes('master_link_status:up') && !info.includes('master_sync_in_progress:1');
  };

  const primaryPort = async (): Promise<number> => {
    for (const port of sentinelPorts) {
      const reply = await cli(port, 'SENTINEL', 'get-master-addr-by-name', LOCAL_SENTINEL_NAME);
      const found = Number(reply.output.trim().split('\n')[1]);
      if (reply.code === 0 && Number.isInteger(found) && found > 0) return found;
    }
    throw new Error('no Sentinel names a primary');
  };

  const stop = async () => {
    for (const child of children.values()) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    children.clear();
  };

  try {
    const [first, ...replicas] = dataPorts as [number, ...number[]];
    startNode(first, null);
    await waitUntil(`primary on ${first}`, answers(first), 20_000);
    for (const port of replicas) startNode(port, first);
    for (const port of replicas) {
      await waitUntil(`replica on ${port} in sync`, inSync(port), 30_000);
    }
    for (const port of sentinelPorts) startSentinel(port, first);
    for (const port of sentinelPorts) {
      // A Sentinel learns the replicas from the primary's INFO, which it reads every 10 s: a slow machine takes longer.
      await waitUntil(`sentinel on ${port}`, async () => (await cli(port, 'SENTINEL', 'replicas', LOCAL_SENTINEL_NAME)).output.includes(String(replicas[0])), 60_000);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  if (options.detached) {
    const pids = Object.fromEntries([...children].map(([port, child]) => [port, child.pid]));
    writeFileSync(path.join(dir, TOPOLOGY_FILE), JSON.stringify({ dataPorts, sentinelPorts, pids }));
  }
  return {
    dataPorts,
    sentinelPorts,
    name: LOCAL_SENTINEL_NAME,
    sentinels: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(','),
    primaryPort,
    signal(port, signal) {
      children.get(port)?.kill(signal);
    },
    async restart(port) {
      await killAndWait(children.get(port));
      // As its configuration would say: a replica of the primary the Sentinels name, or, while they
      // still name this very node (restarted before a failover), a primary again.
      const primary = await primaryPort();
      startNode(port, primary === port ? null : primary);
      await waitUntil(`node on ${port}`, answers(port), 20_000);
    },
    async restartSentinel(port) {
      await killAndWait(children.get(port));
      spawnSentinel(port);
      await waitUntil(`sentinel on ${port}`, answers(port), 20_000);
    },
    dir,
    stop,
  };
}

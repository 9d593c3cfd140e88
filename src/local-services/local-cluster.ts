import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, killAndWait, runCommand, waitUntil } from './process-tools';
import { findStoreBinaries } from './store-binaries';

export interface LocalCluster {
  /** Every node's port, masters first (as created; a failover swaps roles). */
  readonly ports: readonly number[];
  /** Sends a signal to the node at `port` (SIGKILL: a lost machine). */
  signal(port: number, signal: NodeJS.Signals): void;
  /** Starts a killed node again on its own files: it rejoins the cluster (as a replica after a failover). */
  restart(port: number): Promise<void>;
  /** The ports of the nodes that serve slots now. */
  masters(): Promise<number[]>;
  stop(): Promise<void>;
}

export interface LocalClusterOptions {
  readonly masters?: number;
  /** Replicas per master (0: none). With replicas every node keeps an AOF fsynced on every write. */
  readonly replicas?: number;
}

/**
 * A Redis Cluster of store processes (Valkey, or Redis) on spare loopback ports, its files in a
 * temporary folder that stop() removes (tests and benchmarks). Without replicas: no persistence. With
 * them: AOF `always` everywhere, a node declared failed after 2 s, its replica promoted then.
 */
export async function startLocalCluster(options: LocalClusterOptions | number = {}): Promise<LocalCluster> {
  const { masters = 3, replicas = 0 } = typeof options === 'number' ? { masters: options } : options;
  const binaries = findStoreBinaries();
  if (!binaries) throw new Error('valkey-server and valkey-cli are needed (npm run services installs them)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-cluster-'));
  const ports: number[] = [];
  for (let i = 0; i < masters * (1 + replicas); i++) ports.push(await freePort());
  // Each node's cluster bus gets a free port of its own too: the default (its port + 10,000) lands in the
  // ephemeral range, where an outgoing connection may hold it.
  const busPorts = new Map<number, number>();
  for (const port of ports) busPorts.set(port, await freePort());
  const persistence = replicas > 0
    ? ['--appendonly', 'yes', '--appendfsync', 'always', '--cluster-node-timeout', '2000', '--repl-diskless-sync', 'yes', '--repl-diskless-sync-delay', '0']
    : ['--appendonly', 'no'];
  const children = new Map<number, ChildProcess>();
  const startNode = (port: number) => {
    children.set(port, spawn(binaries.server, [
      '--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-port', String(busPorts.get(port)),
      '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir, '--appenddirname', `aof-${port}`, '--save', '', ...persistence,
    ], { stdio: 'ignore' }));
  };
  const cli = (port: number, ...args: string[]) => runCommand(binaries.cli, ['-p', String(port), ...args]);
  const stop = async () => {
    for (const child of children.values()) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) startNode(port);
    for (const port of ports) {
      await waitUntil(`redis ${port}`, async () => (await cli(port, 'ping')).output.includes('PONG'), 10000);
    }
    const created = await runCommand(binaries.cli, [
      '--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', String(replicas), '--cluster-yes',
    ]);
    if (created.code !== 0) throw new Error(`cluster create failed: ${created.output}`);
    for (const port of ports) {
      await waitUntil(`cluster state at ${port}`, async () => (await cli(port, 'cluster', 'info')).output.includes('cluster_state:ok'), 20000);
    }
    if (replicas > 0) {
      await waitUntil('every replica in sync', async () => {
        const links = await Promise.all(ports.map(async (port) => (await cli(port, 'info', 'replication')).output));
        return links.filter((info) => info.includes('master_link_status:up')).length === masters * replicas;
      }, 30000);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  /** Masters that serve slots, as a live node's CLUSTER NODES lists them (fields past the 8th are slots). */
  const masterPorts = async () => {
    for (const port of ports) {
      const reply = await cli(port, 'cluster', 'nodes');
      if (reply.code !== 0 || !reply.output.includes('myself')) continue;
      return reply.output.split('\n')
        .map((line) => line.split(' '))
        .filter((fields) => /\bmaster\b/.test(fields[2] ?? '') && !/\bfail\b/.test(fields[2] ?? '') && fields.length > 8)
        .map((fields) => Number(/:(\d+)@/.exec(fields[1] ?? '')?.[1]));
    }
    return [];
  };
  return {
    ports,
    signal: (port, signal) => children.get(port)?.kill(signal),
    async restart(port) {
      await killAndWait(children.get(port));
      startNode(port);
      await waitUntil(`redis ${port}`, async () => (await cli(port, 'ping')).output.includes('PONG'), 10000);
    },
    masters: masterPorts,
    stop,
  };
}

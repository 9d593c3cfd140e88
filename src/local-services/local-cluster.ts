import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findBinary, freePort, runCommand, waitUntil } from './process-tools';

export interface LocalCluster {
  readonly ports: readonly number[];
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of `masters` redis-server processes on spare loopback ports, without replicas or
 * persistence, its files in a temporary folder that stop() removes (tests and benchmarks).
 */
export async function startLocalCluster(masters = 3): Promise<LocalCluster> {
  const server = findBinary('redis-server');
  const cli = findBinary('redis-cli');
  if (!server || !cli) throw new Error('redis-server and redis-cli are needed (npm run services installs them)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-cluster-'));
  const ports: number[] = [];
  for (let i = 0; i < masters; i++) ports.push(await freePort());
  const children: ChildProcess[] = ports.map((port) =>
    spawn(server, [
      '--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes',
      '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir, '--save', '', '--appendonly', 'no',
    ], { stdio: 'ignore' }),
  );
  const stop = async () => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      await waitUntil(`redis ${port}`, async () => (await runCommand(cli, ['-p', String(port), 'ping'])).output.includes('PONG'), 10000);
    }
    const created = await runCommand(cli, [
      '--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes',
    ]);
    if (created.code !== 0) throw new Error(`cluster create failed: ${created.output}`);
    for (const port of ports) {
      await waitUntil(`cluster state at ${port}`, async () =>
        (await runCommand(cli, ['-p', String(port), 'cluster', 'info'])).output.includes('cluster_state:ok'), 20000);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, stop };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cluster } from 'ioredis';
import { createRoleRedis, type RedisRole } from '../../src/redis/redis-client';
import { findBinary, runCommand, waitUntil } from '../../src/local-services/process-tools';
import { freePort } from './ports';

export interface TestCluster {
  readonly ports: readonly number[];
  /** A cluster client; `keyPrefix` as for the single-node tests. */
  client(keyPrefix?: string): Cluster;
  /** The cluster client a role runs on in production (createRoleRedis with REDIS_CLUSTER_NODES). */
  roleClient(role: RedisRole, keyPrefix?: string): Cluster;
  stop(): Promise<void>;
}

/** Starts a 3-master Redis Cluster from redis-server on spare local ports; stop() removes it all. */
export async function startRedisCluster(): Promise<TestCluster> {
  const server = findBinary('redis-server');
  const cli = findBinary('redis-cli');
  if (!server || !cli) throw new Error('redis-server and redis-cli are needed (npm test installs them)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
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
  return {
    ports,
    client: (keyPrefix = '') =>
      new Cluster(ports.map((port) => ({ host: '127.0.0.1', port })), {
        keyPrefix,
        redisOptions: { maxRetriesPerRequest: 2 },
      }),
    roleClient: (role, keyPrefix = '') =>
      createRoleRedis({ url: 'redis://127.0.0.1', clusterNodes: ports.map((port) => ({ host: '127.0.0.1', port })), keyPrefix, role }) as Cluster,
    stop,
  };
}

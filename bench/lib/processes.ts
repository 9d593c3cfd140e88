import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateRedis } from '../../src/bin/migrate-command';
import { loadConfig } from '../../src/config';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { pingRedis } from '../../src/local-services/local-redis';
import { createLogger } from '../../src/logging/logger';
import { isPortOpen, waitUntil } from '../../src/local-services/process-tools';

const ROOT = path.resolve(__dirname, '../..');

export interface Managed {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * What `migrate` does to a Redis (or a key prefix of one) before the roles start: its records in the
 * layout the roles read (on an empty one, only the marker).
 */
export async function migrateBenchRedis(url: string, keyPrefix = ''): Promise<void> {
  await migrateRedis(loadConfig({ ...process.env, REDIS_URL: url, REDIS_KEY_PREFIX: keyPrefix, REDIS_CLUSTER_NODES: '' }), createLogger('silent'));
}

/**
 * A store process (Valkey, or Redis where Valkey is missing) of the benchmark's own on a spare port: AOF
 * with fsync on every write, or no AOF; migrated, or a replica of the one on `replicaOf`; `binary` another
 * server (redis-server beside Valkey, say).
 */
export async function startRedis(port: number, durability: 'always' | 'off', replicaOf?: number, binary = findStoreBinaries()!.server): Promise<Managed> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-redis-${durability}-`));
  const aof = durability === 'always' ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const replica = replicaOf === undefined ? [] : ['--replicaof', '127.0.0.1', String(replicaOf)];
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', ...aof, ...replica], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await waitUntil(`redis ${port}`, () => pingRedis(url).then(() => true, () => false), 10_000);
  if (replicaOf === undefined) await migrateBenchRedis(url);
  return { url, port, stop: async () => stopChild(child).finally(() => rmSync(dir, { recursive: true, force: true })) };
}

/**
 * A Node process of this project (a server or the worker), its logs dropped unless it fails.
 * `nodeArgs` go before the script (e.g. `--cpu-prof`); `root` is another checkout of the project
 * (an earlier revision, bench/lib/baseline.ts) whose script runs instead.
 */
export async function startNode(
  script: string,
  args: string[],
  env: Record<string, string>,
  port?: number,
  nodeArgs: readonly string[] = [],
  root = ROOT,
): Promise<Managed & { child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`\n${script} exited with ${code}:\n${stderr}`);
  });
  if (port !== undefined) await waitUntil(`${script} on ${port}`, () => isPortOpen('127.0.0.1', port), 30_000);
  return { child, url: `127.0.0.1:${port ?? 0}`, port: port ?? 0, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingRedis } from '../../src/local-services/local-redis';
import { waitUntil } from '../../src/local-services/process-tools';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { createRedisClient } from '../../src/redis/redis-client';
import { freePort } from './ports';
import { markMigrated } from './redis';

export interface TestRedisServer {
  readonly port: number;
  readonly url: string;
  /** SIGSTOP holds the process (it stays connected, answering nothing), SIGCONT lets it go on. */
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/**
 * A store process (Valkey, as `services up` installs it) of a test's own on a spare port, with extra
 * arguments (maxmemory, a policy, an AOF, `--replicaof`, …), migrated (empty) unless `migrated` is false
 * (a replica). `binary`: another server (an older Redis, say).
 */
export async function startRedisServer(args: string[] = [], options: { binary?: string; migrated?: boolean } = {}): Promise<TestRedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-'));
  const child = spawn(options.binary ?? findStoreBinaries()!.server, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir, ...args], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const signal = (name: NodeJS.Signals) => {
    child.kill(name);
  };
  const stop = async () => {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  await waitUntil(`store on ${port}`, () => pingRedis(url).then(() => true, () => false), 10_000).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (options.migrated === false) return { port, url, signal, stop };
  const client = createRedisClient({ url, role: 'cli' });
  await markMigrated(client).finally(() => client.disconnect());
  return { port, url, signal, stop };
}

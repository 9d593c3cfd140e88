import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingRedis } from '../../src/local-services/local-redis';
import { findBinary, waitUntil } from '../../src/local-services/process-tools';
import { createRedisClient } from '../../src/redis/redis-client';
import { freePort } from './ports';
import { markMigrated } from './redis';

export interface TestRedisServer {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

/** A redis-server of a test's own on a spare port, with extra arguments (maxmemory, a policy, …), migrated (empty). */
export async function startRedisServer(args: string[] = []): Promise<TestRedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-'));
  const child = spawn(findBinary('redis-server')!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir, ...args], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  await waitUntil(`redis-server on ${port}`, () => pingRedis(url).then(() => true, () => false), 10_000).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const client = createRedisClient({ url, role: 'cli' });
  await markMigrated(client).finally(() => client.disconnect());
  return { port, url, stop };
}

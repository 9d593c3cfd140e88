import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingRedis } from '../../../src/local-services/local-redis';
import { freePort, waitUntil } from '../../../src/local-services/process-tools';
import { findStoreBinaries } from '../../../src/local-services/store-binaries';
import { migrateBenchRedis } from '../processes';

/** A store process (Valkey, or Redis) of the soak's own, appendfsync always, that can be SIGKILLed and restarted on its AOF. */
export async function startSoakRedis() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soak-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  const binary = findStoreBinaries()?.server;
  if (!binary) throw new Error('valkey-server not found: run `npm run services` first');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'];
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(binary, args, { stdio: 'ignore' });
    await waitUntil(`redis-server on ${port}`, () => pingRedis(url).then(() => true, () => false), 30_000);
  };
  await start();
  await migrateBenchRedis(url);
  return {
    url,
    /** SIGKILL, then a new server on the same AOF. */
    async killAndRestart(signalled?: () => void): Promise<void> {
      const dying = child!;
      const exited = new Promise((resolve) => dying.once('exit', resolve));
      dying.kill('SIGKILL');
      signalled?.();
      await exited;
      await start();
    },
    async stop(): Promise<void> {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

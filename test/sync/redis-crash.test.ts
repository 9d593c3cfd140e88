import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { pingRedis } from '../../src/local-services/local-redis';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { waitUntil } from '../../src/local-services/process-tools';
import { keys } from '../../src/redis/wallet-keys';
import { reconcile } from '../../src/sync/reconcile';
import { runMixedLoad } from '../helpers/load';
import { freePort } from '../helpers/ports';
import { createSyncHarness } from '../helpers/sync';
import { parseTransactionRecord } from '../../src/redis/stored-records';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FORWARD: Record<string, string[]> = { reserved: ['reserved', 'confirmed', 'canceled'], confirmed: ['confirmed'], canceled: ['canceled'] };

test('Redis (appendfsync always) killed with SIGKILL mid-load and restarted keeps every acknowledged operation, in Redis and then MySQL', async (t) => {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aof-'));
  const startRedis = (): ChildProcess =>
    spawn(findStoreBinaries()!.server, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir,
      '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''], { stdio: 'ignore' });
  let redisServer = startRedis();
  t.teardown(() => {
    redisServer.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const url = `redis://127.0.0.1:${port}`;
  await waitUntil('redis-server to answer', () => pingRedis(url).then(() => true, () => false), 10_000);
  const sync = await createSyncHarness({ REDIS_URL: url });
  t.teardown(sync.cleanup);
  await sync.startWorker();

  // The crash comes from the load's own progress, and the load goes on until Redis is back.
  let crash: Promise<void> | null = null;
  let restarted = false;
  const load = await runMixedLoad(sync.engine, {
    operations: 3000, wallets: 20, concurrency: 8, walletPrefix: 'aof',
    keepGoingWhile: () => !restarted,
    onProgress: (done) => {
      crash ??= done >= 1000
        ? (async () => {
            redisServer.kill('SIGKILL');
            await sleep(1500);
            redisServer = startRedis();
            await waitUntil('redis back', async () => sync.engine.redis.status === 'ready', 10_000);
            restarted = true;
          })()
        : null;
      return sleep(20);
    },
  });
  await crash;
  t.true(load.unavailable > 0, `${load.unavailable} calls met the outage`);

  for (const [transactionId, acknowledged] of load.transactions) {
    const stored = await sync.redis.getBuffer(keys.transaction(transactionId));
    const status = stored && parseTransactionRecord(stored).st;
    t.true(FORWARD[acknowledged]!.includes(status ?? 'missing'), `${transactionId}: acknowledged ${acknowledged}, Redis has ${status}`);
  }
  await sync.drain(90_000);
  const rows = new Map((await sync.database.db('transactions').select('transaction_id', 'status')).map((r) => [r.transaction_id, r.status]));
  for (const [transactionId, acknowledged] of load.transactions) {
    t.true(FORWARD[acknowledged]!.includes(rows.get(transactionId) ?? 'missing'), `${transactionId} in MySQL`);
  }
  const ledger = await sync.database.db('ledger_entries').select('event_id');
  t.true(ledger.length >= load.moves, `${ledger.length} ledger rows for ${load.moves} acknowledged moves`);
  t.is(new Set(ledger.map((row) => row.event_id)).size, ledger.length);
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
  await waitUntil('nothing pending', async () => (await sync.outboxLength()) === 0, 1000);
});

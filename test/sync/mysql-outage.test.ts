import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ensureMysql, stopMysql } from '../../src/local-services/local-mysql';
import { reconcile } from '../../src/sync/reconcile';
import { runMixedLoad } from '../helpers/load';
import { freePort } from '../helpers/ports';
import { createSyncHarness } from '../helpers/sync';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('with MySQL down under load, operations keep succeeding on Redis and the backlog drains once it is back', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outage-'));
  const serverUrl = `mysql://outage:outage@127.0.0.1:${await freePort()}/outage`;
  t.teardown(async () => {
    await stopMysql(serverUrl, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
  await ensureMysql(serverUrl, dataDir, () => undefined);
  const sync = await createSyncHarness({}, { mysqlServerUrl: serverUrl });
  t.teardown(sync.cleanup);
  await sync.startWorker();

  // The outage starts from the load's own progress, and the load goes on until MySQL is back.
  let backlogDuringOutage = 0;
  let outage: Promise<void> | null = null;
  let back = false;
  const load = await runMixedLoad(sync.engine, {
    operations: 3000, wallets: 20, concurrency: 8, walletPrefix: 'outage',
    keepGoingWhile: () => !back,
    onProgress: (done) => {
      outage ??= done >= 1000
        ? (async () => {
            await stopMysql(serverUrl, dataDir); // the server process ends: every connection is cut
            await sleep(3000);
            backlogDuringOutage = await sync.outboxLength();
            await ensureMysql(serverUrl, dataDir, () => undefined);
            back = true;
          })()
        : null;
      return sleep(20);
    },
  });
  await outage;

  t.is(load.unavailable, 0, 'no operation failed while MySQL was down');
  t.true(backlogDuringOutage > 0, `the outbox held ${backlogDuringOutage} entries while MySQL was down`);
  await sync.drain(90_000);
  const ledger = await sync.database.db('ledger_entries').count({ n: '*' });
  t.is(Number(ledger[0]!.n), load.moves);
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
});

import test from 'ava';
import { reconcile } from '../../src/sync/reconcile';
import { runMixedLoad } from '../helpers/load';
import { createSyncHarness } from '../helpers/sync';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a worker killed with SIGKILL at random moments, restarted each time, loses and duplicates nothing', async (t) => {
  const sync = await createSyncHarness({ SYNC_BATCH_SIZE: '50' });
  t.teardown(sync.cleanup);

  let loadDone = false;
  let kills = 0;
  const killer = (async () => {
    while (!loadDone || kills < 5) {
      const worker = sync.spawnWorker();
      await sleep(1500 + Math.random() * 2000);
      worker.kill('SIGKILL');
      kills += 1;
    }
  })();
  const load = await runMixedLoad(sync.engine, {
    operations: 5000, wallets: 30, concurrency: 8, walletPrefix: 'crash',
    onProgress: () => sleep(100),
    keepGoingWhile: () => kills < 5, // every kill falls inside the load
  });
  loadDone = true;
  await killer;
  t.true(kills >= 5, `killed ${kills} times`);
  t.true(load.operations >= 5000, `${load.operations} operations`);

  sync.spawnWorker();
  await sync.drain(90_000);
  const ledger = await sync.database.db('ledger_entries').select('event_id');
  t.is(ledger.length, load.moves, 'one ledger row per acknowledged move: none lost, none twice');
  t.is(new Set(ledger.map((row) => row.event_id)).size, ledger.length);
  t.is((await sync.database.db('transactions').count({ n: '*' }))[0]!.n, load.transactions.size);
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
});

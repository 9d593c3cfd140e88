import test from 'ava';
import { runSoak, soakFailed } from '../../bench/lib/soak/run-soak';
import { testConfig } from '../helpers/test-config';

// The one-minute soak: the shape of `npm run soak -- --duration 90 --kill-worker-every 10 --kill-redis-every 30
// --mysql-outage 20` (which left a backlog the sync crawled through at ~1k rows/s), shorter, with a Redis
// and a database of its own: the backlog of the outage must drain within the soak's deadline.
test('a one-minute soak with worker kills, Redis kills and a MySQL outage, batches in the mix, loses and doubles nothing', async (t) => {
  t.timeout(300_000);
  const report = await runSoak(testConfig(), {
    durationS: 60,
    killWorkerEveryS: 10,
    killRedisEveryS: 20,
    mysqlOutageS: 20,
    wallets: 200,
    concurrency: 32,
    log: (line) => t.log(line),
  });
  t.log(JSON.stringify({ ...report, lost: report.lost.length, doubled: report.doubled.length, unacknowledged: report.unacknowledged.length }));
  t.deepEqual(report.errors, []);
  t.deepEqual(report.lost, []);
  t.deepEqual(report.doubled, []);
  t.deepEqual(report.unacknowledged, []);
  t.deepEqual(report.mismatches, []);
  t.false(soakFailed(report));
  t.true(report.workerKills >= 5, `${report.workerKills} worker kills`);
  t.true(report.redisKills >= 2, `${report.redisKills} Redis kills`);
  t.true(report.retried > 0, 'calls met the Redis outages and were sent again');
  t.true(report.batchCalls > 100, `${report.batchCalls} batch calls among the unary ones`);
  t.is(report.ledgerRows, report.acknowledgedMoves);
});

import test from 'ava';
import { soakHolds } from '../helpers/soak';

// The one-minute soak: the shape of `npm run soak -- --duration 90 --kill-worker-every 10 --kill-redis-every 30
// --mysql-outage 20` (which left a backlog the sync crawled through at ~1k rows/s), shorter, with a Redis
// and a database of its own: the backlog of the outage must drain within the soak's deadline.
test('a one-minute soak with worker kills, Redis kills and a MySQL outage, batches in the mix, loses and doubles nothing', async (t) => {
  const report = await soakHolds(t, { durationS: 60, killWorkerEveryS: 10, killRedisEveryS: 20, mysqlOutageS: 20 });
  t.true(report.workerKills >= 5, `${report.workerKills} worker kills`);
  t.true(report.redisKills >= 2, `${report.redisKills} Redis kills`);
  t.true(report.retried > 0, 'calls met the Redis outages and were sent again');
  t.true(report.batchCalls > 100, `${report.batchCalls} batch calls among the unary ones`);
});

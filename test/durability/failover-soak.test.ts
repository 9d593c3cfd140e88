import test from 'ava';
import { soakHolds } from '../helpers/soak';

// SPEC §1.10 from outside: the soak's mixed load (unary calls and batches, repeated with their request_ids
// after UNAVAILABLE) on a primary, two replicas and three Sentinels with REDIS_DURABILITY=replicated,
// while the primary is SIGKILLed (Sentinel promotes a replica, the killed node comes back as a replica)
// and once SIGSTOPped until a replica is promoted, then let go (a primary cut off from its replicas),
// and the sync worker is SIGKILLed. `npm run soak -- --store replicated --failover-every N` runs it long.
test.serial('failovers and a partition of the primary under load: every acknowledged move is in Redis and in the ledger exactly once, nothing unacknowledged reached the ledger, reconcile reports 0', async (t) => {
  const report = await soakHolds(t, {
    store: 'replicated', durationS: 40, killRedisEveryS: 0, failoverEveryS: 12, partitionEveryS: 19, killWorkerEveryS: 10, mysqlOutageS: 0,
  });
  t.true(report.failovers >= 2, `${report.failovers} failovers`);
  t.true(report.partitions >= 1, `${report.partitions} partitions`);
  t.is(report.outageWindowsMs.length, report.failovers + report.partitions, 'calls were acknowledged again after every disruption');
  t.true(report.retried > 0, 'calls met the failovers and were sent again');
});

// The same on a Redis Cluster of 3 masters with a replica each (replicated durability): a master is
// SIGKILLed, the cluster promotes its replica, the killed node rejoins as a replica. The window printed
// is the load's (the other masters serve on), not the killed master's slots'.
test.serial('master failovers of a Redis Cluster under load: every acknowledged move is in Redis and in the ledger exactly once, reconcile reports 0', async (t) => {
  const report = await soakHolds(t, { store: 'cluster', durationS: 30, killRedisEveryS: 0, failoverEveryS: 10, killWorkerEveryS: 10, mysqlOutageS: 0 });
  t.true(report.failovers >= 2, `${report.failovers} failovers`);
});

/**
 * Soak: the mixed load while the worker and Redis are killed and MySQL is cut off; then drain and
 * reconcile. Exits non-zero on any lost or doubled move or any balance that disagrees.
 *   npm run soak -- --duration 300 --kill-worker-every 10 --kill-redis-every 60 --mysql-outage 30
 * On the replicated store (SPEC §1.10: primary, 2 replicas, 3 Sentinels, REDIS_DURABILITY=replicated),
 * the primary is SIGKILLed (a failover) or SIGSTOPped until a replica is promoted (a partition):
 *   npm run soak -- --store replicated --failover-every 30 --partition-every 45 --kill-redis-every 0
 * On a Redis Cluster of 3 masters with a replica each (replicated durability), a master is SIGKILLed:
 *   npm run soak -- --store cluster --failover-every 30 --kill-redis-every 0
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { ensureLocalServices } from '../src/local-services/local-services';
import { runSoak, soakFailed } from './lib/soak/run-soak';
import { unavailabilityLines } from './lib/soak/unavailability';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '300' },
    'kill-worker-every': { type: 'string', default: '10' },
    'kill-redis-every': { type: 'string', default: '60' },
    store: { type: 'string', default: 'single' },
    'failover-every': { type: 'string', default: '0' },
    'partition-every': { type: 'string', default: '0' },
    'mysql-outage': { type: 'string', default: '30' },
    wallets: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '32' },
  },
});

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  await ensureLocalServices(config, (line) => console.log(line));
  const report = await runSoak(config, {
    durationS: Number(values.duration),
    killWorkerEveryS: Number(values['kill-worker-every']),
    killRedisEveryS: Number(values['kill-redis-every']),
    store: values.store === 'replicated' || values.store === 'cluster' ? values.store : 'single',
    failoverEveryS: Number(values['failover-every']),
    partitionEveryS: Number(values['partition-every']),
    mysqlOutageS: Number(values['mysql-outage']),
    wallets: Number(values.wallets),
    concurrency: Number(values.concurrency),
    log: (line) => console.log(line),
  });
  const list = (items: string[]) => (items.length ? ` (${items.slice(0, 5).join('; ')}${items.length > 5 ? '; …' : ''})` : '');
  console.log(`calls ${report.calls} (${report.batchCalls} of them batches, ${report.retried} sent again after an outage)`);
  console.log(`worker kills ${report.workerKills}, Redis kills ${report.redisKills}, failovers ${report.failovers}, partitions ${report.partitions}, MySQL outage ${report.mysqlOutageS} s`);
  for (const line of unavailabilityLines(report)) console.log(line);
  console.log(`acknowledged moves ${report.acknowledgedMoves}, ledger rows ${report.ledgerRows}, drained ${report.drainS.toFixed(1)} s after the load`);
  console.log(`lost ${report.lost.length}${list(report.lost)}, doubled ${report.doubled.length}${list(report.doubled)}, unacknowledged ${report.unacknowledged.length}${list(report.unacknowledged)}`);
  console.log(`mismatches ${report.mismatches.length}${list(report.mismatches)}, errors ${report.errors.length}${list(report.errors)}`);
  console.log(soakFailed(report) ? 'SOAK FAILED' : 'soak passed: every acknowledged move is in MySQL exactly once');
  process.exitCode = soakFailed(report) ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

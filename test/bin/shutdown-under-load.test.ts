import test from 'ava';
import { RESERVATION_SERVICE_NAME } from '../../src/grpc/reservation-proto';
import { reconcile } from '../../src/sync/reconcile';
import { readSyncStatus } from '../../src/sync/sync-status';
import { startCliProcess } from '../helpers/cli-process';
import { createEngine } from '../helpers/engine';
import { healthClient, reservationClient } from '../helpers/grpc-client';
import { createTestDatabase } from '../helpers/mysql';
import { createTestRedis } from '../helpers/redis';
import { until } from '../helpers/until';
import { uniqueQueuePrefix } from '../helpers/worker';

const LANES = 16;
const WALLETS = 4;
const CALL_DEADLINE_MS = 20_000;

/** How long a state may take: the load runs on a shared 2-core machine. */
const STATE_TIMEOUT_MS = 60_000;

/**
 * SIGTERM while game servers are calling: every call gets an answer (OK, or UNAVAILABLE once the port
 * has closed; none hangs to its deadline), health watchers see NOT_SERVING for the server and for the
 * reservation service before the port closes, the process exits 0, and whatever the worker was doing
 * was either committed and acknowledged or left pending: a worker started afterwards drains the rest,
 * and every wallet in Redis then equals its MySQL ledger, with every acknowledged reserve in MySQL.
 */
test('SIGTERM under load: every call answered, health NOT_SERVING, the ledger complete after a restart', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  const redis = await createTestRedis();
  t.teardown(async () => {
    await redis.cleanup();
    await database.drop();
  });
  const env = { MYSQL_URL: database.url, REDIS_KEY_PREFIX: redis.prefix, QUEUE_PREFIX: uniqueQueuePrefix(), SHUTDOWN_GRACE_MS: '10000' };
  const engine = createEngine(redis.redis);
  const wallets = Array.from({ length: WALLETS }, (_, i) => ({ userId: `sigterm-${i}`, gameId: 'g', currency: 'EUR' }));
  for (const wallet of wallets) await engine.fund(wallet, 10_000_000);

  const started = await startCliProcess(['serve'], env);
  t.teardown(() => started.child.kill('SIGKILL'));
  const grpcAddress = started.addresses.grpc!;
  const client = reservationClient(grpcAddress);
  const health = healthClient(grpcAddress);
  t.teardown(() => {
    client.close();
    health.close();
  });
  const watchers = ['', RESERVATION_SERVICE_NAME].map((service) => ({ service, ...health.watch(service) }));
  await until('SERVING from the health watchers', () => watchers.every((watch) => watch.statuses.includes('SERVING')), STATE_TIMEOUT_MS, 50);

  let exited = false;
  void started.exit.then(() => { exited = true; });
  const acknowledgedReserves: string[] = [];
  const outcomes = new Map<string, number>();
  const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const lane = async (laneId: number) => {
    for (let i = 0; !exited; i++) {
      const wallet = wallets[(laneId + i) % WALLETS]!;
      const reserved = await client.call('Reserve', {
        request_id: `r-${laneId}-${i}`, user_id: wallet.userId, game_id: wallet.gameId, round_id: `round-${i}`, amount: '3', currency: 'EUR',
      }, CALL_DEADLINE_MS);
      count(reserved.error ? `Reserve ${reserved.error.code}` : 'Reserve OK');
      if (reserved.error) continue;
      acknowledgedReserves.push(String(reserved.reply!.transaction_id));
      const confirmed = await client.call('Confirm', {
        request_id: `c-${laneId}-${i}`, transaction_id: reserved.reply!.transaction_id, round_id: `round-${i}`, win_amount: String(i % 5),
      }, CALL_DEADLINE_MS);
      count(confirmed.error ? `Confirm ${confirmed.error.code}` : 'Confirm OK');
    }
  };
  const load = Promise.all(Array.from({ length: LANES }, (_, laneId) => lane(laneId)));
  await until('some load', () => (outcomes.get('Confirm OK') ?? 0) >= 200, STATE_TIMEOUT_MS, 50);

  started.child.kill('SIGTERM');
  await until('NOT_SERVING from both watchers', () => watchers.every((watch) => watch.statuses.at(-1) === 'NOT_SERVING'), 10_000, 50);
  watchers.forEach((watch) => watch.cancel());
  t.is(await started.exit, 0, started.lines.slice(-20).join('\n'));
  await load;

  const summary = Object.fromEntries(outcomes);
  t.log(summary);
  const UNAVAILABLE = 14;
  const answered = [...outcomes.keys()].every((outcome) => outcome.endsWith(' OK') || outcome.endsWith(` ${UNAVAILABLE}`));
  t.true(answered, `every call is OK or UNAVAILABLE (none hung to its deadline): ${JSON.stringify(summary)}`);
  t.truthy(started.lines.find((line) => line.includes('"msg":"stopped"')));

  // A worker started afterwards finds what the stopped one left pending.
  const worker = await startCliProcess(['serve', '--roles', 'worker'], env);
  t.teardown(() => worker.child.kill('SIGKILL'));
  let last = '';
  await until('the outbox drained and every wallet equal to its ledger', async () => {
    const backlog = (await readSyncStatus(redis.redis, undefined, Date.now())).outboxEntries;
    const { wallets: compared, mismatches } = await reconcile(redis.redis, redis.prefix, database.db);
    last = `backlog ${backlog}, ${compared} wallets, mismatches ${JSON.stringify(mismatches)}`;
    return backlog === 0 && compared === WALLETS && mismatches.length === 0;
  }, STATE_TIMEOUT_MS, 50).catch((error: Error) => t.fail(`${error.message}: ${last}`));
  const inMysql = await database.db('transactions').whereIn('transaction_id', acknowledgedReserves).count({ n: '*' });
  t.is(Number(inMysql[0]!.n), acknowledgedReserves.length, 'every acknowledged reserve is in MySQL');
  worker.child.kill('SIGTERM');
  t.is(await worker.exit, 0);
});

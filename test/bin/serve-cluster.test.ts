import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { waitUntil } from '../../src/local-services/process-tools';
import { startCliProcess } from '../helpers/cli-process';
import { createEngine } from '../helpers/engine';
import { reservationClient } from '../helpers/grpc-client';
import { migratedClusterDeployment } from '../helpers/redis-cluster';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// SPEC §1.8: nothing assumes a single Redis node. The gRPC and worker roles run on a 3-master Redis
// Cluster (REDIS_CLUSTER_NODES): a top-up, Reserve and Confirm go through the scripts and the outbox,
// BullMQ moves them, and MySQL holds the ledger; the operator commands work on the same cluster.
test('the gRPC and worker roles run on a Redis Cluster, from Reserve to the MySQL ledger', async (t) => {
  const { client, database, env: clusterEnv } = await migratedClusterDeployment(t);
  const started = await startCliProcess(['serve', '--roles', 'grpc,worker'], clusterEnv);
  t.teardown(() => started.child.kill('SIGKILL'));
  t.truthy(started.addresses.grpc, started.lines.join('\n'));

  await waitUntil('cluster client', async () => client.status === 'ready', 10_000);
  const engine = createEngine(client);
  await engine.fund({ userId: '42', gameId: '7', currency: 'EUR' }, 1000);

  const grpc = reservationClient(started.addresses.grpc!);
  t.teardown(() => grpc.close());
  const reserved = await grpc.call('Reserve', { request_id: 'r', user_id: '42', game_id: '7', round_id: 'x', amount: '250', currency: 'EUR' });
  t.like(reserved.reply, { status: 'reserved', available_balance: '750', reserved_balance: '250' });
  const confirmed = await grpc.call('Confirm', { request_id: 'c', transaction_id: reserved.reply!.transaction_id, round_id: 'x', win_amount: '100' });
  t.like(confirmed.reply, { status: 'confirmed', available_balance: '850', reserved_balance: '0' });

  await waitUntil('the ledger', async () => (await database.db('ledger_entries').count({ n: '*' }))[0]!.n === 3, 20_000);
  const kinds = await database.db('ledger_entries').orderBy([{ column: 'stream_ms' }, { column: 'stream_seq' }]).pluck('kind');
  t.deepEqual(kinds, ['topup', 'reserve', 'confirm']);
  t.like(await database.db('transactions').first(), { status: 'confirmed', win_amount: 100, amount: 250 });

  // The operator commands use the same cluster client (SPEC §1.8): no MOVED errors.
  const operator = { ...process.env, ...clusterEnv, LOG_LEVEL: 'silent' };
  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: ROOT, env: operator });
  const topup = JSON.parse((await cli('topup', '--user-id', '43', '--game-id', '7', '--amount', '500')).stdout);
  t.like(topup, { available_balance: 500, reserved_balance: 0 });
  t.regex((await cli('sync', 'status')).stdout, /outbox: \d+ entries/);
  await waitUntil('the top-up in the ledger', async () => (await database.db('ledger_entries').count({ n: '*' }))[0]!.n === 4, 20_000);
  t.regex((await cli('reconcile')).stdout, /2 wallets compared, 0 mismatches/);

  started.child.kill('SIGTERM');
  t.is(await started.exit, 0);
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { waitUntil } from '../../src/local-services/process-tools';
import { startCliProcess } from '../helpers/cli-process';
import { reservationClient } from '../helpers/grpc-client';
import { migratedClusterDeployment } from '../helpers/redis-cluster';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// SPEC §1.10 on a Redis Cluster of 3 masters with a replica each: the gRPC and worker roles run with
// REDIS_DURABILITY=replicated, the store then loses everything (FLUSHALL on every master, which the
// replicas follow: a lost cluster), and `restore` brings it back from MySQL through the operator CLI.
test('on a 3-master cluster with replicas, replicated roles sync to MySQL; after the cluster lost its data, restore brings back balances, open reservations and a keyed top-up\'s record', async (t) => {
  t.timeout(180_000);
  const { client, database, env } = await migratedClusterDeployment(t, { replicas: 1 }, { REDIS_DURABILITY: 'replicated' });
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' } })
      .then((done) => ({ code: 0, out: done.stdout }), (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, out: failed.stdout + failed.stderr }));
  let served = await startCliProcess(['serve', '--roles', 'grpc,worker'], env);
  t.teardown(() => served.child.kill('SIGKILL'));
  t.truthy(served.addresses.grpc, served.lines.join('\n'));

  const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
  for (const player of players) {
    t.is((await cli('topup', '--user-id', player, '--game-id', 'g', '--amount', '1000', '--idempotency-key', `seed-${player}`)).code, 0);
  }
  let grpc = reservationClient(served.addresses.grpc!);
  const reserve = async (player: string, amount: number) =>
    (await grpc.call('Reserve', { request_id: `bet-${player}`, user_id: player, game_id: 'g', round_id: 'r', amount: String(amount), currency: 'EUR' })).reply!;
  const reserved = await Promise.all(players.map((player, i) => reserve(player, 100 + i)));
  t.true(reserved.every((reply) => reply.status === 'reserved'));
  await grpc.call('Confirm', { request_id: 'win-p1', transaction_id: reserved[0]!.transaction_id, round_id: 'r', win_amount: '500' });
  await waitUntil('the ledger', async () => Number((await database.db('ledger_entries').count({ n: '*' }))[0]!.n) === 13, 30_000);
  t.regex((await cli('reconcile')).out, /6 wallets compared, 0 mismatches/);
  grpc.close();
  served.child.kill('SIGTERM');
  await served.exit;

  // The whole cluster loses its data.
  await waitUntil('cluster client', async () => client.status === 'ready', 10_000);
  await Promise.all(client.nodes('master').map((node) => node.flushall()));
  const restored = await cli('restore');
  t.is(restored.code, 0, restored.out);
  t.regex(restored.out, /restored 6 wallets, 5 open reservations, 1 settled transactions and 6 top-up idempotency records/);
  t.regex((await cli('reconcile')).out, /6 wallets compared, 0 mismatches/);
  const again = await cli('restore');
  t.is(again.code, 1);
  t.regex(again.out, /holds engine data.*--force/s);

  served = await startCliProcess(['serve', '--roles', 'grpc,worker'], env);
  grpc = reservationClient(served.addresses.grpc!);
  t.teardown(() => grpc.close());
  const confirmed = await grpc.call('Confirm', { request_id: 'win-p2', transaction_id: reserved[1]!.transaction_id, round_id: 'r', win_amount: '50' });
  t.like(confirmed.reply, { status: 'confirmed', available_balance: String(1000 - 101 + 50), reserved_balance: '0' });
  const repeatedBet = await reserve('p3', 102);
  t.is(repeatedBet.transaction_id, reserved[2]!.transaction_id, 'a repeat of an acknowledged Reserve replays it');
  const repeatedTopup = JSON.parse((await cli('topup', '--user-id', 'p4', '--game-id', 'g', '--amount', '1000', '--idempotency-key', 'seed-p4')).out);
  t.like(repeatedTopup, { replayed: true, available_balance: 1000 }, 'its first reply, not a second credit');
  await waitUntil('the new confirm in the ledger', async () => Number((await database.db('ledger_entries').count({ n: '*' }))[0]!.n) === 14, 30_000);
  t.regex((await cli('reconcile')).out, /6 wallets compared, 0 mismatches/);
  served.child.kill('SIGTERM');
  t.is(await served.exit, 0);
});

import { once } from 'node:events';
import type { Redis } from 'ioredis';
import test, { type ExecutionContext } from 'ava';
import type { RedisDurability } from '../../src/config';
import { AppError } from '../../src/errors';
import { StartupRefused } from '../../src/lifecycle/startup-refused';
import { findBinary, runCommand, waitUntil } from '../../src/local-services/process-tools';
import { createDurableAck } from '../../src/redis/durable-ack';
import { loadEngineFunctions } from '../../src/redis/engine-functions';
import { assertDurabilitySupported } from '../../src/redis/durability-check';
import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { markMigrated } from '../helpers/redis';
import { startRedisServer } from '../helpers/redis-server';

/** Short, for a shortfall the test waits for; the steps that must succeed get a roomy one (CI's load). */
const durability: RedisDurability = { mode: 'replicated', replicas: 1, timeoutMs: 200 };
const roomy: RedisDurability = { ...durability, timeoutMs: 10_000 };

const AOF = ['--appendonly', 'yes', '--appendfsync', 'always'];

/** A store of the test's own (AOF always unless `aof` is false), removed when the test ends. */
async function storeProcess(t: { teardown(fn: () => Promise<void>): void }, options: { binary?: string; aof?: boolean; replicaOf?: number } = {}) {
  const server = await startRedisServer(
    [...(options.aof === false ? ['--appendonly', 'no'] : AOF), ...(options.replicaOf ? ['--replicaof', '127.0.0.1', String(options.replicaOf)] : [])],
    { binary: options.binary, migrated: false },
  );
  t.teardown(() => server.stop());
  return server;
}

/** A gRPC-role client of `url` in replicated mode, ready, closed when the test ends. */
async function engineClient(t: ExecutionContext, url: string) {
  const redis = createRedisClient({ url, role: 'grpc', durability: roomy });
  t.teardown(() => redis.disconnect());
  await once(redis, 'ready');
  return redis;
}

/** A migrated primary with one replica online, and a gRPC-role client of the primary in replicated mode. */
async function primaryWithReplica(t: ExecutionContext) {
  const primary = await storeProcess(t);
  const replica = await storeProcess(t, { replicaOf: primary.port });
  const redis = await engineClient(t, primary.url);
  await markMigrated(redis);
  await waitUntil('the replica online', async () => (await redis.info('replication')).includes('state=online'), 20_000);
  return { redis, primary, replica };
}

/** A wallet over `redis` whose moves wait for the replicas as `ack` says. */
const walletWaiting = (redis: Redis, ack: RedisDurability) =>
  createWalletService({ store: createWalletStore(redis, { durableAck: createDurableAck(ack) }), idempotencyTtlS: 3600 });

test('with replicated durability a move no replica confirmed answers UNAVAILABLE ("may have been applied"); repeated once a replica is there, it replays the first outcome and moved the money once', async (t) => {
  const primary = await storeProcess(t);
  const redis = createRedisClient({ url: primary.url, role: 'grpc', durability: roomy });
  t.teardown(() => redis.disconnect());
  await once(redis, 'ready');
  await markMigrated(redis);
  let wallet = walletWaiting(redis, durability);
  const w = { userId: 'player', gameId: 'game', currency: 'EUR' };

  const topup = await t.throwsAsync(wallet.topup({ ...w, amount: '1000', comment: 'first', idempotencyKey: 'top-1' }));
  t.true(topup instanceof AppError && topup.code === 'UNAVAILABLE', String(topup));
  t.regex(topup!.message, /may have been applied; repeat with the same request_id/);

  const replica = await storeProcess(t, { replicaOf: primary.port });
  await waitUntil('the replica online', async () => (await redis.info('replication')).includes('state=online'), 20_000);
  wallet = walletWaiting(redis, roomy);
  const repeated = await wallet.topup({ ...w, amount: '1000', comment: 'first', idempotencyKey: 'top-1' });
  t.true(repeated.replayed, 'the repeat found the first call\'s top-up');
  t.is(repeated.availableBalance, '1000');

  const reserve = await wallet.reserve({ ...w, requestId: 'bet-1', roundId: 'round', amount: '300' });
  t.is(reserve.status, 'reserved');
  const onReplica = createRedisClient({ url: replica.url, role: 'cli' });
  t.teardown(() => onReplica.disconnect());
  const replicated = createWalletService({ store: createWalletStore(onReplica), idempotencyTtlS: 3600 });
  t.deepEqual(await replicated.balance('player', 'game', 'EUR'), { availableBalance: '700', reservedBalance: '300' },
    'the acknowledged moves are on the replica, once');
});

test('a refusal that rests on a move the replicas have not confirmed (a Cancel of a transaction whose Confirm fell short) answers UNAVAILABLE, on another connection too, until they have it', async (t) => {
  const { redis, primary, replica } = await primaryWithReplica(t);
  const w = { userId: 'player', gameId: 'game', currency: 'EUR' };
  const wallet = walletWaiting(redis, roomy);
  await wallet.topup({ ...w, amount: '1000', comment: '' });
  const { transactionId } = await wallet.reserve({ ...w, requestId: 'bet-1', roundId: 'round', amount: '300' });

  replica.signal('SIGSTOP'); // attached still, acknowledging nothing
  const confirm = await t.throwsAsync(walletWaiting(redis, durability).confirm({ requestId: 'win-1', transactionId, roundId: 'round', winAmount: '0' }));
  t.is((confirm as AppError).code, 'UNAVAILABLE', 'the Confirm is applied on the primary alone');

  const other = walletWaiting(await engineClient(t, primary.url), durability); // a connection that wrote nothing
  const refused = await t.throwsAsync(other.cancel({ requestId: 'undo-1', transactionId, reason: 'test' }));
  t.is((refused as AppError).code, 'UNAVAILABLE', `not "confirmed" before a replica has the Confirm: ${String(refused)}`);

  replica.signal('SIGCONT');
  const settled = await t.throwsAsync(walletWaiting(await engineClient(t, primary.url), roomy).cancel({ requestId: 'undo-1', transactionId, reason: 'test' }));
  t.is((settled as AppError).code, 'FAILED_PRECONDITION');
  t.regex(settled!.message, /is confirmed and cannot be canceled/);
});

test('a barrier whose client reconnected after the move went out fails, though the new connection would answer its WAITAOF at once (it never saw the move)', async (t) => {
  const { primary } = await primaryWithReplica(t);
  // The CLI role queues commands while it reconnects: the WAITAOF would go out on the new connection.
  const redis = createRedisClient({ url: primary.url, role: 'cli', durability: roomy });
  t.teardown(() => redis.disconnect());
  await once(redis, 'ready');
  const ack = createDurableAck(roomy)!;
  const move = redis.set('moved', '1').catch(() => 'reply lost with the connection');
  // The move's barrier is joined as its connection drops (before the client has seen it drop); the
  // barrier goes out after the client started reconnecting.
  const joined = new Promise<{ barrier: Promise<void> }>((resolve) => redis.stream.once('close', () => resolve({ barrier: ack(redis, 'fence') })));
  redis.stream.destroy();
  const failed = await t.throwsAsync((await joined).barrier);
  t.is((failed as AppError).code, 'UNAVAILABLE');
  t.regex(failed!.message, /connection the move went out on is gone/);
  await move;
  await once(redis, 'ready');
  await t.notThrowsAsync(ack(redis, 'fence'), 'a barrier on the new connection is sent as usual');
});

test('group commit: one WAITAOF covers the scripts of an event-loop turn, so hundreds of concurrent moves cost a handful of waits', async (t) => {
  const { redis } = await primaryWithReplica(t);
  const wallet = walletWaiting(redis, roomy);
  await loadEngineFunctions(redis); // before the count: a first call would find no library and load it
  await redis.config('RESETSTAT');
  const moves = 500;
  const replies = await Promise.all(Array.from({ length: moves }, (_, i) =>
    wallet.topup({ userId: `p${i}`, gameId: 'game', currency: 'EUR', amount: '5', comment: '', idempotencyKey: `k${i}` })));
  t.is(replies.length, moves);
  const stats = await redis.info('commandstats');
  const calls = (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  t.log(`${calls('fcall')} function calls, ${calls('waitaof')} WAITAOF`);
  t.is(calls('fcall'), moves);
  t.true(calls('waitaof') >= 1 && calls('waitaof') <= moves / 10, `${calls('waitaof')} WAITAOF for ${moves} moves`);
});

test('a role refuses to start in replicated mode against a store without the AOF, naming appendonly; local mode asks nothing more', async (t) => {
  const store = await storeProcess(t, { aof: false });
  const redis = createRedisClient({ url: store.url, role: 'cli' });
  t.teardown(() => redis.disconnect());
  const refused = await t.throwsAsync(assertDurabilitySupported(redis, durability));
  t.true(refused instanceof StartupRefused);
  t.regex(refused!.message, /appendonly yes/);
  await t.notThrowsAsync(assertDurabilitySupported(redis, { ...durability, mode: 'local' }));
});

test('a role refuses to start in replicated mode against a store without WAITAOF (Redis before 7.2), naming REDIS_DURABILITY', async (t) => {
  const redisServer = findBinary('redis-server');
  const version = redisServer ? (await runCommand(redisServer, ['--version'])).output : '';
  const [, major = '0', minor = '0'] = /v=(\d+)\.(\d+)/.exec(version) ?? [];
  if (!redisServer || Number(major) * 100 + Number(minor) >= 702) {
    t.log(`no Redis older than 7.2 on this machine (${version.trim() || 'none'}): the refusal is checked against a store that lacks WAITAOF only where one is installed`);
    t.pass();
    return;
  }
  const store = await storeProcess(t, { binary: redisServer });
  const redis = createRedisClient({ url: store.url, role: 'cli' });
  t.teardown(() => redis.disconnect());
  const refused = await t.throwsAsync(assertDurabilitySupported(redis, durability));
  t.true(refused instanceof StartupRefused);
  t.regex(refused!.message, /REDIS_DURABILITY=replicated needs WAITAOF/);
});

test('a move that finds no function library on its primary is repeated with a WAITAOF of its own, after the library is loaded', async (t) => {
  const { redis } = await primaryWithReplica(t);
  await redis.call('FUNCTION', 'FLUSH');
  const monitor = await redis.monitor();
  t.teardown(() => monitor.disconnect());
  const commands: string[] = [];
  monitor.on('monitor', (_time: string, args: string[]) => commands.push(String(args[0]).toLowerCase()));
  const wallet = walletWaiting(redis, roomy);
  t.like(await wallet.topup({ userId: 'p', gameId: 'game', currency: 'EUR', amount: '5', comment: '' }), { availableBalance: '5' });
  await waitUntil('the monitor has seen the repeated call and its WAITAOF', async () => commands.filter((c) => c === 'fcall').length >= 2 && commands.lastIndexOf('waitaof') > commands.lastIndexOf('fcall'), 5000)
    .catch(() => undefined);
  const repeated = commands.lastIndexOf('fcall');
  t.is(commands.filter((c) => c === 'fcall').length, 2, `${commands.join(' ')}: one FCALL that found no library, one after the load`);
  t.true(commands.indexOf('function') < repeated, 'the library loaded before the repeat');
  t.true(commands.slice(repeated).includes('waitaof'), `a WAITAOF after the repeated call: ${commands.join(' ')}`);
});

test('a WAITAOF answered after its connection was remade mid-wait ends UNAVAILABLE, not confirmed (the new connection never carried the move)', async (t) => {
  const { primary, replica } = await primaryWithReplica(t);
  // A client with ioredis' defaults resends a command in flight when its connection is remade: the
  // WAITAOF would be answered on the new one, which never carried the move.
  const redis = createRedisClient({ url: primary.url, role: 'queue', durability: roomy });
  t.teardown(() => redis.disconnect());
  await once(redis, 'ready');
  const ack = createDurableAck(roomy)!;
  replica.signal('SIGSTOP'); // the WAITAOF waits for the replica
  t.teardown(() => replica.signal('SIGCONT'));
  await redis.set('moved', '1');
  const barrier = ack(redis, 'fence');
  const settled = barrier.then(() => 'confirmed', (error: AppError) => error);
  const probe = createRedisClient({ url: primary.url, role: 'cli' });
  t.teardown(() => probe.disconnect());
  await waitUntil('the WAITAOF is blocked on the primary', async () => /cmd=waitaof/.test((await probe.call('CLIENT', 'LIST')) as string), 10_000);
  redis.stream.destroy(); // the connection is remade while the WAITAOF waits
  await once(redis, 'ready');
  replica.signal('SIGCONT'); // a WAITAOF sent again now would be confirmed at once
  const outcome = await settled;
  t.not(outcome, 'confirmed');
  t.is((outcome as AppError).code, 'UNAVAILABLE');
  t.regex((outcome as AppError).message, /connection the move went out on is gone/);
});

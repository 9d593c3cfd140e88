import anyTest, { type TestFn } from 'ava';
import { pack } from 'msgpackr';
import { AppError } from '../../src/errors';
import { createLogger } from '../../src/logging/logger';
import { REDIS_LAYOUT, REDIS_LAYOUT_KEY, upgradeRedisLayout } from '../../src/redis/layout-upgrade';
import { keys, reserveTarget, walletAddress } from '../../src/redis/wallet-keys';
import { NONCE_OFFSET } from '../../src/redis/shared-layouts';
import { startCliProcess } from '../helpers/cli-process';
import { createEngine, type Engine } from '../helpers/engine';
import { createTestDatabase } from '../helpers/mysql';
import { createTestRedis, type TestRedis } from '../helpers/redis';
import { snapshotKeys } from '../helpers/redis-snapshot';

// SPEC §1.6: every role refuses to start unless Redis holds the layout its code reads; `migrate`
// upgrades it; a key of the wrong type where a record belongs is INTERNAL, never an empty wallet.
const test = anyTest as TestFn<{ store: TestRedis; engine: Engine }>;
const silent = createLogger('silent');

test.beforeEach(async (t) => {
  const store = await createTestRedis();
  t.context = { store, engine: createEngine(store.redis) };
});
test.afterEach.always(async (t) => {
  await t.context.store.cleanup();
});

test('every role refuses to start on a Redis never migrated or of an older layout, naming migrate; after migrate it starts', async (t) => {
  const { store } = t.context;
  await store.redis.del(REDIS_LAYOUT_KEY); // as a Redis no migrate has run on
  const database = await createTestDatabase(); // migrate's MySQL half goes to a database of the test's own
  t.teardown(() => database.drop());
  const env = { REDIS_KEY_PREFIX: store.prefix, MYSQL_URL: database.url };
  for (const role of ['grpc', 'http', 'worker']) {
    const started = await startCliProcess(['serve', '--roles', role], env);
    t.is(await started.exit, 1, role);
    t.regex(started.lines.join('\n'), /record layout none \(never migrated\).*run migrate/, role);
  }
  await store.redis.set(REDIS_LAYOUT_KEY, '2');
  const older = await startCliProcess(['serve', '--roles', 'grpc'], env);
  t.is(await older.exit, 1);
  t.regex(older.lines.join('\n'), /record layout 2, this code reads layout 4: run migrate/);

  const migrated = await startCliProcess(['migrate'], env);
  t.is(await migrated.exit, 0, migrated.lines.join('\n'));
  t.is(await store.redis.get(REDIS_LAYOUT_KEY), REDIS_LAYOUT);
  const serving = await startCliProcess(['serve', '--roles', 'grpc'], env);
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.truthy(serving.addresses.grpc, serving.lines.join('\n'));
});

test('records of layout 2 (names derived with the idempotency period) are upgraded and keep working', async (t) => {
  const { store, engine } = t.context;
  const redis = store.redis;
  await redis.set(REDIS_LAYOUT_KEY, '2');
  const target = engine.newWallet();
  await engine.fund(target, 1000);
  const w = walletAddress(target.userId, target.gameId, 'EUR');
  const pp = w.partition.toString(16).padStart(2, '0');
  // As layout 2 stored them: an open reservation, a settled one (retention running) and a rejected Reserve.
  await redis.set(keys.wallet(w), pack(['850', '100', target.userId, target.gameId, 'EUR']));
  const record = (derived: string, values: string[]) => ({ key: `t${w.tag}:${w.userGameRef}.${derived}`, id: `${pp}.${w.userGameRef}.EUR-${derived}`, values });
  const open = record('OPENOPENOPENOPEN', ['reserved', 'EUR', 'round', '100', target.userId, target.gameId, '', 'bet-open', '900', '100', '']);
  const settled = record('DONEDONEDONEDONE', ['confirmed', 'EUR', 'round', '50', target.userId, target.gameId, '', 'bet-done', '850', '150', '', 'c1', '', '0', '900', '100', '']);
  const rejected = record('POORPOORPOORPOOR', ['reply', 'EUR', 'round', '5000', target.userId, target.gameId, '', 'bet-poor', '900', '100', '']);
  await redis.set(open.key, pack(open.values));
  await redis.set(settled.key, pack(settled.values), 'EX', 3000);
  await redis.set(rejected.key, pack(rejected.values), 'EX', 500);

  // Four records re-encoded (layout 4), then three named anew (the rejected one moved, two reply records made).
  t.is(await upgradeRedisLayout(redis, 86_400, silent), 7);
  t.is(await redis.get(REDIS_LAYOUT_KEY), REDIS_LAYOUT);
  t.is(await redis.exists(rejected.key), 0, 'the rejected record moved to its new name');
  t.is(await upgradeRedisLayout(redis, 86_400, silent), 0, 'a second run is a no-op');
  await redis.set(REDIS_LAYOUT_KEY, '2');
  t.is(await upgradeRedisLayout(redis, 86_400, silent), 0, 'a run interrupted before the marker, repeated, moves nothing again');

  const reserve = (requestId: string, amount: string) => engine.wallet.reserve({ ...target, requestId, roundId: 'round', amount });
  t.like(await reserve('bet-open', '100'), { status: 'reserved', transactionId: open.id, availableBalance: '900', reservedBalance: '100', replayed: true });
  t.like(await reserve('bet-done', '50'), { status: 'reserved', transactionId: settled.id, availableBalance: '850', reservedBalance: '150', replayed: true });
  t.like(await reserve('bet-poor', '5000'), { status: 'rejected', transactionId: '', availableBalance: '900', reservedBalance: '100', replayed: true });
  await t.throwsAsync(reserve('bet-open', '101'), { instanceOf: AppError, message: /already used with different fields/ });
  const aliasTtl = (requestId: string) => redis.ttl(reserveTarget(w, requestId).key);
  t.true((await aliasTtl('bet-open')) > 86_000, 'an open transaction is found by its request_id for the idempotency TTL');
  t.true((await aliasTtl('bet-done')) > 2_900 && (await aliasTtl('bet-done')) <= 3_000, 'a settled one for what is left of its retention');
  t.true((await redis.ttl(settled.key)) > 2_900, 'the settled transaction keeps its retention');

  t.like(await engine.wallet.confirm({ requestId: 'c9', transactionId: open.id, roundId: 'round', winAmount: '30' }), { status: 'confirmed', availableBalance: '880', reservedBalance: '0' });
  t.like(await engine.wallet.confirm({ requestId: 'c1', transactionId: settled.id, roundId: '', winAmount: '0' }), { status: 'confirmed', replayed: true });
  await t.throwsAsync(engine.wallet.confirm({ requestId: 'c2', transactionId: `${open.id}-AAAAAAAAAAA`, roundId: '', winAmount: '0' }), {
    instanceOf: AppError,
    message: /not found/,
  }, 'a layout-2 id with a nonce appended names no transaction');
});

test('records of layout 3 (MessagePack arrays) are re-encoded in place with their expiry and keep working', async (t) => {
  const { store, engine } = t.context;
  const redis = store.redis;
  const target = engine.newWallet();
  await engine.fund(target, 1000);
  const w = walletAddress(target.userId, target.gameId, 'EUR');
  await redis.set(REDIS_LAYOUT_KEY, '3');
  // As layout 3 stored them, under the names layout 4 keeps: a wallet, an open reservation, a settled
  // one (retention running), a rejected Reserve's reply record and a cancel's reason with a NUL in it.
  await redis.set(keys.wallet(w), pack(['850', '150', target.userId, target.gameId, 'EUR']));
  const nonce = 'NONCENONCE1';
  const record = (requestId: string) => {
    const named = reserveTarget(w, requestId);
    return { key: named.key, id: `${named.transactionId.slice(0, NONCE_OFFSET)}${nonce}` };
  };
  const open = record('bet-open');
  const settled = record('bet-done');
  const rejected = record('bet-poor');
  await redis.set(open.key, pack(['reserved', 'EUR', 'round', '100', target.userId, target.gameId, '', 'bet-open', '900', '100', nonce]));
  await redis.set(settled.key, pack(['canceled', 'EUR', 'round', '50', target.userId, target.gameId, '', 'bet-done', '850', '150', nonce, 'x1', '', '0', '900', '100', 'why\0not']), 'EX', 3000);
  await redis.set(rejected.key, pack(['reply', 'EUR', 'round', '5000', target.userId, target.gameId, '', 'bet-poor', '900', '100', '']), 'EX', 500);

  t.is(await upgradeRedisLayout(redis, 86_400, silent), 4, 'the wallet and three records re-encoded');
  t.is(await redis.get(REDIS_LAYOUT_KEY), REDIS_LAYOUT);
  t.true((await redis.ttl(settled.key)) > 2_900 && (await redis.ttl(rejected.key)) > 400, 'expiries kept');
  await redis.set(REDIS_LAYOUT_KEY, '3');
  t.is(await upgradeRedisLayout(redis, 86_400, silent), 0, 'a repeat finds every record in layout 4 already');

  t.like(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '850', reservedBalance: '150' });
  const reserve = (requestId: string, amount: string) => engine.wallet.reserve({ ...target, requestId, roundId: 'round', amount });
  t.like(await reserve('bet-open', '100'), { status: 'reserved', transactionId: open.id, availableBalance: '900', reservedBalance: '100', replayed: true });
  t.like(await reserve('bet-poor', '5000'), { status: 'rejected', transactionId: '', replayed: true });
  t.like(await engine.wallet.cancel({ requestId: 'x1', transactionId: settled.id, reason: 'why\0not' }), { status: 'canceled', replayed: true });
  t.like(await engine.wallet.confirm({ requestId: 'c1', transactionId: open.id, roundId: 'round', winAmount: '30' }), { status: 'confirmed', availableBalance: '880', reservedBalance: '50' });
});

test('a key of the wrong type where a record belongs is INTERNAL and changes nothing, never an empty wallet', async (t) => {
  const { store, engine } = t.context;
  const target = engine.newWallet();
  const w = walletAddress(target.userId, target.gameId, 'EUR');
  await store.redis.hset(keys.wallet(w), { a: '1000', r: '0' }); // a wallet of layout 1, never migrated
  const before = await snapshotKeys(store.redis, store.prefix);
  const error = await t.throwsAsync(engine.wallet.reserve({ ...target, requestId: 'r1', roundId: 'x', amount: '10' }), { instanceOf: AppError });
  t.is(error?.code, 'INTERNAL');
  t.deepEqual(await snapshotKeys(store.redis, store.prefix), before);

  const funded = engine.newWallet();
  await engine.fund(funded, 100);
  const { transactionId } = await engine.wallet.reserve({ ...funded, requestId: 'r1', roundId: 'x', amount: '10' });
  await store.redis.del(keys.transaction(transactionId));
  await store.redis.hset(keys.transaction(transactionId), { st: 'reserved' });
  const unchanged = await snapshotKeys(store.redis, store.prefix);
  for (const call of [
    () => engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: '', winAmount: '0' }),
    () => engine.wallet.cancel({ requestId: 'x1', transactionId, reason: '' }),
    () => engine.wallet.reserve({ ...funded, requestId: 'r1', roundId: 'x', amount: '10' }),
  ]) {
    const refused = await t.throwsAsync(call(), { instanceOf: AppError });
    t.is(refused?.code, 'INTERNAL');
  }
  t.deepEqual(await snapshotKeys(store.redis, store.prefix), unchanged);
});

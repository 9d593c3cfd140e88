import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import Redis from 'ioredis';
import { registerScripts } from '../../src/redis/script-registry';
import { keys, newTransactionId, walletAddress, type WalletAddress } from '../../src/redis/wallet-keys';
import { createTestRedis, type TestRedis } from '../helpers/redis';
import { snapshotKeys } from '../helpers/redis-snapshot';
import { testConfig } from '../helpers/test-config';

// Each script called directly, one test per return code; calls that must not write are checked
// against a snapshot of every key under the test's prefix.
interface Context {
  store: TestRedis;
  raw: Redis;
}
const test = anyTest as TestFn<Context>;
const NOW = '1767225600000';
const TTL = '600';

test.beforeEach(async (t) => {
  const store = await createTestRedis();
  registerScripts(store.redis);
  t.context = { store, raw: new Redis(testConfig().redis.url) };
});
test.afterEach.always(async (t) => {
  t.context.raw.disconnect();
  await t.context.store.cleanup();
});

function topup(t: ExecutionContext<Context>, w: WalletAddress, amount: string, idempotencyKey = '', comment = 'c') {
  return t.context.store.redis.topup(
    keys.wallet(w), keys.topupRequest(w, idempotencyKey), keys.outbox(w), keys.topupSequence(w), keys.currencies(w),
    'user', 'game', w.currency, amount, comment, NOW, TTL, idempotencyKey, String(w.partition),
  );
}

function reserve(t: ExecutionContext<Context>, w: WalletAddress, requestId: string, amount: string, tx = newTransactionId(w), round = 'round') {
  return t.context.store.redis.reserve(
    keys.wallet(w), keys.reserveRequest(w, requestId), keys.transaction(w, tx), keys.outbox(w), keys.openReservations(w),
    requestId, 'user', 'game', round, amount, w.currency, tx, NOW, TTL,
  );
}

function confirm(t: ExecutionContext<Context>, w: WalletAddress, requestId: string, tx: string, win: string, round = '', cutoff = '0') {
  return t.context.store.redis.confirm(
    keys.transaction(w, tx), keys.wallet(w), keys.confirmRequest(w, tx, requestId), keys.outbox(w), keys.openReservations(w),
    requestId, tx, round, win, NOW, TTL, cutoff,
  );
}

function expireReservation(t: ExecutionContext<Context>, w: WalletAddress, tx: string, cutoff: string) {
  return t.context.store.redis.expire_reservation(
    keys.transaction(w, tx), keys.wallet(w), keys.outbox(w), keys.openReservations(w), tx, cutoff, NOW,
  );
}

function settled(t: ExecutionContext<Context>, w: WalletAddress, operation: 'confirm' | 'cancel', requestId: string, tx: string, detail: string, win = '') {
  const requestKey = operation === 'confirm' ? keys.confirmRequest(w, tx, requestId) : keys.cancelRequest(w, tx, requestId);
  return t.context.store.redis.settled(requestKey, keys.wallet(w), operation, tx, detail, win, TTL);
}

function cancel(t: ExecutionContext<Context>, w: WalletAddress, requestId: string, tx: string, reason = '') {
  return t.context.store.redis.cancel(
    keys.transaction(w, tx), keys.wallet(w), keys.cancelRequest(w, tx, requestId), keys.outbox(w), keys.openReservations(w),
    requestId, tx, reason, NOW, TTL,
  );
}

async function unchangedBy(t: ExecutionContext<Context>, call: () => Promise<unknown>): Promise<unknown> {
  const before = await snapshotKeys(t.context.raw, t.context.store.prefix);
  const reply = await call();
  t.deepEqual(await snapshotKeys(t.context.raw, t.context.store.prefix), before, 'no key changed');
  return reply;
}

const w = walletAddress('user', 'game', 'EUR');

async function reservedTx(t: ExecutionContext<Context>, amount = '100', funds = '1000') {
  await topup(t, w, funds);
  const [, , tx] = await reserve(t, w, 'r1', amount);
  return tx!;
}

test('topup OK credits, names the wallet, and appends one outbox entry', async (t) => {
  const [code, id, available, reserved, createdAt] = await topup(t, w, '250', '', 'hello');
  t.deepEqual([code, available, reserved, createdAt], ['OK', '250', '0', NOW]);
  t.is(Number(id) % 64, w.partition);
  t.like(await t.context.store.redis.hgetall(keys.wallet(w)), { a: '250', u: 'user', g: 'game', c: 'EUR' });
  t.deepEqual(await t.context.store.redis.smembers(keys.currencies(w)), ['EUR']);
  const entries = await t.context.store.redis.xrange(keys.outbox(w), '-', '+');
  t.is(entries.length, 1);
  t.deepEqual(entries[0]![1], ['k', 'topup', 'id', id, 'u', 'user', 'g', 'game', 'c', 'EUR', 'amt', '250', 'a', '250', 'r', '0', 'cm', 'hello', 'ts', NOW]);
});

test('topup without an idempotency key writes no idempotency record', async (t) => {
  await topup(t, w, '5');
  t.is(await t.context.store.redis.exists(keys.topupRequest(w, '')), 0);
});

test('topup REPLAY returns the first reply and changes nothing; CONFLICT on other fields', async (t) => {
  const first = await topup(t, w, '100', 'key-1');
  const replay = await unchangedBy(t, () => topup(t, w, '100', 'key-1'));
  t.deepEqual(replay, ['REPLAY', ...first.slice(1)]);
  t.deepEqual(await unchangedBy(t, () => topup(t, w, '101', 'key-1')), ['CONFLICT']);
  t.deepEqual(await unchangedBy(t, () => topup(t, w, '100', 'key-1', 'other comment')), ['CONFLICT']);
  const ttl = await t.context.store.redis.ttl(keys.topupRequest(w, 'key-1'));
  t.true(ttl > 590 && ttl <= 600);
});

test('topup BALANCE_LIMIT changes nothing', async (t) => {
  await topup(t, w, '9007199254740990');
  t.deepEqual(await unchangedBy(t, () => topup(t, w, '2')), ['BALANCE_LIMIT']);
  t.deepEqual((await topup(t, w, '1')).slice(2, 4), ['9007199254740991', '0']);
});

test('reserve OK moves the balance, stores the transaction, indexes it and appends to the outbox', async (t) => {
  await topup(t, w, '1000');
  const tx = newTransactionId(w);
  t.deepEqual(await reserve(t, w, 'r1', '300', tx), ['OK', 'reserved', tx, '700', '300']);
  t.like(await t.context.store.redis.hgetall(keys.transaction(w, tx)), {
    u: 'user', g: 'game', c: 'EUR', rd: 'round', amt: '300', win: '0', st: 'reserved', rid: 'r1', ct: NOW,
  });
  t.deepEqual(await t.context.store.redis.zrange(keys.openReservations(w), 0, -1, 'WITHSCORES'), [tx, NOW]);
  t.is(await t.context.store.redis.xlen(keys.outbox(w)), 2);
});

test('reserve OK rejected writes only its idempotency record', async (t) => {
  await topup(t, w, '10');
  const before = await snapshotKeys(t.context.raw, t.context.store.prefix);
  t.deepEqual(await reserve(t, w, 'r1', '11'), ['OK', 'rejected', '', '10', '0']);
  const after = await snapshotKeys(t.context.raw, t.context.store.prefix);
  const added = Object.keys(after).filter((key) => !(key in before));
  t.deepEqual(added, [t.context.store.prefix + keys.reserveRequest(w, 'r1')]);
  for (const key of Object.keys(before)) t.deepEqual(after[key], before[key]);
});

test('reserve REPLAY and CONFLICT change nothing', async (t) => {
  await topup(t, w, '1000');
  const tx = newTransactionId(w);
  await reserve(t, w, 'r1', '100', tx);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '100')), ['REPLAY', 'reserved', tx, '900', '100']);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '100', newTransactionId(w), 'other round')), ['CONFLICT']);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '99')), ['CONFLICT']);
});

test('confirm OK confirmed, then OK already_confirmed, REPLAY and CONFLICT', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await confirm(t, w, 'c1', tx, '50'), ['OK', 'confirmed', tx, '950', '0']);
  t.like(await t.context.store.redis.hgetall(keys.transaction(w, tx)), { st: 'confirmed', win: '50' });
  t.deepEqual(await t.context.store.redis.zcard(keys.openReservations(w)), 0);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c1', tx, '50')), ['REPLAY', 'confirmed', tx, '950', '0']);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c1', tx, '51')), ['CONFLICT']);
  t.deepEqual(await confirm(t, w, 'c2', tx, '70'), ['OK', 'already_confirmed', tx, '950', '0']);
});

test('confirm NOT_FOUND, ROUND_MISMATCH, CANCELED and BALANCE_LIMIT change nothing', async (t) => {
  const tx = await reservedTx(t, '1', '9007199254740991');
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c', newTransactionId(w), '0')), ['NOT_FOUND']);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c', tx, '0', 'another round')), ['ROUND_MISMATCH']);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c', tx, '2')), ['BALANCE_LIMIT']);
  await cancel(t, w, 'x', tx);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c', tx, '0')), ['CANCELED']);
});

test('cancel OK canceled, then OK already_canceled, REPLAY and CONFLICT', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await cancel(t, w, 'x1', tx, 'why'), ['OK', 'canceled', tx, '1000', '0']);
  t.like(await t.context.store.redis.hgetall(keys.transaction(w, tx)), { st: 'canceled', rs: 'why' });
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x1', tx, 'why')), ['REPLAY', 'canceled', tx, '1000', '0']);
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x1', tx, 'other')), ['CONFLICT']);
  t.deepEqual(await cancel(t, w, 'x2', tx), ['OK', 'already_canceled', tx, '1000', '0']);
});

test('cancel NOT_FOUND and CONFIRMED change nothing', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x', newTransactionId(w))), ['NOT_FOUND']);
  await confirm(t, w, 'c', tx, '0');
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x', tx)), ['CONFIRMED']);
});

test('idempotency records keep fingerprints with newlines and separators intact', async (t) => {
  const tx = await reservedTx(t);
  const reason = 'line one\nline two\n3\n';
  await cancel(t, w, 'x1', tx, reason);
  t.is((await cancel(t, w, 'x1', tx, reason))[0], 'REPLAY');
  t.deepEqual(await cancel(t, w, 'x1', tx, 'line one\nline two\n3'), ['CONFLICT']);
});

test('confirm EXPIRED (created at or before the cutoff) changes nothing', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c', tx, '5', '', NOW)), ['EXPIRED']);
  t.deepEqual((await confirm(t, w, 'c', tx, '5', '', String(Number(NOW) - 1))).slice(0, 2), ['OK', 'confirmed']);
});

test('expire_reservation OK releases like a cancel with reason expired and no idempotency record', async (t) => {
  const tx = await reservedTx(t, '300');
  t.deepEqual(await expireReservation(t, w, tx, NOW), ['OK']);
  t.like(await t.context.store.redis.hgetall(keys.transaction(w, tx)), { st: 'canceled', rs: 'expired' });
  t.like(await t.context.store.redis.hgetall(keys.wallet(w)), { a: '1000', r: '0' });
  t.is(await t.context.store.redis.zcard(keys.openReservations(w)), 0);
  const [, last] = (await t.context.store.redis.xrevrange(keys.outbox(w), '+', '-', 'COUNT', 1))[0]!;
  t.deepEqual(last.slice(0, 2), ['k', 'expire']);
  t.deepEqual(await cancel(t, w, 'x', tx), ['OK', 'already_canceled', tx, '1000', '0']);
});

test('expire_reservation SKIPPED when not due changes nothing; when no longer reserved it only leaves the index', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await unchangedBy(t, () => expireReservation(t, w, tx, String(Number(NOW) - 1))), ['SKIPPED']);
  await confirm(t, w, 'c', tx, '0');
  await t.context.store.redis.zadd(keys.openReservations(w), NOW, tx); // as if a stale index entry remained
  t.deepEqual(await expireReservation(t, w, tx, NOW), ['SKIPPED']);
  t.is(await t.context.store.redis.zcard(keys.openReservations(w)), 0);
  t.like(await t.context.store.redis.hgetall(keys.transaction(w, tx)), { st: 'confirmed' });
});

test('settled OK remembers already_confirmed / already_canceled with current balances; REPLAY and CONFLICT change nothing', async (t) => {
  await topup(t, w, '70');
  const tx = newTransactionId(w);
  t.deepEqual(await settled(t, w, 'confirm', 'late', tx, 'round', '5'), ['OK', 'already_confirmed', tx, '70', '0']);
  await topup(t, w, '30');
  t.deepEqual(await unchangedBy(t, () => settled(t, w, 'confirm', 'late', tx, 'round', '5')), ['REPLAY', 'already_confirmed', tx, '70', '0']);
  t.deepEqual(await unchangedBy(t, () => settled(t, w, 'confirm', 'late', tx, 'round', '6')), ['CONFLICT']);
  t.deepEqual(await settled(t, w, 'cancel', 'late', tx, 'why'), ['OK', 'already_canceled', tx, '100', '0']);
  t.deepEqual(await unchangedBy(t, () => settled(t, w, 'cancel', 'late', tx, 'other')), ['CONFLICT']);
});

import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import Redis from 'ioredis';
import { itemReplies, registerScripts } from '../../src/redis/script-registry';
import { keys, reserveTarget, walletAddress, type WalletAddress } from '../../src/redis/wallet-keys';
import { NONCE_OFFSET } from '../../src/redis/shared-layouts';
import { REDIS_LAYOUT_KEY, upgradeRedisLayout } from '../../src/redis/layout-upgrade';
import { formatTransactionRecord, parseTransactionRecord, parseWalletRecord } from '../../src/redis/stored-records';
import { createLogger } from '../../src/logging/logger';
import { scriptCalls, type Moment } from '../../src/wallet/script-calls';
import { outboxEventsOf } from '../../src/sync/outbox-event';
import { unknownTransactionId } from '../helpers/engine';
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

const moment = (expiryCutoffMs = 0): Moment => ({ nowMs: Number(NOW), idempotencyTtlS: Number(TTL), expiryCutoffMs, reservationsExpire: true });

function topup(t: ExecutionContext<Context>, w: WalletAddress, amount: string, idempotencyKey = '', comment = 'c') {
  return t.context.store.redis.topup(...scriptCalls.topup(w, { userId: 'user', gameId: 'game', currency: w.currency, amount, comment, idempotencyKey }, moment()));
}

// The engine's scripts take a batch; a unary call is a batch of one, its reply the first of the list.
async function reserve(t: ExecutionContext<Context>, w: WalletAddress, requestId: string, amount: string, round = 'round', at = moment()) {
  const input = { requestId, userId: 'user', gameId: 'game', roundId: round, amount, currency: w.currency };
  return itemReplies(await t.context.store.redis.reserve(...scriptCalls.reserve([{ wallet: w, input }], at)))[0]!;
}

async function confirm(t: ExecutionContext<Context>, w: WalletAddress, requestId: string, tx: string, win: string, round = '', cutoff = '0') {
  const input = { requestId, transactionId: tx, roundId: round, winAmount: win };
  return itemReplies(await t.context.store.redis.confirm(...scriptCalls.confirm([{ wallet: w, input }], moment(Number(cutoff)))))[0]!;
}

function expireReservation(t: ExecutionContext<Context>, w: WalletAddress, tx: string, cutoff: string) {
  return t.context.store.redis.expire_reservation(...scriptCalls.expireReservation(w, tx, Number(cutoff), Number(NOW)));
}

function settled(t: ExecutionContext<Context>, w: WalletAddress, operation: 'confirm' | 'cancel', requestId: string, tx: string, detail: string, win = '') {
  const request = operation === 'confirm'
    ? { operation, input: { requestId, transactionId: tx, roundId: detail, winAmount: win } } as const
    : { operation, input: { requestId, transactionId: tx, reason: detail } } as const;
  return t.context.store.redis.settled(...scriptCalls.settled(w, request, moment()));
}

async function cancel(t: ExecutionContext<Context>, w: WalletAddress, requestId: string, tx: string, reason = '') {
  return itemReplies(await t.context.store.redis.cancel(...scriptCalls.cancel([{ wallet: w, input: { requestId, transactionId: tx, reason } }], moment())))[0]!;
}

async function wallet(t: ExecutionContext<Context>) {
  return parseWalletRecord(await t.context.store.redis.getBuffer(keys.wallet(w)));
}

async function record(t: ExecutionContext<Context>, transactionId: string) {
  return parseTransactionRecord((await t.context.store.redis.getBuffer(keys.transaction(transactionId)))!);
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

test('topup OK credits, names the wallet, and appends one packed outbox entry', async (t) => {
  const [code, id, available, reserved, createdAt] = await topup(t, w, '250', '', 'hello\nworld');
  t.deepEqual([code, available, reserved, createdAt], ['OK', '250', '0', NOW]);
  t.is(Number(id) % 64, w.partition);
  t.deepEqual(await wallet(t), { available: '250', reserved: '0', userId: 'user', gameId: 'game', currency: 'EUR' });
  t.deepEqual(await t.context.store.redis.smembers(keys.currencies(w)), ['EUR']);
  const entries = await t.context.store.redis.xrange(keys.outbox(w), '-', '+');
  t.is(entries.length, 1);
  t.deepEqual(entries[0]![1], ['e', ['t', id, 'user', 'game', 'EUR', '250', '250', '0', NOW, 'hello\nworld'].join('\n')]);
});

test('topup names in its outbox entry the idempotency key and the audit trail it was given, each only when given', async (t) => {
  const variants = [['', ''], ['', 'trail-a'], ['key-b', ''], ['key-c', 'trail-c']] as const;
  for (const [idempotencyKey, auditTrail] of variants) {
    await t.context.store.redis.topup(...scriptCalls.topup(w, { userId: 'user', gameId: 'game', currency: 'EUR', amount: '5', comment: 'c', idempotencyKey, auditTrail }, moment()));
  }
  const events = (await t.context.store.redis.xrange(keys.outbox(w), '-', '+')).flatMap((entry) => outboxEventsOf(w.partition, entry));
  t.deepEqual(events.map((event) => [event.kind, event.requestId, event.auditTrail]), [
    ['topup', null, null], ['topup', null, 'trail-a'], ['topup', 'key-b', null], ['topup', 'key-c', 'trail-c'],
  ]);
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

test('reserve OK moves the balance, stores only what is read back, indexes it and appends to the outbox', async (t) => {
  await topup(t, w, '1000');
  const [code, status, tx, available, reserved] = await reserve(t, w, 'r1', '300');
  t.deepEqual([code, status, available, reserved], ['OK', 'reserved', '700', '300']);
  const named = reserveTarget(w, 'r1');
  t.is(tx!.slice(0, NONCE_OFFSET), named.transactionId.slice(0, NONCE_OFFSET), 'the id is the request_id\'s name and a nonce');
  t.is(keys.transaction(tx!), named.key);
  const nonce = tx!.slice(NONCE_OFFSET);
  t.regex(nonce, /^[A-Za-z0-9_-]{11}$/);
  const stored = ['reserved', 'EUR', 'round', '300', 'user', 'game', NOW, 'r1', '700', '300', nonce, '', '', '', '', '', ''];
  t.is((await t.context.store.redis.get(named.key))!, stored.join('\0'), 'layout 4: the fields ended by NUL, the last six empty');
  t.like(await wallet(t), { available: '700', reserved: '300' });
  t.deepEqual(await t.context.store.redis.zrange(keys.openReservations(w), 0, -1, 'WITHSCORES'), [tx, NOW]);
  const [, entry] = (await t.context.store.redis.xrevrange(keys.outbox(w), '+', '-', 'COUNT', 1))[0]!;
  t.deepEqual(entry, ['e', ['r', tx, 'user', 'game', 'round', '300', '700', '300', 'r1', NOW].join('\n')]);
});

test('reserve without expiry neither indexes the reservation nor stores its creation time', async (t) => {
  await topup(t, w, '1000');
  const [, , tx] = await reserve(t, w, 'r1', '300', 'round', { ...moment(), reservationsExpire: false });
  t.is((await record(t, tx!)).ct, '');
  t.is(await t.context.store.redis.exists(keys.openReservations(w)), 0);
  t.deepEqual((await confirm(t, w, 'c1', tx!, '0')).slice(0, 2), ['OK', 'confirmed']);
});

test('reserve OK rejected writes only its idempotency record, which expires with the TTL', async (t) => {
  await topup(t, w, '10');
  const before = await snapshotKeys(t.context.raw, t.context.store.prefix);
  t.deepEqual(await reserve(t, w, 'r1', '11'), ['OK', 'rejected', '', '10', '0', 'insufficient_funds']);
  const after = await snapshotKeys(t.context.raw, t.context.store.prefix);
  const added = Object.keys(after).filter((key) => !(key in before));
  const named = reserveTarget(w, 'r1');
  t.deepEqual(added, [t.context.store.prefix + named.key]);
  for (const key of Object.keys(before)) t.deepEqual(after[key], before[key]);
  t.true((await t.context.store.redis.ttl(named.key)) > 590);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '11')), ['REPLAY', 'rejected', '', '10', '0', 'insufficient_funds']);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c1', named.transactionId, '0')), ['NOT_FOUND']);
});

test('reserve REPLAY and CONFLICT change nothing, also for another currency of the same user-game', async (t) => {
  await topup(t, w, '1000');
  const [, , tx] = await reserve(t, w, 'r1', '100');
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '100')), ['REPLAY', 'reserved', tx, '900', '100']);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '100', 'other round')), ['CONFLICT']);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '99')), ['CONFLICT']);
  const usd = walletAddress('user', 'game', 'USD');
  await topup(t, usd, '1000');
  t.deepEqual(await unchangedBy(t, () => reserve(t, usd, 'r1', '100')), ['CONFLICT']);
});

test('a request_id reused after its record expired makes a new transaction; the old id does not reach it', async (t) => {
  await topup(t, w, '1000');
  const [, , first] = await reserve(t, w, 'r1', '100');
  await confirm(t, w, 'c1', first!, '0');
  await t.context.store.redis.del(keys.transaction(first!)); // its retention and TTL have passed
  const [code, status, second] = await reserve(t, w, 'r1', '100');
  t.deepEqual([code, status], ['OK', 'reserved']);
  t.not(second, first);
  t.is(keys.transaction(second!), keys.transaction(first!), 'the same name, another nonce');
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c2', first!, '0')), ['NOT_FOUND']);
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x2', first!)), ['NOT_FOUND']);
  t.deepEqual(await unchangedBy(t, () => expireReservation(t, w, first!, NOW)), ['SKIPPED']);
  t.deepEqual((await confirm(t, w, 'c3', second!, '0')).slice(0, 2), ['OK', 'confirmed']);
});

test('reserve COLLISION when another request_id holds the record changes nothing', async (t) => {
  await topup(t, w, '1000');
  await t.context.store.redis.set(reserveTarget(w, 'r1').key, formatTransactionRecord({ st: 'reserved', rid: 'someone else', u: 'user', g: 'game', c: 'EUR', rd: 'round', amt: '100' }));
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r1', '100')), ['COLLISION']);
});

test('confirm OK confirmed, then OK already_confirmed, REPLAY and CONFLICT', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await confirm(t, w, 'c1', tx, '50'), ['OK', 'confirmed', tx, '950', '0']);
  t.like(await record(t, tx), { st: 'confirmed', win: '50', sid: 'c1', srd: '', a1: '950', r1: '0' });
  t.deepEqual(await t.context.store.redis.zcard(keys.openReservations(w)), 0);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c1', tx, '50')), ['REPLAY', 'confirmed', tx, '950', '0']);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c1', tx, '51')), ['CONFLICT']);
  t.deepEqual(await confirm(t, w, 'c2', tx, '70'), ['OK', 'already_confirmed', tx, '950', '0']);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c2', tx, '70')), ['REPLAY', 'already_confirmed', tx, '950', '0']);
});

test('a transaction_id naming another currency than its transaction is NOT_FOUND', async (t) => {
  const tx = await reservedTx(t);
  const usd = walletAddress('user', 'game', 'USD');
  const otherCurrency = tx.replace('.EUR-', '.USD-');
  t.deepEqual(await unchangedBy(t, () => confirm(t, usd, 'c1', otherCurrency, '0')), ['NOT_FOUND']);
  t.deepEqual(await unchangedBy(t, () => cancel(t, usd, 'x1', otherCurrency)), ['NOT_FOUND']);
});

test('records of the old layout (random transaction id, hashes, a Reserve record of its own) are upgraded and keep working', async (t) => {
  const redis = t.context.store.redis;
  await redis.del(REDIS_LAYOUT_KEY); // a store of layout 1 has no marker
  const pp = w.partition.toString(16).padStart(2, '0');
  const legacy = `${pp}.${w.userGameRef}.EUR.AAAAAAAAAAAAAAAA`;
  t.is(keys.transaction(legacy), `t${w.tag}:${legacy}`);
  await redis.hset(keys.wallet(w), { a: '900', r: '100', u: 'user', g: 'game', c: 'EUR' });
  await redis.hset(keys.transaction(legacy), { u: 'user', g: 'game', c: 'EUR', rd: 'round', amt: '100', win: '0', st: 'reserved', rid: 'r0', ct: NOW, ut: NOW });
  await redis.zadd(keys.openReservations(w), NOW, legacy);
  await redis.set(keys.legacyReserveRequest(w, 'r0'), `4\nreserved\n${legacy}\n900\n100\nround\n100\nEUR`, 'EX', 500);
  await redis.set(keys.legacyReserveRequest(w, 'poor'), `4\nrejected\n\n5\n0\nround\n5000\nEUR`, 'EX', 500);

  const moved = await upgradeRedisLayout(redis, Number(TTL), createLogger('silent'));
  t.is(moved, 4);
  t.deepEqual(await wallet(t), { available: '900', reserved: '100', userId: 'user', gameId: 'game', currency: 'EUR' });
  t.is(await upgradeRedisLayout(redis, Number(TTL), createLogger('silent')), 0, 'a second run is a no-op');
  t.is(await redis.exists(keys.legacyReserveRequest(w, 'r0'), keys.legacyReserveRequest(w, 'poor')), 0);

  const at = { ...moment(), nowMs: Date.now() };
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r0', '100', 'round', at)), ['REPLAY', 'reserved', legacy, '900', '100']);
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'poor', '5000', 'round', at)), ['REPLAY', 'rejected', '', '5', '0', '']); // kept before reasons were: the store reads it as insufficient_funds
  t.deepEqual(await unchangedBy(t, () => reserve(t, w, 'r0', '101', 'round', at)), ['CONFLICT']);
  t.deepEqual(await confirm(t, w, 'c1', legacy, '30'), ['OK', 'confirmed', legacy, '930', '0']);
  t.is(await redis.zcard(keys.openReservations(w)), 0);
  t.deepEqual(await unchangedBy(t, () => confirm(t, w, 'c1', legacy, '30')), ['REPLAY', 'confirmed', legacy, '930', '0']);
});

test('cancel OK canceled, then OK already_canceled, REPLAY and CONFLICT', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await cancel(t, w, 'x1', tx, 'why'), ['OK', 'canceled', tx, '1000', '0']);
  t.like(await record(t, tx), { st: 'canceled', rs: 'why', sid: 'x1', a1: '1000', r1: '0' });
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x1', tx, 'why')), ['REPLAY', 'canceled', tx, '1000', '0']);
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x1', tx, 'other')), ['CONFLICT']);
  t.deepEqual(await cancel(t, w, 'x2', tx), ['OK', 'already_canceled', tx, '1000', '0']);
});

test('cancel NOT_FOUND and CONFIRMED change nothing', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await unchangedBy(t, () => cancel(t, w, 'x', unknownTransactionId(w))), ['NOT_FOUND']);
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
  t.like(await record(t, tx), { st: 'canceled', rs: 'expired' });
  t.like(await wallet(t), { available: '1000', reserved: '0' });
  t.is(await t.context.store.redis.zcard(keys.openReservations(w)), 0);
  const [, last] = (await t.context.store.redis.xrevrange(keys.outbox(w), '+', '-', 'COUNT', 1))[0]!;
  t.deepEqual(last, ['e', ['e', tx, 'user', 'game', 'round', '300', '1000', '0', '', NOW, 'expired'].join('\n')]);
  t.deepEqual(await cancel(t, w, 'x', tx), ['OK', 'already_canceled', tx, '1000', '0']);
});

test('expire_reservation SKIPPED when not due changes nothing; when no longer reserved it only leaves the index', async (t) => {
  const tx = await reservedTx(t);
  t.deepEqual(await unchangedBy(t, () => expireReservation(t, w, tx, String(Number(NOW) - 1))), ['SKIPPED']);
  await confirm(t, w, 'c', tx, '0');
  await t.context.store.redis.zadd(keys.openReservations(w), NOW, tx); // as if a stale index entry remained
  t.deepEqual(await expireReservation(t, w, tx, NOW), ['SKIPPED']);
  t.is(await t.context.store.redis.zcard(keys.openReservations(w)), 0);
  t.like(await record(t, tx), { st: 'confirmed' });
});

test('settled OK remembers already_confirmed / already_canceled with current balances; REPLAY and CONFLICT change nothing', async (t) => {
  await topup(t, w, '70');
  const tx = unknownTransactionId(w);
  t.deepEqual(await settled(t, w, 'confirm', 'late', tx, 'round', '5'), ['OK', 'already_confirmed', tx, '70', '0']);
  await topup(t, w, '30');
  t.deepEqual(await unchangedBy(t, () => settled(t, w, 'confirm', 'late', tx, 'round', '5')), ['REPLAY', 'already_confirmed', tx, '70', '0']);
  t.deepEqual(await unchangedBy(t, () => settled(t, w, 'confirm', 'late', tx, 'round', '6')), ['CONFLICT']);
  t.deepEqual(await settled(t, w, 'cancel', 'late', tx, 'why'), ['OK', 'already_canceled', tx, '100', '0']);
  t.deepEqual(await unchangedBy(t, () => settled(t, w, 'cancel', 'late', tx, 'other')), ['CONFLICT']);
});

test('retain gives a settled transaction its expiry; an open one, or a later transaction under the same name, is left alone', async (t) => {
  const redis = t.context.store.redis;
  const first = await reservedTx(t);
  t.is(await redis.retain(...scriptCalls.retain([first], 3600)), 0, 'still reserved');
  t.is(await redis.ttl(keys.transaction(first)), -1);
  await confirm(t, w, 'c1', first, '0');
  const [, , other] = await reserve(t, w, 'r2', '10');
  await cancel(t, w, 'x2', other!);
  t.is(await redis.retain(...scriptCalls.retain([first, other!], 3600)), 2);
  t.true((await redis.ttl(keys.transaction(first))) > 3590);
  t.true((await redis.ttl(keys.transaction(other!))) > 3590);

  await redis.del(keys.transaction(first)); // its retention passed; the request_id is used again
  const [, , second] = await reserve(t, w, 'r1', '100');
  t.is(await unchangedBy(t, () => redis.retain(...scriptCalls.retain([first], 3600))), 0, 'a late acknowledgement of the first');
  t.is(await redis.ttl(keys.transaction(second!)), -1);
});

test('every idempotency record a repeat writes expires with the idempotency TTL (already_confirmed, already_canceled, settled replies)', async (t) => {
  const redis = t.context.store.redis;
  const expiresWithTtl = async (key: string, what: string) => {
    const ttl = await redis.ttl(key);
    t.true(ttl > Number(TTL) - 10 && ttl <= Number(TTL), `${what}: TTL ${ttl}`);
  };
  const confirmed = await reservedTx(t);
  await confirm(t, w, 'c1', confirmed, '0');
  t.deepEqual((await confirm(t, w, 'c2', confirmed, '0')).slice(0, 2), ['OK', 'already_confirmed']);
  await expiresWithTtl(keys.confirmRequest(w, confirmed, 'c2'), 'already_confirmed');

  const [, , canceled] = await reserve(t, w, 'r2', '10');
  await cancel(t, w, 'x1', canceled!);
  t.deepEqual((await cancel(t, w, 'x2', canceled!)).slice(0, 2), ['OK', 'already_canceled']);
  await expiresWithTtl(keys.cancelRequest(w, canceled!, 'x2'), 'already_canceled');
  t.deepEqual(await confirm(t, w, 'c3', canceled!, '0'), ['CANCELED']);
  t.is(await redis.exists(keys.confirmRequest(w, canceled!, 'c3')), 0, 'an error is not remembered');

  const archived = unknownTransactionId(w);
  await settled(t, w, 'confirm', 'late-c', archived, 'round', '5');
  await expiresWithTtl(keys.confirmRequest(w, archived, 'late-c'), 'settled confirm');
  await settled(t, w, 'cancel', 'late-x', archived, 'why');
  await expiresWithTtl(keys.cancelRequest(w, archived, 'late-x'), 'settled cancel');
});

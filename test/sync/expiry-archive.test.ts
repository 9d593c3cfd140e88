import test from 'ava';
import { AppError } from '../../src/errors';
import { keys, walletAddress } from '../../src/redis/wallet-keys';
import { sweepExpiredReservations } from '../../src/sync/expiry-sweeper';
import { reconcile } from '../../src/sync/reconcile';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { createSyncHarness } from '../helpers/sync';
import { until } from '../helpers/until';

const target = { userId: 'p1', gameId: 'g1', currency: 'EUR' };

test('a Confirm after the deadline is refused before any sweep; the sweep then cancels it as expired, like a Cancel', async (t) => {
  // The engine's clock, moved past the deadline instead of waiting for it.
  let now = Date.now();
  const sync = await createSyncHarness({ RESERVATION_TIMEOUT_S: '1' }, { clock: () => now });
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  await sync.engine.fund(target, 1000);
  const reply = await wallet.reserve({ ...target, requestId: 'r', roundId: 'x', amount: '300' });
  now += 1001;

  const before = await sync.engine.state(target, [reply.transactionId]);
  const refused = await t.throwsAsync(wallet.confirm({ requestId: 'c', transactionId: reply.transactionId, roundId: '', winAmount: '5' }));
  t.is((refused as AppError).code, 'FAILED_PRECONDITION');
  t.regex(refused!.message, /expired/);
  t.deepEqual(await sync.engine.state(target, [reply.transactionId]), before, 'the refusal changed nothing');

  t.is(await sweepExpiredReservations(createWalletStore(sync.redis), 1, now), 1);
  t.deepEqual(await wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '1000', reservedBalance: '0' });
  t.like((await sync.engine.outbox(target)).at(-1), { kind: 'expire', transactionId: reply.transactionId, amount: '300', comment: 'expired', availableBalance: '1000', reservedBalance: '0' });
  t.like(await wallet.cancel({ requestId: 'x', transactionId: reply.transactionId, reason: '' }), { status: 'already_canceled' });
  const confirm = await t.throwsAsync(wallet.confirm({ requestId: 'c2', transactionId: reply.transactionId, roundId: '', winAmount: '0' }));
  t.regex(confirm!.message, /canceled/);
  t.is(await sweepExpiredReservations(createWalletStore(sync.redis), 1, now), 0, 'nothing left to expire');
});

test('the worker sweeps due reservations on its own, and MySQL records the expiry', async (t) => {
  const sync = await createSyncHarness({ RESERVATION_TIMEOUT_S: '1' });
  t.teardown(sync.cleanup);
  await sync.engine.fund(target, 1000);
  const due = await sync.engine.wallet.reserve({ ...target, requestId: 'old', roundId: 'x', amount: '200' });
  await sync.startWorker();
  // The worker's sweep runs on the real clock: wait for its outcome, not for a time.
  await until('the worker to sweep the due reservation', async () => (await sync.engine.wallet.getTransaction(due.transactionId))?.status === 'canceled', 20_000, 50);
  const fresh = await sync.engine.wallet.reserve({ ...target, requestId: 'new', roundId: 'x', amount: '50' });
  await sync.drain();
  t.like(await sync.engine.wallet.getTransaction(due.transactionId), { status: 'canceled' });
  t.like(await sync.engine.wallet.getTransaction(fresh.transactionId), { status: 'reserved' });
  t.like(await sync.database.db('transactions').where({ transaction_id: due.transactionId }).first(), { status: 'canceled', reason: 'expired' });
  t.like(await sync.database.db('ledger_entries').where({ transaction_id: due.transactionId, kind: 'expire' }).first(), {
    amount: 200, available_balance: 1000, reserved_balance: 0,
  });
  // The expired transaction leaves Redis after retention, as a confirmed or canceled one does.
  const ttl = await sync.redis.ttl(keys.transaction(due.transactionId));
  // (It stays for IDEMPOTENCY_TTL_S at least too: it is also the Reserve's idempotency record.)
  const keepS = Math.max(sync.config.engine.settledRetentionS, sync.config.engine.idempotencyTtlS);
  t.true(ttl > 0 && ttl <= keepS, `expired key expires (ttl ${ttl})`);
  // The ledger's sums, expiry included, match Redis (available 950, reserved 50).
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
});

test('after retention a settled transaction answers from MySQL exactly as from Redis', async (t) => {
  // Records leave Redis after max(retention, IDEMPOTENCY_TTL_S): both short here; the engine's clock
  // stands still, so every replay below is within the TTL.
  const now = Date.now();
  const sync = await createSyncHarness({ SETTLED_RETENTION_S: '0', IDEMPOTENCY_TTL_S: '1' }, { clock: () => now });
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  await sync.engine.fund(target, 1000);
  const won = await wallet.reserve({ ...target, requestId: 'r1', roundId: 'round-a', amount: '100' });
  const lost = await wallet.reserve({ ...target, requestId: 'r2', roundId: 'round-b', amount: '200' });
  const confirmRequest = { requestId: 'settle-1', transactionId: won.transactionId, roundId: 'round-a', winAmount: '150' };
  const cancelRequest = { requestId: 'settle-2', transactionId: lost.transactionId, reason: 'player left' };
  const confirmed = await wallet.confirm(confirmRequest);
  const canceled = await wallet.cancel(cancelRequest);
  const hot = [await wallet.getTransaction(won.transactionId), await wallet.getTransaction(lost.transactionId)];
  await sync.startWorker();
  await sync.drain();

  const w = walletAddress(target.userId, target.gameId, 'EUR');
  await sync.untilLeftRedis([won.transactionId, lost.transactionId]);
  t.deepEqual([await wallet.getTransaction(won.transactionId), await wallet.getTransaction(lost.transactionId)], hot);

  t.deepEqual(await wallet.confirm(confirmRequest), { ...confirmed, replayed: true });
  t.deepEqual(await wallet.cancel(cancelRequest), { ...canceled, replayed: true });
  t.like(await wallet.confirm({ ...confirmRequest, requestId: 'late', winAmount: '999' }), { status: 'already_confirmed', availableBalance: '1050', reservedBalance: '0', replayed: false });
  t.like(await wallet.confirm({ ...confirmRequest, requestId: 'late', winAmount: '999' }), { status: 'already_confirmed', replayed: true });
  t.like(await wallet.cancel({ ...cancelRequest, requestId: 'late' }), { status: 'already_canceled' });
  for (const call of [
    () => wallet.cancel({ requestId: 'x', transactionId: won.transactionId, reason: '' }),
    () => wallet.confirm({ requestId: 'x', transactionId: lost.transactionId, roundId: '', winAmount: '0' }),
    () => wallet.confirm({ requestId: 'y', transactionId: won.transactionId, roundId: 'round-z', winAmount: '0' }),
  ]) {
    t.is(((await t.throwsAsync(call())) as AppError).code, 'FAILED_PRECONDITION');
  }

  // With the Redis idempotency records gone too, the settling request_id still replays from the ledger.
  await sync.redis.del(
    keys.confirmRequest(w, won.transactionId, 'settle-1'),
    keys.cancelRequest(w, lost.transactionId, 'settle-2'),
  );
  t.deepEqual(await wallet.confirm(confirmRequest), { ...confirmed, replayed: true });
  t.deepEqual(await wallet.cancel(cancelRequest), { ...canceled, replayed: true });
  t.is(((await t.throwsAsync(wallet.confirm({ ...confirmRequest, winAmount: '151' }))) as AppError).code, 'ALREADY_EXISTS');
  // The same fingerprint as the confirm script: the round_id as the first call gave it counts too.
  for (const roundId of ['round-b', '']) {
    t.is(((await t.throwsAsync(wallet.confirm({ ...confirmRequest, roundId }))) as AppError).code, 'ALREADY_EXISTS', `round "${roundId}"`);
  }
  t.deepEqual(await wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '1050', reservedBalance: '0' });
});

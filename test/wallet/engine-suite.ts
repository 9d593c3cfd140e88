import { status as GrpcStatus } from '@grpc/grpc-js';
import type { ExecutionContext, TestFn } from 'ava';
import { AppError } from '../../src/errors';
import { parseTransactionRecord } from '../../src/redis/stored-records';
import { keys, reserveTarget, walletAddress } from '../../src/redis/wallet-keys';
import { unknownTransactionId, type Engine } from '../helpers/engine';

const MAX = '9007199254740991';

/**
 * The engine's behaviour (SPEC §1.2–1.5), registered on a test function whose context holds an Engine.
 * engine.test.ts runs it on one Redis, engine-cluster.test.ts on a 3-master Redis Cluster.
 */
export function registerEngineTests(test: TestFn<{ engine: Engine }>): void {
  async function rejectsWith(t: ExecutionContext, promise: Promise<unknown>, code: AppError['code'], field: RegExp) {
    const error = await t.throwsAsync(promise, { instanceOf: AppError });
    t.is(error?.code, code);
    t.regex(error?.message ?? '', field);
    return error;
  }

  async function reserved(engine: Engine, amount = 100, funds = 1000) {
    const target = engine.newWallet();
    await engine.fund(target, funds);
    const reply = await engine.wallet.reserve({ ...target, requestId: 'res-1', roundId: 'round-1', amount: String(amount) });
    return { target, transactionId: reply.transactionId };
  }

  // §1.2: the moves

  test('a wallet never funded has both balances 0 and a reserve on it is rejected', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '0', reservedBalance: '0' });
    const reply = await engine.wallet.reserve({ ...target, requestId: 'r', roundId: 'x', amount: '1' });
    t.like(reply, { status: 'rejected', transactionId: '', availableBalance: '0', reservedBalance: '0' });
  });

  // §2.14: a wallet's close

  test('a close takes the whole available balance out (one outbox entry); with money reserved it is refused and nothing moves; an empty wallet closes to nothing', async (t) => {
    const { engine } = t.context;
    const close = (target: { userId: string; gameId: string }, idempotencyKey?: string) =>
      engine.wallet.closeWallet({ ...target, currency: 'EUR', reason: 'asked', auditTrail: '', ...(idempotencyKey ? { idempotencyKey } : {}) });
    const funded = engine.newWallet();
    await engine.fund(funded, 700);
    const closed = await close(funded);
    t.like(closed, { amount: '700', availableBalance: '0', reservedBalance: '0', replayed: false });
    t.truthy(closed.closeId);
    t.deepEqual((await engine.outbox(funded)).map((event) => `${event.kind} ${event.amount}`), ['topup 700', 'close 700']);
    t.like(await close(funded), { closeId: null, amount: '0' }, 'then nothing is left');
    t.is((await engine.outbox(funded)).length, 2, 'a close of nothing writes no move');

    const { target, transactionId } = await reserved(engine, 100, 1000);
    await rejectsWith(t, close(target), 'FAILED_PRECONDITION', /reserved/);
    t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '900', reservedBalance: '100' });
    await engine.wallet.cancel({ requestId: 'x', transactionId, reason: '' });
    t.like(await close(target), { amount: '1000' }, 'closes once the round settles');
  });

  test('a keyed close is remembered, also one that found the wallet empty: its repeat answers the first reply and never takes money that arrived since; an unkeyed empty close is not', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    const close = (idempotencyKey?: string, reason = 'dormant') =>
      engine.wallet.closeWallet({ ...target, currency: 'EUR', reason, auditTrail: '', ...(idempotencyKey ? { idempotencyKey } : {}) });
    const empty = await close('k1');
    t.like(empty, { closeId: null, amount: '0', replayed: false });
    await engine.fund(target, 500);
    t.like(await close('k1'), { closeId: null, amount: '0', replayed: true }, 'the first reply');
    t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '500', reservedBalance: '0' });
    await rejectsWith(t, close('k1', 'another reason'), 'ALREADY_EXISTS', /Idempotency-Key/);
    const keyed = await close('k2');
    t.like(keyed, { amount: '500', replayed: false });
    await engine.fund(target, 40);
    t.like(await close('k2'), { closeId: keyed.closeId, amount: '500', replayed: true });
    t.like(await close(), { amount: '40', replayed: false }, 'an unkeyed close takes what is there');
    t.like(await close(), { amount: '0', replayed: false });
    await engine.fund(target, 3);
    t.like(await close(), { amount: '3' }, 'an unkeyed empty close is not remembered');
    const events = await engine.outbox(target);
    t.deepEqual(events.filter((event) => event.kind === 'close').map((event) => [event.amount, event.requestId]), [['500', 'k2'], ['40', null], ['3', null]]);
  });

  test('a top-up of A adds A to available', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 250);
    const reply = await engine.wallet.topup({ ...target, amount: '750', comment: 'bonus' });
    t.like(reply, { availableBalance: '1000', reservedBalance: '0', replayed: false });
    t.like((await engine.outbox(target))[1], { kind: 'topup', amount: '750', availableBalance: '1000', reservedBalance: '0', comment: 'bonus' });
  });

  test('a reserve of A with enough available moves A from available to reserved', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const reply = await engine.wallet.reserve({ ...target, requestId: 'r1', roundId: 'round', amount: '300' });
    t.like(reply, { status: 'reserved', availableBalance: '700', reservedBalance: '300', replayed: false });
    t.regex(reply.transactionId, /^[0-9a-f]{2}\./);
    t.like((await engine.outbox(target))[1], { kind: 'reserve', transactionId: reply.transactionId, amount: '300', availableBalance: '700', reservedBalance: '300', requestId: 'r1', roundId: 'round' });
  });

  test('a confirm with win W adds W to available and takes A from reserved', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 100, 1000);
    const reply = await engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: 'round-1', winAmount: '250' });
    t.deepEqual(reply, { status: 'confirmed', transactionId, availableBalance: '1150', reservedBalance: '0', replayed: false });
    t.like((await engine.outbox(target))[2], { kind: 'confirm', transactionId, amount: '100', winAmount: '250', availableBalance: '1150', reservedBalance: '0' });
  });

  test('a confirm with win 0 (a loss) only releases the reserved amount', async (t) => {
    const { engine } = t.context;
    const { transactionId } = await reserved(engine, 100, 1000);
    const reply = await engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: '', winAmount: '0' });
    t.like(reply, { status: 'confirmed', availableBalance: '900', reservedBalance: '0' });
  });

  test('a cancel returns A from reserved to available', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 100, 1000);
    const reply = await engine.wallet.cancel({ requestId: 'x1', transactionId, reason: 'round aborted' });
    t.deepEqual(reply, { status: 'canceled', transactionId, availableBalance: '1000', reservedBalance: '0', replayed: false });
    t.like((await engine.outbox(target))[2], { kind: 'cancel', transactionId, amount: '100', availableBalance: '1000', reservedBalance: '0', comment: 'round aborted' });
  });

  // §1.3: the operations

  test('reserve with available < amount is rejected: empty transaction_id, current balances, nothing changed', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 600, 1000);
    const before = await engine.state(target, [transactionId]);
    const reply = await engine.wallet.reserve({ ...target, requestId: 'r2', roundId: 'round-1', amount: '401' });
    t.deepEqual(reply, { status: 'rejected', reason: 'insufficient_funds', transactionId: '', availableBalance: '400', reservedBalance: '600', replayed: false });
    t.deepEqual(await engine.state(target, [transactionId]), before);
  });

  test('reserve of exactly the available balance succeeds and leaves 0', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 500);
    const reply = await engine.wallet.reserve({ ...target, requestId: 'r', roundId: 'x', amount: '500' });
    t.like(reply, { status: 'reserved', availableBalance: '0', reservedBalance: '500' });
  });

  test('several reservations may exist for one round and settle independently', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const first = await engine.wallet.reserve({ ...target, requestId: 'a', roundId: 'same', amount: '100' });
    const second = await engine.wallet.reserve({ ...target, requestId: 'b', roundId: 'same', amount: '200' });
    t.not(first.transactionId, second.transactionId);
    t.like(second, { availableBalance: '700', reservedBalance: '300' });
    t.like(await engine.wallet.confirm({ requestId: 'c', transactionId: first.transactionId, roundId: 'same', winAmount: '50' }), {
      availableBalance: '750',
      reservedBalance: '200',
    });
    t.like(await engine.wallet.cancel({ requestId: 'd', transactionId: second.transactionId, reason: '' }), {
      availableBalance: '950',
      reservedBalance: '0',
    });
  });

  test('confirm of a confirmed transaction answers already_confirmed, moves nothing, and the first win stands', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 100, 1000);
    await engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: 'round-1', winAmount: '30' });
    const before = await engine.state(target, [transactionId]);
    const again = await engine.wallet.confirm({ requestId: 'c2', transactionId, roundId: 'round-1', winAmount: '999' });
    t.deepEqual(again, { status: 'already_confirmed', transactionId, availableBalance: '930', reservedBalance: '0', replayed: false });
    t.deepEqual(await engine.state(target, [transactionId]), before);
    t.like(await engine.wallet.getTransaction(transactionId), { winAmount: '30', status: 'confirmed' });
  });

  test('confirm of a canceled transaction fails with FAILED_PRECONDITION and changes nothing', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine);
    await engine.wallet.cancel({ requestId: 'x1', transactionId, reason: '' });
    const before = await engine.state(target, [transactionId]);
    await rejectsWith(t, engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: '', winAmount: '5' }), 'FAILED_PRECONDITION', /canceled/);
    t.deepEqual(await engine.state(target, [transactionId]), before);
  });

  test('confirm with another non-empty round_id fails with FAILED_PRECONDITION and moves nothing', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine);
    const before = await engine.state(target, [transactionId]);
    await rejectsWith(t, engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: 'round-2', winAmount: '5' }), 'FAILED_PRECONDITION', /round_id/);
    t.deepEqual(await engine.state(target, [transactionId]), before);
  });

  test('confirm with an empty round_id is accepted', async (t) => {
    const { engine } = t.context;
    const { transactionId } = await reserved(engine);
    t.like(await engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: '', winAmount: '0' }), { status: 'confirmed' });
  });

  test('cancel of a canceled transaction answers already_canceled and moves nothing', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 100, 1000);
    await engine.wallet.cancel({ requestId: 'x1', transactionId, reason: 'first' });
    const before = await engine.state(target, [transactionId]);
    const again = await engine.wallet.cancel({ requestId: 'x2', transactionId, reason: 'second' });
    t.deepEqual(again, { status: 'already_canceled', transactionId, availableBalance: '1000', reservedBalance: '0', replayed: false });
    t.deepEqual(await engine.state(target, [transactionId]), before);
  });

  test('cancel of a confirmed transaction fails with FAILED_PRECONDITION and changes nothing', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine);
    await engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: '', winAmount: '0' });
    const before = await engine.state(target, [transactionId]);
    await rejectsWith(t, engine.wallet.cancel({ requestId: 'x1', transactionId, reason: '' }), 'FAILED_PRECONDITION', /confirmed/);
    t.deepEqual(await engine.state(target, [transactionId]), before);
  });

  test('cancel stores its reason on the transaction', async (t) => {
    const { engine } = t.context;
    const { transactionId } = await reserved(engine);
    const reason = 'ñ'.repeat(256);
    await engine.wallet.cancel({ requestId: 'x1', transactionId, reason });
    t.is(parseTransactionRecord((await engine.redis.getBuffer(keys.transaction(transactionId)))!).rs, reason);
  });

  test('GetTransaction returns the seed fields in every status', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 120, 1000);
    const base = { transactionId, userId: target.userId, gameId: target.gameId, currency: 'EUR', roundId: 'round-1', amount: '120' };
    t.deepEqual(await engine.wallet.getTransaction(transactionId), { ...base, winAmount: '0', status: 'reserved' });
    await engine.wallet.confirm({ requestId: 'c', transactionId, roundId: '', winAmount: '77' });
    t.deepEqual(await engine.wallet.getTransaction(transactionId), { ...base, winAmount: '77', status: 'confirmed' });
    const other = await engine.wallet.reserve({ ...target, requestId: 'r2', roundId: 'round-2', amount: '5' });
    await engine.wallet.cancel({ requestId: 'x', transactionId: other.transactionId, reason: '' });
    t.like(await engine.wallet.getTransaction(other.transactionId), { status: 'canceled', amount: '5', winAmount: '0' });
  });

  // §1.4: idempotency

  test('a repeated Reserve returns the identical first reply even after later moves, and moves nothing', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const request = { ...target, requestId: 'same', roundId: 'round', amount: '100' };
    const first = await engine.wallet.reserve(request);
    await engine.wallet.reserve({ ...request, requestId: 'other' });
    await engine.wallet.confirm({ requestId: 'c', transactionId: first.transactionId, roundId: '', winAmount: '10' });
    const before = await engine.state(target, [first.transactionId]);
    const again = await engine.wallet.reserve(request);
    t.deepEqual(again, { ...first, replayed: true });
    t.deepEqual(await engine.state(target, [first.transactionId]), before);
  });

  test('repeated Confirm and Cancel return their first replies after later moves', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const a = await engine.wallet.reserve({ ...target, requestId: 'a', roundId: 'r', amount: '100' });
    const b = await engine.wallet.reserve({ ...target, requestId: 'b', roundId: 'r', amount: '100' });
    const confirm = { requestId: 'settle', transactionId: a.transactionId, roundId: 'r', winAmount: '40' };
    const cancel = { requestId: 'settle', transactionId: b.transactionId, reason: 'x' };
    const confirmed = await engine.wallet.confirm(confirm);
    const canceled = await engine.wallet.cancel(cancel);
    await engine.fund(target, 5);
    t.deepEqual(await engine.wallet.confirm(confirm), { ...confirmed, replayed: true });
    t.deepEqual(await engine.wallet.cancel(cancel), { ...canceled, replayed: true });
    t.like(confirmed, { availableBalance: '840', reservedBalance: '100' });
  });

  test('a rejected Reserve stays rejected on repeat, even after a top-up', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    const request = { ...target, requestId: 'poor', roundId: 'r', amount: '100' };
    const first = await engine.wallet.reserve(request);
    await engine.fund(target, 1000);
    t.deepEqual(await engine.wallet.reserve(request), { ...first, replayed: true });
    t.like(first, { status: 'rejected', availableBalance: '0' });
    t.like(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '1000', reservedBalance: '0' });
  });

  test('a request_id reused with other fields gets ALREADY_EXISTS and changes nothing', async (t) => {
    const { engine } = t.context;
    const { target, transactionId } = await reserved(engine, 100, 1000);
    await engine.wallet.confirm({ requestId: 'c', transactionId, roundId: 'round-1', winAmount: '5' });
    const other = await engine.wallet.reserve({ ...target, requestId: 'r2', roundId: 'round-1', amount: '10' });
    await engine.wallet.cancel({ requestId: 'x', transactionId: other.transactionId, reason: 'a' });
    const before = await engine.state(target, [transactionId, other.transactionId]);
    const conflicts = [
      engine.wallet.reserve({ ...target, requestId: 'res-1', roundId: 'round-1', amount: '101' }),
      engine.wallet.reserve({ ...target, requestId: 'res-1', roundId: 'round-9', amount: '100' }),
      engine.wallet.confirm({ requestId: 'c', transactionId, roundId: 'round-1', winAmount: '6' }),
      engine.wallet.confirm({ requestId: 'c', transactionId, roundId: '', winAmount: '5' }),
      engine.wallet.cancel({ requestId: 'x', transactionId: other.transactionId, reason: 'b' }),
    ];
    for (const conflict of conflicts) await rejectsWith(t, conflict, 'ALREADY_EXISTS', /request_id/);
    t.deepEqual(await engine.state(target, [transactionId, other.transactionId]), before);
  });

  test('the same request_id on another target is another request; Reserve and Confirm may share one', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const otherGame = { ...target, gameId: `${target.gameId}-2` };
    await engine.fund(otherGame, 1000);
    const first = await engine.wallet.reserve({ ...target, requestId: 'shared', roundId: 'r', amount: '100' });
    const second = await engine.wallet.reserve({ ...otherGame, requestId: 'shared', roundId: 'r', amount: '100' });
    t.false(second.replayed);
    t.not(first.transactionId, second.transactionId);
    const confirmed = await engine.wallet.confirm({ requestId: 'shared', transactionId: first.transactionId, roundId: 'r', winAmount: '0' });
    t.like(confirmed, { status: 'confirmed', replayed: false });
    const third = await engine.wallet.reserve({ ...target, requestId: 'x', roundId: 'r', amount: '1' });
    t.like(await engine.wallet.confirm({ requestId: 'shared', transactionId: third.transactionId, roundId: 'r', winAmount: '0' }), {
      status: 'confirmed',
      replayed: false,
    });
  });

  test('500 identical Reserves racing make one transaction and one debit', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const request = { ...target, requestId: 'burst', roundId: 'r', amount: '10' };
    const replies = await Promise.all(Array.from({ length: 500 }, () => engine.wallet.reserve(request)));
    t.is(new Set(replies.map((reply) => reply.transactionId)).size, 1);
    t.is(replies.filter((reply) => !reply.replayed).length, 1);
    for (const reply of replies) t.like(reply, { status: 'reserved', availableBalance: '990', reservedBalance: '10' });
    t.like(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '990', reservedBalance: '10' });
    t.is((await engine.outbox(target)).filter((entry) => entry.kind === 'reserve').length, 1);
  });

  test('300 racing Reserve(1) with distinct ids on a balance of 100 reserve exactly 100', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, 100);
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) => engine.wallet.reserve({ ...target, requestId: `race-${i}`, roundId: 'r', amount: '1' })),
    );
    t.is(replies.filter((reply) => reply.status === 'reserved').length, 100);
    t.is(replies.filter((reply) => reply.status === 'rejected').length, 200);
    for (const reply of replies) t.true(Number(reply.availableBalance) >= 0);
    t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '0', reservedBalance: '100' });
  });

  // §1.5: errors

  test('an unknown transaction_id is NOT_FOUND for Confirm, Cancel and GetTransaction', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    const wellFormed = unknownTransactionId(walletAddress(target.userId, target.gameId, 'EUR'));
    for (const transactionId of [wellFormed, 'not-one-of-ours']) {
      await rejectsWith(t, engine.wallet.confirm({ requestId: 'c', transactionId, roundId: '', winAmount: '0' }), 'NOT_FOUND', /not found/);
      await rejectsWith(t, engine.wallet.cancel({ requestId: 'x', transactionId, reason: '' }), 'NOT_FOUND', /not found/);
      await rejectsWith(t, engine.wallet.getTransaction(transactionId), 'NOT_FOUND', /not found/);
    }
    t.deepEqual(await engine.outbox(target), []);
  });

  test('GetTransaction answers only the transaction its id names: not a later one under the same record (a request_id reused), nor a rejected Reserve\'s reply record', async (t) => {
    const { engine } = t.context;
    const { target, transactionId: first } = await reserved(engine, 10, 1000);
    await engine.wallet.cancel({ requestId: 'x1', transactionId: first, reason: '' });
    await engine.redis.del(keys.transaction(first)); // its retention and TTL have passed (and no sync wrote it to MySQL here)
    const second = await engine.wallet.reserve({ ...target, requestId: 'res-1', roundId: 'round-1', amount: '10' });
    t.not(second.transactionId, first);
    t.is(keys.transaction(second.transactionId), keys.transaction(first), 'the same record, another nonce');
    t.like(await engine.wallet.getTransaction(second.transactionId), { status: 'reserved', amount: '10' });
    await rejectsWith(t, engine.wallet.getTransaction(first), 'NOT_FOUND', /not found/);
    const rejected = await engine.wallet.reserve({ ...target, requestId: 'too-much', roundId: 'round-2', amount: '1000000' });
    t.is(rejected.status, 'rejected');
    const wouldBe = reserveTarget(walletAddress(target.userId, target.gameId, 'EUR'), 'too-much').transactionId;
    await rejectsWith(t, engine.wallet.getTransaction(wouldBe), 'NOT_FOUND', /not found/);
  });

  test('amounts up to 2^53-1 are exact; a win or top-up past it is refused and changes nothing', async (t) => {
    const { engine } = t.context;
    const target = engine.newWallet();
    await engine.fund(target, MAX);
    t.like(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: MAX });
    const reply = await engine.wallet.reserve({ ...target, requestId: 'one', roundId: 'r', amount: '1' });
    t.like(reply, { availableBalance: '9007199254740990', reservedBalance: '1' });
    const before = await engine.state(target, [reply.transactionId]);
    await rejectsWith(t, engine.wallet.topup({ ...target, amount: '1', comment: '' }), 'FAILED_PRECONDITION', /2\^53-1/);
    await rejectsWith(
      t,
      engine.wallet.confirm({ requestId: 'c', transactionId: reply.transactionId, roundId: '', winAmount: '2' }),
      'FAILED_PRECONDITION',
      /2\^53-1/,
    );
    t.deepEqual(await engine.state(target, [reply.transactionId]), before);
    const won = await engine.wallet.confirm({ requestId: 'c2', transactionId: reply.transactionId, roundId: '', winAmount: '1' });
    t.like(won, { availableBalance: MAX, reservedBalance: '0' });
    const all = await engine.wallet.reserve({ ...target, requestId: 'all', roundId: 'r', amount: MAX });
    t.like(all, { status: 'reserved', availableBalance: '0', reservedBalance: MAX });
  });

  const long = 'x'.repeat(129);
  const invalidCalls: Array<[string, (engine: Engine, tx: string, target: ReturnType<Engine['newWallet']>) => Promise<unknown>, RegExp]> = [
    ['Reserve without request_id', (e, _, w) => e.wallet.reserve({ ...w, requestId: '', roundId: 'r', amount: '1' }), /^request_id is required/],
    ['Reserve without user_id', (e, _, w) => e.wallet.reserve({ ...w, userId: '', requestId: 'q', roundId: 'r', amount: '1' }), /^user_id is required/],
    ['Reserve without game_id', (e, _, w) => e.wallet.reserve({ ...w, gameId: '', requestId: 'q', roundId: 'r', amount: '1' }), /^game_id is required/],
    ['Reserve without round_id', (e, _, w) => e.wallet.reserve({ ...w, requestId: 'q', roundId: '', amount: '1' }), /^round_id is required/],
    ['Reserve without currency', (e, _, w) => e.wallet.reserve({ ...w, currency: '', requestId: 'q', roundId: 'r', amount: '1' }), /^currency is required/],
    ['Reserve with amount 0', (e, _, w) => e.wallet.reserve({ ...w, requestId: 'q', roundId: 'r', amount: '0' }), /^amount must be greater than 0/],
    ['Reserve with a negative amount', (e, _, w) => e.wallet.reserve({ ...w, requestId: 'q', roundId: 'r', amount: '-5' }), /^amount must be greater than 0/],
    ['Reserve with amount 2^53', (e, _, w) => e.wallet.reserve({ ...w, requestId: 'q', roundId: 'r', amount: '9007199254740992' }), /^amount .*at most 9007199254740991/],
    ['Reserve with a lower-case currency', (e, _, w) => e.wallet.reserve({ ...w, currency: 'eur', requestId: 'q', roundId: 'r', amount: '1' }), /^currency must be 3 upper-case letters/],
    ['Reserve with a 4-letter currency', (e, _, w) => e.wallet.reserve({ ...w, currency: 'EURO', requestId: 'q', roundId: 'r', amount: '1' }), /^currency must be 3 upper-case letters/],
    ['Reserve with a user_id over 128 bytes', (e, _, w) => e.wallet.reserve({ ...w, userId: 'é'.repeat(65), requestId: 'q', roundId: 'r', amount: '1' }), /^user_id must be at most 128 bytes/],
    ['Reserve with a round_id holding a control character', (e, _, w) => e.wallet.reserve({ ...w, requestId: 'q', roundId: 'a\nb', amount: '1' }), /^round_id must not contain control characters/],
    ['Reserve with a request_id over 128 bytes', (e, _, w) => e.wallet.reserve({ ...w, requestId: long, roundId: 'r', amount: '1' }), /^request_id must be at most 128 bytes/],
    ['Confirm without request_id', (e, tx) => e.wallet.confirm({ requestId: '', transactionId: tx, roundId: '', winAmount: '0' }), /^request_id is required/],
    ['Confirm without transaction_id', (e) => e.wallet.confirm({ requestId: 'q', transactionId: '', roundId: '', winAmount: '0' }), /^transaction_id is required/],
    ['Confirm with a negative win', (e, tx) => e.wallet.confirm({ requestId: 'q', transactionId: tx, roundId: '', winAmount: '-1' }), /^win_amount must be at least 0/],
    ['Confirm with a win of 2^53', (e, tx) => e.wallet.confirm({ requestId: 'q', transactionId: tx, roundId: '', winAmount: '9007199254740992' }), /^win_amount/],
    ['Confirm with a round_id over 128 bytes', (e, tx) => e.wallet.confirm({ requestId: 'q', transactionId: tx, roundId: long, winAmount: '0' }), /^round_id must be at most 128 bytes/],
    ['Confirm with a transaction_id holding a control character', (e, tx) => e.wallet.confirm({ requestId: 'q', transactionId: `${tx}\u0000`, roundId: '', winAmount: '0' }), /^transaction_id must not contain control/],
    ['Cancel without request_id', (e, tx) => e.wallet.cancel({ requestId: '', transactionId: tx, reason: '' }), /^request_id is required/],
    ['Cancel without transaction_id', (e) => e.wallet.cancel({ requestId: 'q', transactionId: '', reason: '' }), /^transaction_id is required/],
    ['Cancel with a reason over 256 characters', (e, tx) => e.wallet.cancel({ requestId: 'q', transactionId: tx, reason: 'r'.repeat(257) }), /^reason must be at most 256 characters/],
    ['GetTransaction without transaction_id', (e) => e.wallet.getTransaction(''), /^transaction_id is required/],
    ['GetTransaction with a transaction_id over 128 bytes', (e) => e.wallet.getTransaction(long), /^transaction_id must be at most 128 bytes/],
  ];

  for (const [what, call, message] of invalidCalls) {
    test(`${what} is INVALID_ARGUMENT naming the field, and changes nothing`, async (t) => {
      const { engine } = t.context;
      const { target, transactionId } = await reserved(engine);
      const before = await engine.state(target, [transactionId]);
      const error = await rejectsWith(t, call(engine, transactionId, target), 'INVALID_ARGUMENT', message);
      t.is(error?.spec.grpcStatus, GrpcStatus.INVALID_ARGUMENT);
      t.deepEqual(await engine.state(target, [transactionId]), before);
    });
  }
}

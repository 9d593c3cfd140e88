import { randomUUID } from 'node:crypto';
import test from 'ava';
import fc from 'fast-check';
import type { ExecutionContext } from 'ava';
import { loadConfig } from '../../src/config';
import { AppError } from '../../src/errors';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { createLogger } from '../../src/logging/logger';
import type { ReservationOperations } from '../../src/grpc/reservation-operations';
import { coalescedOperations } from '../../src/grpc/unary-coalescer';
import { walletAddress } from '../../src/redis/wallet-keys';
import type { RedisLike } from '../../src/redis/script-registry';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import type { BalanceReply } from '../../src/wallet/wallet-types';
import { unknownTransactionId } from '../helpers/engine';
import { reservationClient } from '../helpers/grpc-client';
import { createTestRedis } from '../helpers/redis';

// Issue 50 part 1: unary calls that arrive together go to the store as one batch, and each caller
// gets exactly what its call alone would have had.

const RUNS = Number(process.env.COALESCE_RUNS ?? 60);
const WALLETS = 3;

/** An engine over the test's Redis that counts its store's script calls. */
function countedEngine(redis: RedisLike) {
  const counted = { scripts: 0 };
  const store = createWalletStore(redis, { observeScript: () => (counted.scripts += 1) });
  return { wallet: createWalletService({ store, idempotencyTtlS: 3600 }), counted };
}

const requestId = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const round = fc.constantFrom('r1', 'r2');
const amount = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 400 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom('0', '-5', '9007199254740992', 'x') });
const txRef = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 20 }) });
const call = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('reserve' as const), wallet: fc.nat(WALLETS - 1), requestId, round, amount, currency: fc.constantFrom('EUR', 'EUR', 'EUR', 'eur') }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('confirm' as const), tx: txRef, requestId, round: fc.oneof(round, fc.constant('')), win: fc.oneof(amount, fc.constant('0')) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), tx: txRef, requestId, reason: fc.constantFrom('', 'timeout', 'r'.repeat(257)) }) },
);
/** A step: a top-up, or calls of one kind or of all kinds mixed (the calls of a step arrive together). */
const step = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topup' as const), wallet: fc.nat(WALLETS - 1), amount: fc.integer({ min: 100, max: 3000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('calls' as const), calls: fc.array(call, { minLength: 1, maxLength: 12 }) }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('reserve', 'confirm', 'cancel').chain((only) =>
      fc.record({ kind: fc.constant('calls' as const), calls: fc.array(call.filter((c) => c.kind === only), { minLength: 1, maxLength: 12 }) }),
    ),
  },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
type Call = typeof call extends fc.Arbitrary<infer T> ? T : never;

const TRANSACTION_ID = /[0-9a-f]{2}\.[A-Za-z0-9_-]{22}\.[A-Z]{3}-[A-Za-z0-9_-]+-[A-Za-z0-9_-]+/g;

/**
 * One world: wallets of its own, the transaction ids its Reserves made (in the order the calls were
 * made), and each call's answer as text with its transaction ids written as the order in which they
 * first appeared, and its user ids without the world's name: two worlds that did the same things
 * print the same text, whatever their random nonces.
 */
function createWorld(engine: ReservationOperations, fund: (wallet: { userId: string; gameId: string; currency: string; amount: string; comment: string }) => Promise<unknown>) {
  const name = randomUUID();
  const wallets = Array.from({ length: WALLETS }, (_, i) => ({ userId: `${name}-u${i}`, gameId: 'g', currency: 'EUR' }));
  const transactionIds: string[] = [];
  const unknown = new Map<number, string>();
  const seen = new Map<string, number>();
  const txId = (ref: number) => {
    if (transactionIds[ref]) return transactionIds[ref]!;
    if (!unknown.has(ref)) unknown.set(ref, unknownTransactionId(walletAddress(wallets[0]!.userId, 'g', 'EUR')));
    return unknown.get(ref)!;
  };
  const text = (value: object) =>
    JSON.stringify(value)
      .replaceAll(TRANSACTION_ID, (id) => {
        if (!seen.has(id)) seen.set(id, seen.size);
        return `tx#${seen.get(id)}`;
      })
      .replaceAll(name, 'W');
  const settle = (reply: Promise<BalanceReply>): Promise<BalanceReply | AppError> =>
    reply.catch((error: unknown) => {
      if (error instanceof AppError) return error;
      throw error;
    });
  const made = (c: Call): Promise<BalanceReply> => {
    switch (c.kind) {
      case 'reserve':
        return engine.reserve({ ...wallets[c.wallet]!, requestId: c.requestId, roundId: c.round, amount: c.amount, currency: c.currency });
      case 'confirm':
        return engine.confirm({ requestId: c.requestId, transactionId: txId(c.tx), roundId: c.round, winAmount: c.win });
      case 'cancel':
        return engine.cancel({ requestId: c.requestId, transactionId: txId(c.tx), reason: c.reason });
    }
  };
  return {
    /** A step's answers as text: its calls one after another (each awaited), or all made in one turn. */
    async run(current: Step, together: boolean): Promise<string[]> {
      if (current.kind === 'topup') {
        await fund({ ...wallets[current.wallet]!, amount: String(current.amount), comment: '' });
        return [];
      }
      const outcomes: Array<BalanceReply | AppError> = [];
      if (together) outcomes.push(...(await Promise.all(current.calls.map((c) => settle(made(c))))));
      else for (const c of current.calls) outcomes.push(await settle(made(c)));
      for (const outcome of outcomes) {
        if (!(outcome instanceof AppError) && outcome.status === 'reserved' && !transactionIds.includes(outcome.transactionId)) transactionIds.push(outcome.transactionId);
      }
      return outcomes.map((outcome) => text(outcome instanceof AppError ? { code: outcome.code, message: outcome.message } : outcome));
    },
  };
}

test('a coalesced call answers byte for byte what the same call alone answers, over random sequences of calls that arrive together', async (t) => {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const seed = Number(process.env.COALESCE_SEED ?? Date.now() % 2 ** 31);
  t.log(`fast-check seed ${seed} (replay with COALESCE_SEED=${seed})`);
  const totals = { calls: 0, lone: 0, coalesced: 0 };

  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 25 }), fc.integer({ min: 2, max: 6 }), fc.boolean(), async (steps, maxItems, coalescedFirst) => {
      const alone = countedEngine(redis);
      const together = countedEngine(redis);
      const lone = createWorld(alone.wallet, (w) => alone.wallet.topup(w));
      const coalesced = createWorld(coalescedOperations(together.wallet, { windowMs: 0, maxItems }), (w) => together.wallet.topup(w));
      for (const current of [{ kind: 'topup' as const, wallet: 0, amount: 1000 }, { kind: 'topup' as const, wallet: 1, amount: 1000 }, ...steps]) {
        // Both ways round: which world goes first changes nothing, as their wallets are their own.
        const [first, second] = coalescedFirst ? [coalesced.run(current, true), lone.run(current, false)] : [lone.run(current, false), coalesced.run(current, true)];
        const [a, b] = await Promise.all([first, second]);
        const [loneAnswers, coalescedAnswers] = coalescedFirst ? [b, a] : [a, b];
        if (JSON.stringify(loneAnswers) !== JSON.stringify(coalescedAnswers)) {
          throw new Error(`step ${JSON.stringify(current)}:\nalone     ${loneAnswers.join('\n          ')}\ncoalesced ${coalescedAnswers.join('\n          ')}`);
        }
        if (current.kind === 'calls') totals.calls += current.calls.length;
      }
      totals.lone += alone.counted.scripts;
      totals.coalesced += together.counted.scripts;
    }),
    { numRuns: RUNS, seed },
  );
  t.log(`${totals.calls} calls: ${totals.lone} store calls alone, ${totals.coalesced} coalesced`);
  t.true(totals.coalesced < totals.lone * 0.85, 'calls that arrive together share store calls');
});

test('a call never overtakes an earlier call of another kind on its wallet: a Cancel that frees the funds, then a Reserve that needs them', async (t) => {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const { wallet } = countedEngine(redis);
  const target = { userId: `u-${randomUUID()}`, gameId: 'g', currency: 'EUR' };
  await wallet.topup({ ...target, amount: '200', comment: '' });
  const [first, second] = [await wallet.reserve({ ...target, requestId: 't0', roundId: 'r', amount: '100' }), await wallet.reserve({ ...target, requestId: 't1', roundId: 'r', amount: '100' })];
  const engine = coalescedOperations(wallet, { windowMs: 0, maxItems: 100 });
  // The first Cancel goes at once; the second waits for the turn's end, and the Reserve after it too.
  const [canceledFirst, canceledSecond, reserved] = await Promise.all([
    engine.cancel({ requestId: 'x0', transactionId: first.transactionId, reason: '' }),
    engine.cancel({ requestId: 'x1', transactionId: second.transactionId, reason: '' }),
    engine.reserve({ ...target, requestId: 't2', roundId: 'r', amount: '150' }),
  ]);
  t.like(canceledFirst, { status: 'canceled', availableBalance: '100' });
  t.like(canceledSecond, { status: 'canceled', availableBalance: '200' });
  t.like(reserved, { status: 'reserved', availableBalance: '50' }, 'after both Cancels, as the calls came');
});

test('calls of one turn go out as one batch after the first, which goes at once; the most items per batch holds', async (t) => {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const { wallet, counted } = countedEngine(redis);
  const target = { userId: `u-${randomUUID()}`, gameId: 'g', currency: 'EUR' };
  await wallet.topup({ ...target, amount: '1000', comment: '' });
  const before = counted.scripts;
  const engine = coalescedOperations(wallet, { windowMs: 0, maxItems: 4 });
  const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => engine.reserve({ ...target, requestId: `r${i}`, roundId: 'r', amount: '10' })));
  t.deepEqual(replies.map((reply) => reply.availableBalance), Array.from({ length: 10 }, (_, i) => String(990 - 10 * i)), 'applied in the order the calls came');
  t.is(counted.scripts - before, 1 + 3, 'the first alone, then 9 in batches of at most 4');

  const lone = await engine.confirm({ requestId: 'c', transactionId: replies[0]!.transactionId, roundId: 'r', winAmount: '5' });
  t.is(lone.status, 'confirmed');
  t.is(counted.scripts - before, 5, 'a call that finds none in flight goes alone');
});

test('a call whose deadline passes while it waits for its batch is DEADLINE_EXCEEDED and applies nothing; one due before the window closes goes out in time', async (t) => {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const { wallet } = countedEngine(redis);
  const target = { userId: `u-${randomUUID()}`, gameId: 'g', currency: 'EUR' };
  await wallet.topup({ ...target, amount: '100', comment: '' });
  // The coalescer's clock stands still: a deadline is passed, or not, whatever the machine's speed.
  const nowMs = 1_000_000;
  const engine = coalescedOperations(wallet, { windowMs: 600_000, maxItems: 100 }, () => nowMs);
  const reserve = (requestId: string, deadlineMs?: number) => engine.reserve({ ...target, requestId, roundId: 'r', amount: '10' }, { deadlineMs });

  const first = reserve('first'); // goes at once; the next finds it in flight and waits
  const error = await t.throwsAsync(reserve('late', nowMs - 1), { instanceOf: AppError });
  t.is(error?.code, 'DEADLINE_EXCEEDED');
  t.is((await first).status, 'reserved');

  const second = reserve('second');
  const soon = reserve('soon', nowMs + 20);
  t.is((await soon).status, 'reserved', 'sent before its deadline, not when the 10-minute window closes');
  t.is((await second).status, 'reserved');
  const again = await engine.reserve({ ...target, requestId: 'late', roundId: 'r', amount: '10' });
  t.like(again, { status: 'reserved', replayed: false, availableBalance: '60' }, 'the expired call applied nothing');
});

async function grpcServer(t: ExecutionContext, env: Record<string, string>) {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const { wallet, counted } = countedEngine(redis);
  const role = await startGrpcRole({ config: loadConfig({ GRPC_HOST: '127.0.0.1', GRPC_PORT: '0', ...env }).grpc, wallet, redis, logger: createLogger('silent') });
  t.teardown(() => role.stop(1000));
  const client = reservationClient(role.address!);
  t.teardown(() => client.close());
  const target = { user_id: `u-${randomUUID()}`, game_id: 'g', currency: 'EUR' };
  await wallet.topup({ userId: target.user_id, gameId: 'g', currency: 'EUR', amount: '1000', comment: '' });
  const reserveAll = (count: number) =>
    Promise.all(Array.from({ length: count }, (_, i) => client.call('Reserve', { ...target, request_id: `r${i}`, round_id: 'r', amount: '10' })));
  return { counted, reserveAll };
}

test('over gRPC, unary calls in flight together share store calls; GRPC_COALESCE=false sends each alone', async (t) => {
  const on = await grpcServer(t, {});
  const before = on.counted.scripts;
  const replies = await on.reserveAll(40);
  t.deepEqual(replies.map((r) => r.reply?.status), Array(40).fill('reserved'));
  t.is(new Set(replies.map((r) => r.reply!.available_balance)).size, 40, 'each call has its own reply');
  t.true(on.counted.scripts - before < 40, `40 calls took ${on.counted.scripts - before} store calls`);

  const off = await grpcServer(t, { GRPC_COALESCE: 'false' });
  const offBefore = off.counted.scripts;
  t.deepEqual((await off.reserveAll(40)).map((r) => r.reply?.status), Array(40).fill('reserved'));
  t.is(off.counted.scripts - offBefore, 40);
});

test('a fault that is not an AppError in a coalesced batch fails only its own call; the others are sent again alone and succeed', async (t) => {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const { wallet } = countedEngine(redis);
  const target = { userId: `u-${randomUUID()}`, gameId: 'g', currency: 'EUR' };
  await wallet.topup({ ...target, amount: '1000', comment: '' });
  // A fault of the code (not a refusal) whenever the poisoned call is in the batch sent.
  const faulty: ReservationOperations = {
    ...wallet,
    reserveBatch: (items, options) => (items.some((item) => item.requestId === 'poison') ? Promise.reject(new TypeError('a bug met this item')) : wallet.reserveBatch(items, options)),
  };
  const engine = coalescedOperations(faulty, { windowMs: 0, maxItems: 100 });
  const settled = await Promise.allSettled(['first', 'ok-1', 'poison', 'ok-2'].map((requestId) => engine.reserve({ ...target, requestId, roundId: 'r', amount: '10' })));
  t.deepEqual(settled.map((outcome) => outcome.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  t.true((settled[2] as PromiseRejectedResult).reason instanceof TypeError, 'the poisoned call gets its own fault');
  t.deepEqual(settled.filter((outcome): outcome is PromiseFulfilledResult<BalanceReply> => outcome.status === 'fulfilled').map((outcome) => outcome.value.status), ['reserved', 'reserved', 'reserved']);
  t.is(String((await wallet.balance(target.userId, target.gameId, 'EUR')).availableBalance), '970', 'three reserves, each once');
});

import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { createEngine, type Engine } from '../helpers/engine';
import { createTestRedis, type TestRedis } from '../helpers/redis';

// SPEC §1.4: a Reserve's outcome may not depend on which gRPC instance takes each call: not on their
// clocks (up to 60 s apart), not on the order racing calls reach Redis, not on a change of
// IDEMPOTENCY_TTL_S between the calls. Each engine here is one instance with its own clock and TTL,
// all sharing one Redis. The instants sit on the boundaries of the idempotency periods the record
// names were once derived from (floor(now / TTL)), where a retry used to hold the funds twice.
const test = anyTest as TestFn<{ redis: TestRedis }>;
const DAY_MS = 86_400_000;
const BOUNDARY = 20_000 * DAY_MS; // a multiple of every TTL used below

test.before(async (t) => {
  t.context.redis = await createTestRedis('grpc');
});
test.after.always(async (t) => {
  await t.context.redis.cleanup();
});

function instance(t: { context: { redis: TestRedis } }, nowMs: number, idempotencyTtlS = 86_400): Engine {
  return createEngine(t.context.redis.redis, { clock: () => nowMs, idempotencyTtlS });
}

async function fundedWallet(engine: Engine, amount = 1000) {
  const target = engine.newWallet();
  await engine.fund(target, amount);
  return target;
}

const reserveOf = (target: { userId: string; gameId: string; currency: string }) =>
  ({ ...target, requestId: 'bet-1', roundId: 'round-1', amount: '300' }) as const;

/** The first call through `first`, its retry through `retry`: one transaction, the funds held once. */
async function retriedThrough(t: ExecutionContext, first: Engine, retry: Engine) {
  const target = await fundedWallet(first);
  const original = await first.wallet.reserve(reserveOf(target));
  const repeated = await retry.wallet.reserve(reserveOf(target));
  t.like(original, { status: 'reserved', availableBalance: '700', reservedBalance: '300', replayed: false });
  t.deepEqual(repeated, { ...original, replayed: true });
  t.deepEqual(await first.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '700', reservedBalance: '300' });
  t.is((await first.outbox(target)).filter((event) => event.kind === 'reserve').length, 1);
}

test('a retry through an instance whose clock is behind, across a period boundary, replays the first reply', async (t) => {
  await retriedThrough(t, instance(t, BOUNDARY + 1), instance(t, BOUNDARY - 1));
});

test('a retry through an instance whose clock is ahead, across a period boundary, replays the first reply', async (t) => {
  await retriedThrough(t, instance(t, BOUNDARY - 1), instance(t, BOUNDARY + 1));
});

test('instances whose clocks are 60 s apart, either way, share one outcome', async (t) => {
  await retriedThrough(t, instance(t, BOUNDARY + 30_000), instance(t, BOUNDARY - 30_000));
  await retriedThrough(t, instance(t, BOUNDARY - 30_000), instance(t, BOUNDARY + 30_000));
});

test('IDEMPOTENCY_TTL_S changed between the first call and the retry: the retry replays it', async (t) => {
  await retriedThrough(t, instance(t, BOUNDARY + 1, 86_400), instance(t, BOUNDARY + 2, 600));
  await retriedThrough(t, instance(t, BOUNDARY + 1, 600), instance(t, BOUNDARY + 2, 86_400));
});

test('a rejected Reserve stays rejected through an instance with another clock and TTL', async (t) => {
  const first = instance(t, BOUNDARY - 1, 600);
  const target = await fundedWallet(first, 100);
  const rejected = await first.wallet.reserve(reserveOf(target));
  t.like(rejected, { status: 'rejected', transactionId: '' });
  await first.fund(target, 1000);
  t.deepEqual(await instance(t, BOUNDARY + 1, 86_400).wallet.reserve(reserveOf(target)), { ...rejected, replayed: true });
});

test('racing calls through instances of different clocks and TTLs, in either order, make one transaction', async (t) => {
  const instances = [instance(t, BOUNDARY - 1, 600), instance(t, BOUNDARY + 1, 86_400), instance(t, BOUNDARY + 60_000, 3_600)];
  for (const order of [[0, 1, 2], [2, 1, 0], [1, 2, 0]]) {
    const target = await fundedWallet(instances[0]!);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => instances[order[i % 3]!]!.wallet.reserve(reserveOf(target))),
    );
    t.is(new Set(replies.map((reply) => reply.transactionId)).size, 1, `order ${order.join(',')}`);
    t.is(replies.filter((reply) => !reply.replayed).length, 1);
    t.deepEqual(await instances[0]!.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '700', reservedBalance: '300' });
  }
});

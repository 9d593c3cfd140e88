import test from 'ava';
import { createReservationClient, ReservationError } from '../../client/src';
import { createAutoBatcher } from '../../client/src/auto-batcher';
import { createTestRedis } from '../helpers/redis';
import { startCountingServer, startStallableServer } from './client-server';

// Auto-batching keeps what each unary call would give its caller (issue 33 item 4): its own deadline,
// its own outcome naming its request_id, retries of what may be retried, and never more than the
// server takes in one batch.

const wallet = { userId: '42', gameId: '7', currency: 'EUR' };

test('callers batched together keep their own deadlines: a short one fails alone, naming its request_id, and its hold can be found and released', async (t) => {
  // Before: the batch took the earliest deadline, so both callers got DEADLINE_EXCEEDED with no
  // request_id, and with RESERVATION_TIMEOUT_S=0 the held money stayed held (1000/0 → 970/30).
  const { server, stall } = await startStallableServer(t, wallet);
  const client = createReservationClient({ address: server.address, retry: false });
  t.teardown(() => client.close());

  const stalled = stall(0.8);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = Date.now();
  const [short, patient] = await Promise.allSettled([
    client.reserve({ ...wallet, roundId: 'r', amount: 10 }, { deadlineMs: 150 }),
    client.reserve({ ...wallet, roundId: 'r', amount: 20 }, { deadlineMs: 5000 }),
  ]);
  await stalled;
  t.deepEqual(server.counts.calls, { reserveBatch: 1 }, 'the two went out as one batch');
  t.is(short.status, 'rejected');
  const error = (short as PromiseRejectedResult).reason as ReservationError;
  t.is(error.codeName, 'DEADLINE_EXCEEDED');
  t.regex(error.requestId, /^[0-9a-f-]{36}$/);
  t.is(patient.status, 'fulfilled', 'the patient caller got its reply');
  t.like((patient as PromiseFulfilledResult<unknown>).value, { status: 'reserved' });
  t.true(Date.now() - started >= 700, 'the patient caller waited for the stalled store');

  // The unknown outcome, learnt by repeating the call with its request_id, and the hold released.
  const learnt = await client.reserve({ ...wallet, roundId: 'r', amount: 10, requestId: error.requestId });
  t.like(learnt, { status: 'reserved', requestId: error.requestId });
  await client.cancel({ transactionId: learnt.transactionId, reason: 'outcome unknown to the game' });
  t.like(await server.wallet.balance('42', '7', 'EUR'), { availableBalance: '980', reservedBalance: '20' });
});

test('1001 calls of one turn go out as batches of at most 1000, whatever maxItems asks for, and all succeed', async (t) => {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startCountingServer(t, store.redis);
  await server.wallet.topup({ ...wallet, amount: '100000', comment: '' });
  const client = createReservationClient({ address: server.address, batching: { maxItems: 5000 } });
  t.teardown(() => client.close());
  const replies = await Promise.all(Array.from({ length: 1001 }, () => client.reserve({ ...wallet, roundId: 'r', amount: 1 })));
  t.true(replies.every((reply) => reply.status === 'reserved'));
  t.true(server.counts.batchItems.every((items) => items <= 1000), `batches of ${server.counts.batchItems.join(', ')}`);
  t.is(server.counts.batchItems.reduce((a, b) => a + b, 0) + (server.counts.calls.reserve ?? 0), 1001);
});

test('a batch failing as a whole fails every caller in it, each with its own request_id; none is left pending', async (t) => {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startCountingServer(t, store.redis, { GRPC_AUTH_TOKENS: 'right' });
  const client = createReservationClient({ address: server.address, token: 'wrong' });
  t.teardown(() => client.close());
  const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => client.reserve({ ...wallet, roundId: 'r', amount: 1, requestId: `q${i}` })));
  t.deepEqual(outcomes.map((o) => (o as PromiseRejectedResult).reason?.codeName), Array(5).fill('UNAUTHENTICATED'));
  t.deepEqual(outcomes.map((o) => (o as PromiseRejectedResult).reason?.requestId), ['q0', 'q1', 'q2', 'q3', 'q4']);
});

test('an explicit batch call failing as a whole names every request_id it carried, the generated ones included', async (t) => {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startCountingServer(t, store.redis, { GRPC_AUTH_TOKENS: 'right' });
  const client = createReservationClient({ address: server.address, token: 'wrong' });
  t.teardown(() => client.close());
  const error = await t.throwsAsync(client.reserveBatch([{ ...wallet, roundId: 'r', amount: 1, requestId: 'given' }, { ...wallet, roundId: 'r', amount: 2 }]));
  const failure = error as ReservationError;
  t.is(failure.codeName, 'UNAUTHENTICATED');
  t.is(failure.requestIds[0], 'given');
  t.regex(failure.requestIds[1] ?? '', /^[0-9a-f-]{36}$/);
});

// The batcher's scheduling on its own, with a scripted server side: which items go out when, and how
// each caller's outcome follows from the replies.
const noWait = { attempts: 3, initialBackoffMs: 1, maxBackoffMs: 2 };

test('batcher: an item answered UNAVAILABLE is tried again with the same item, the others are not; attempts are bounded', async (t) => {
  const sent: string[][] = [];
  const batcher = createAutoBatcher<string, string>({
    retry: noWait,
    requestIdOf: (item) => item,
    sendOne: async (item) => {
      sent.push([item]);
      return item === 'always-down' ? Promise.reject(new ReservationError(14, 'down')) : `ok:${item}`;
    },
    sendMany: async (items) => {
      sent.push(items);
      return items.map((item) => (item === 'flaky' && sent.length === 1) || item === 'always-down' ? new ReservationError(14, 'partition down') : `ok:${item}`);
    },
  });
  const [a, flaky, down] = await Promise.allSettled([batcher.enqueue('a', 1000), batcher.enqueue('flaky', 1000), batcher.enqueue('always-down', 1000)]);
  t.deepEqual(a, { status: 'fulfilled', value: 'ok:a' });
  t.deepEqual(flaky, { status: 'fulfilled', value: 'ok:flaky' });
  t.is(down.status, 'rejected');
  t.like((down as PromiseRejectedResult).reason, { codeName: 'UNAVAILABLE', requestId: 'always-down' });
  t.deepEqual(sent[0], ['a', 'flaky', 'always-down']);
  t.deepEqual(sent[1], ['flaky', 'always-down'], 'the failed items went again together');
  t.is(sent.flat().filter((item) => item === 'always-down').length, 3, 'three attempts in all');
  t.is(sent.flat().filter((item) => item === 'a').length, 1);
});

test('batcher: maxItems above 1000 is 1000, and a reply short of results fails the items it lacks instead of leaving them pending', async (t) => {
  const sizes: number[] = [];
  const batcher = createAutoBatcher<number, number>({
    maxItems: 5000,
    retry: { ...noWait, attempts: 1 },
    requestIdOf: String,
    sendOne: async (item) => item,
    sendMany: async (items) => {
      sizes.push(items.length);
      return items.slice(0, items.length - 1); // the last result missing
    },
  });
  const outcomes = await Promise.allSettled(Array.from({ length: 1001 }, (_, i) => batcher.enqueue(i, 1000)));
  t.deepEqual(sizes, [1000]);
  t.is(outcomes.filter((o) => o.status === 'rejected').length, 1);
  t.like((outcomes[999] as PromiseRejectedResult).reason, { codeName: 'INTERNAL', requestId: '999' });
  t.deepEqual(outcomes[1000], { status: 'fulfilled', value: 1000 }, 'the 1001st went out alone');
});

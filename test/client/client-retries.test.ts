import test, { type ExecutionContext } from 'ava';
import { backoffMs, createReservationClient, DEFAULT_RETRY, ReservationError } from '../../client/src';
import { withRetries } from '../../client/src/retry';
import { createEngine } from '../helpers/engine';
import { createTestRedis } from '../helpers/redis';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { startCountingServer, startStallableServer } from './client-server';

// Safe retries (SPEC §1.4): a reply lost on the way back, or a deadline passed while the call still
// ran, is retried with the same request_id; the retry replays the first outcome, nothing applies twice.

const wallet = { userId: '42', gameId: '7', currency: 'EUR' };

/** A funded wallet on a counting server, reached by the client through a proxy that can lose a reply. */
async function behindProxy(t: ExecutionContext, batching: false | undefined) {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startCountingServer(t, store.redis);
  await server.wallet.topup({ ...wallet, amount: '1000', comment: '' });
  const proxy = await startTcpProxy(server.port);
  t.teardown(proxy.close);
  const client = createReservationClient({ address: `127.0.0.1:${proxy.port}`, batching });
  t.teardown(() => client.close());
  return { store, server, proxy, client };
}

test('a Reserve whose reply is lost is retried with its request_id and replays: one transaction, one move', async (t) => {
  const { store, server, proxy, client } = await behindProxy(t, false);

  const dropped = proxy.dropNextReplyContaining('reserved');
  const reply = await client.reserve({ ...wallet, roundId: 'round', amount: 250 });
  await dropped;
  t.like(reply, { status: 'reserved', availableBalance: '750', reservedBalance: '250' });
  t.is(server.counts.calls.reserve, 2, 'the first attempt ran on the server; its reply was lost; the retry replayed it');
  t.like(await server.wallet.balance('42', '7', 'EUR'), { availableBalance: '750', reservedBalance: '250' });
  const moves = (await createEngine(store.redis).outbox(wallet)).map((event) => event.kind);
  t.deepEqual(moves, ['topup', 'reserve']);
  t.like(await client.getTransaction(reply.transactionId), { status: 'reserved', amount: '250' });
});

test('a batch whose reply is lost is repeated whole and every item replays', async (t) => {
  const { store, server, proxy, client } = await behindProxy(t, undefined);

  const reserved = await Promise.all(Array.from({ length: 10 }, () => client.reserve({ ...wallet, roundId: 'round', amount: 10 })));
  const dropped = proxy.dropNextReplyContaining('confirmed');
  const confirmed = await Promise.all(reserved.map((r) => client.confirm({ transactionId: r.transactionId, winAmount: 15 })));
  await dropped;
  t.deepEqual(server.counts.calls, { reserveBatch: 1, confirmBatch: 2 });
  t.true(confirmed.every((reply) => reply.status === 'confirmed'), 'the retry replays "confirmed", not already_confirmed');
  t.like(await server.wallet.balance('42', '7', 'EUR'), { availableBalance: '1050', reservedBalance: '0' });
  const moves = (await createEngine(store.redis).outbox(wallet)).map((event) => event.kind);
  t.is(moves.filter((kind) => kind === 'confirm').length, 10);
});

test('a call that outlives its deadline while Redis stalls is retried and applied once', async (t) => {
  const { server, redis, stall } = await startStallableServer(t, wallet);
  const client = createReservationClient({ address: server.address, batching: false, deadlineMs: 300, retry: { attempts: 10, initialBackoffMs: 100, maxBackoffMs: 400 } });
  t.teardown(() => client.close());

  const stalled = stall(1.2); // Redis answers nobody for 1.2 s; queued commands run after
  await new Promise((resolve) => setTimeout(resolve, 50));
  const reply = await client.reserve({ ...wallet, roundId: 'round', amount: 100 });
  await stalled;
  t.like(reply, { status: 'reserved', availableBalance: '900', reservedBalance: '100' });
  t.true(server.counts.calls.reserve! >= 2, `attempts that reached the server: ${server.counts.calls.reserve}`);
  t.like(await server.wallet.balance('42', '7', 'EUR'), { availableBalance: '900', reservedBalance: '100' });
  t.deepEqual((await createEngine(redis).outbox(wallet)).map((event) => event.kind), ['topup', 'reserve']);
});

test('retries are bounded, back off with jitter, and only UNAVAILABLE and DEADLINE_EXCEEDED are retried', async (t) => {
  const waits: number[] = [];
  const wait = async (ms: number) => void waits.push(ms);
  let attempts = 0;
  const unavailable = () => {
    attempts += 1;
    return Promise.reject(new ReservationError(14, 'down'));
  };
  const error = await t.throwsAsync(withRetries({ attempts: 5, initialBackoffMs: 50, maxBackoffMs: 300 }, unavailable, wait));
  t.is((error as ReservationError).codeName, 'UNAVAILABLE');
  t.is(attempts, 5);
  const ceilings = [50, 100, 200, 300];
  waits.forEach((ms, i) => t.true(ms >= ceilings[i]! / 2 && ms <= ceilings[i]!, `wait ${i + 1}: ${ms} ms within [${ceilings[i]! / 2}, ${ceilings[i]}]`));

  for (const code of [3, 5, 6, 9, 13, 16]) {
    attempts = 0;
    await t.throwsAsync(withRetries(DEFAULT_RETRY, () => (attempts++, Promise.reject(new ReservationError(code, 'final'))), wait));
    t.is(attempts, 1, `status ${code} is not retried`);
  }
  attempts = 0;
  const deadline = () => (++attempts < 3 ? Promise.reject(new ReservationError(4, 'deadline')) : Promise.resolve('ok'));
  t.is(await withRetries(DEFAULT_RETRY, deadline, wait), 'ok');
  t.is(backoffMs({ attempts: 9, initialBackoffMs: 50, maxBackoffMs: 1000 }, 8, () => 1), 1000, 'capped at maxBackoffMs');
});

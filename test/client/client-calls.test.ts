import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { createReservationClient, ReservationError } from '../../client/src';
import { createTestRedis } from '../helpers/redis';
import { startCountingServer } from './client-server';

const wallet = { userId: '42', gameId: '7', currency: 'EUR' };

async function setup(t: Parameters<typeof startCountingServer>[0], env: Record<string, string> = {}) {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startCountingServer(t, store.redis, env);
  await server.wallet.topup({ ...wallet, amount: '1000', comment: '' });
  return server;
}

test('the client makes all seven calls, typed, with request ids it generates when none is given', async (t) => {
  const server = await setup(t);
  const client = createReservationClient({ address: server.address, batching: false });
  t.teardown(() => client.close());
  const reserved = await client.reserve({ ...wallet, roundId: 'round-1', amount: 300n });
  t.like(reserved, { status: 'reserved', availableBalance: '700', reservedBalance: '300' });
  t.regex(reserved.requestId, /^[0-9a-f-]{36}$/);
  const again = await client.reserve({ ...wallet, roundId: 'round-1', amount: 300, requestId: reserved.requestId });
  t.deepEqual(again, reserved, 'the same request_id replays');
  t.like(await client.getTransaction(reserved.transactionId), { status: 'reserved', amount: '300', userId: '42', roundId: 'round-1' });
  const confirmed = await client.confirm({ transactionId: reserved.transactionId, winAmount: '450', roundId: 'round-1' });
  t.like(confirmed, { status: 'confirmed', availableBalance: '1150', reservedBalance: '0' });

  const batch = await client.reserveBatch([
    { ...wallet, roundId: 'r2', amount: 100 },
    { ...wallet, roundId: 'r2', amount: 0 },
    { ...wallet, roundId: 'r2', amount: 5000 },
  ]);
  t.like(batch[0], { status: 'reserved', availableBalance: '1050' });
  t.true(batch[1] instanceof ReservationError && batch[1].codeName === 'INVALID_ARGUMENT' && /amount/.test(batch[1].message));
  t.like(batch[2], { status: 'rejected', reason: 'insufficient_funds', transactionId: '' });
  t.is((batch[0] as { reason: string }).reason, '');
  const id = (batch[0] as { transactionId: string }).transactionId;
  const [canceled] = await client.cancelBatch([{ transactionId: id, reason: 'aborted' }]);
  t.like(canceled, { status: 'canceled', availableBalance: '1150' });
  const [already] = await client.confirmBatch([{ transactionId: id, winAmount: 0 }]);
  t.true(already instanceof ReservationError && already.codeName === 'FAILED_PRECONDITION');
  t.like(await client.cancel({ transactionId: id }), { status: 'already_canceled' });

  const missing = await t.throwsAsync(client.getTransaction('nope'), { instanceOf: ReservationError });
  t.is(missing?.codeName, 'NOT_FOUND');
  t.is(server.counts.calls.getTransaction, 2, 'NOT_FOUND is not retried');
});

test('the caller\'s token and TLS: a wrong token is UNAUTHENTICATED, the right one over TLS passes', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'client-tls-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const server = await setup(t, { GRPC_AUTH_TOKENS: 'game-server-1', GRPC_TLS_CERT: cert, GRPC_TLS_KEY: key });
  const address = server.address.replace('127.0.0.1', 'localhost');
  const tls = { rootCerts: readFileSync(cert) };
  const stranger = createReservationClient({ address, tls, token: 'wrong' });
  const trusted = createReservationClient({ address, tls, token: 'game-server-1' });
  t.teardown(() => Promise.all([stranger, trusted].map((client) => client.close())));
  const refused = await t.throwsAsync(stranger.reserve({ ...wallet, roundId: 'r', amount: 1 }), { instanceOf: ReservationError });
  t.is(refused?.codeName, 'UNAUTHENTICATED');
  t.like(await trusted.reserve({ ...wallet, roundId: 'r', amount: 1 }), { status: 'reserved', availableBalance: '999' });
});

test('auto-batching: 64 calls made in one turn reach the server as one batch call, each caller getting its own result or error', async (t) => {
  const server = await setup(t);
  const client = createReservationClient({ address: server.address });
  t.teardown(() => client.close());
  const outcomes = await Promise.allSettled(
    Array.from({ length: 64 }, (_, i) => client.reserve({ ...wallet, roundId: 'crash-round', amount: i === 13 ? -1 : 10, requestId: `bet-${i}` })),
  );
  t.deepEqual(server.counts.calls, { reserveBatch: 1 });
  t.deepEqual(server.counts.batchItems, [64]);
  const rejected = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [i] : []));
  t.deepEqual(rejected, [13], 'only the bad bet fails');
  t.is(((outcomes[13] as PromiseRejectedResult).reason as ReservationError).codeName, 'INVALID_ARGUMENT');
  const results = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  t.is(new Set(results.map((result) => result.transactionId)).size, 63);
  t.deepEqual(results.map((result) => result.requestId), Array.from({ length: 64 }, (_, i) => `bet-${i}`).filter((id) => id !== 'bet-13'));
  t.like(await server.wallet.balance('42', '7', 'EUR'), { availableBalance: '370', reservedBalance: '630' });

  // Settling the round: confirms and cancels made together go out as one call of each kind.
  await Promise.all(results.map((result, i) => (i % 3 === 0 ? client.cancel({ transactionId: result.transactionId }) : client.confirm({ transactionId: result.transactionId, winAmount: 20 }))));
  t.like(server.counts.calls, { confirmBatch: 1, cancelBatch: 1 });
  t.like(await server.wallet.balance('42', '7', 'EUR'), { availableBalance: String(370 + 21 * 10 + 42 * 20), reservedBalance: '0' });
});

test('auto-batching with a window gathers calls across turns; one call alone goes out as its unary call', async (t) => {
  const server = await setup(t);
  const client = createReservationClient({ address: server.address, batching: { windowMs: 20 } });
  t.teardown(() => client.close());
  const first = client.reserve({ ...wallet, roundId: 'r', amount: 1 });
  await new Promise((resolve) => setImmediate(resolve));
  const second = client.reserve({ ...wallet, roundId: 'r', amount: 1 });
  await Promise.all([first, second]);
  t.deepEqual(server.counts.calls, { reserveBatch: 1 });
  await client.reserve({ ...wallet, roundId: 'r', amount: 1 });
  t.like(server.counts.calls, { reserve: 1 });
});

test('close sends what is queued and waits for the calls under way before closing the channel', async (t) => {
  const server = await setup(t);
  const client = createReservationClient({ address: server.address, batching: { windowMs: 60_000 } });
  const queued = [client.reserve({ ...wallet, roundId: 'r', amount: 1 }), client.reserve({ ...wallet, roundId: 'r', amount: 2 })];
  let answered = 0;
  for (const call of queued) void call.then(() => (answered += 1));
  await client.close();
  t.is(answered, 2, 'both answered before close resolved, a minute before their window would have ended');
  t.deepEqual(server.counts.calls, { reserveBatch: 1 });
  await t.throwsAsync(client.reserve({ ...wallet, roundId: 'r', amount: 1 }), { instanceOf: ReservationError }, 'a closed client refuses new calls');
});

import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, credentials, loadPackageDefinition, Metadata, status as GrpcStatus, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import test, { type ExecutionContext } from 'ava';
import type Redis from 'ioredis';
import { loadConfig } from '../../src/config';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { WIRE_METHODS } from '../../src/grpc/generated/wire-codec';
import { RESERVATION_SERVICE_NAME } from '../../src/grpc/reservation-proto';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { waitUntil } from '../../src/local-services/process-tools';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { healthClient, reservationClient } from '../helpers/grpc-client';
import { freePort } from '../helpers/ports';
import { createTestRedis } from '../helpers/redis';

/** A server on a fresh test prefix, a client for it, and teardown registered on the test. */
async function serverWithClient(t: ExecutionContext, env: Record<string, string> = {}) {
  const store = await createTestRedis('grpc');
  const server = await startServer(store.redis, env);
  const client = reservationClient(server.address);
  t.teardown(async () => {
    client.close();
    await server.stop();
    await store.cleanup();
  });
  return { server, call: client.call };
}

async function startServer(redis: Redis, env: Record<string, string> = {}) {
  const config = loadConfig({ GRPC_HOST: '127.0.0.1', GRPC_PORT: '0', ...env });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 60 });
  const role = await startGrpcRole({ config: config.grpc, wallet, redis, logger: createLogger('silent') });
  return { address: role.address!, stop: () => role.stop(1000), wallet };
}

test('Reserve, Confirm and GetTransaction through a real client, int64 exact at 2^53-1', async (t) => {
  const { server, call } = await serverWithClient(t);
  await server.wallet.topup({ userId: '42', gameId: '7', currency: 'EUR', amount: '9007199254740991', comment: '' });
  const reserved = await call('Reserve', { request_id: 'r', user_id: '42', game_id: '7', round_id: 'x', amount: '9007199254740991', currency: 'EUR' });
  t.like(reserved.reply, { status: 'reserved', reason: '', available_balance: '0', reserved_balance: '9007199254740991' });
  const transactionId = reserved.reply!.transaction_id as string;
  // SPEC §1.11: a rejected Reserve says why, and its repeat says it again.
  const broke = { request_id: 'broke', user_id: '42', game_id: '7', round_id: 'y', amount: '1', currency: 'EUR' };
  const rejected = await call('Reserve', broke);
  t.deepEqual(rejected.reply, { transaction_id: '', status: 'rejected', reason: 'insufficient_funds', available_balance: '0', reserved_balance: '9007199254740991' });
  t.deepEqual((await call('Reserve', broke)).reply, rejected.reply, 'the replay names the reason too');
  const confirmed = await call('Confirm', { request_id: 'c', transaction_id: transactionId, round_id: 'x', win_amount: '9007199254740991' });
  t.deepEqual(confirmed.reply, { transaction_id: transactionId, status: 'confirmed', available_balance: '9007199254740991', reserved_balance: '0' });
  const found = await call('GetTransaction', { transaction_id: transactionId });
  t.deepEqual(found.reply, {
    transaction_id: transactionId, user_id: '42', round_id: 'x', amount: '9007199254740991', win_amount: '9007199254740991', status: 'confirmed',
  });
});

test('errors arrive as gRPC statuses with a message naming the field or rule', async (t) => {
  const { server, call } = await serverWithClient(t);
  const invalid = await call('Reserve', { request_id: 'r', user_id: '1', game_id: '1', round_id: 'x', amount: '0', currency: 'EUR' });
  t.is(invalid.error?.code, GrpcStatus.INVALID_ARGUMENT);
  t.regex(invalid.error?.details ?? '', /^amount must be greater than 0/);
  const missing = await call('GetTransaction', { transaction_id: 'nope' });
  t.is(missing.error?.code, GrpcStatus.NOT_FOUND);
  t.regex(missing.error?.details ?? '', /transaction nope not found/);
  await server.wallet.topup({ userId: '1', gameId: '1', currency: 'EUR', amount: '10', comment: '' });
  await call('Reserve', { request_id: 'dup', user_id: '1', game_id: '1', round_id: 'x', amount: '5', currency: 'EUR' });
  const conflict = await call('Reserve', { request_id: 'dup', user_id: '1', game_id: '1', round_id: 'x', amount: '6', currency: 'EUR' });
  t.is(conflict.error?.code, GrpcStatus.ALREADY_EXISTS);
});

test('with GRPC_AUTH_TOKENS set, a missing or wrong token is UNAUTHENTICATED and a listed one passes', async (t) => {
  const store = await createTestRedis('grpc');
  const server = await startServer(store.redis, { GRPC_AUTH_TOKENS: 'alpha-token,beta-token' });
  t.teardown(async () => {
    await server.stop();
    await store.cleanup();
  });
  const request = { transaction_id: 'nope' };
  for (const token of [undefined, 'Bearer wrong', 'alpha-token', 'Bearer alpha-token-extra', 'Basic alpha-token']) {
    const client = reservationClient(server.address, { token });
    const result = await client.call('GetTransaction', request);
    client.close();
    t.is(result.error?.code, GrpcStatus.UNAUTHENTICATED, `token ${token}`);
    t.regex(result.error?.details ?? '', /Bearer token/);
  }
  for (const token of ['Bearer alpha-token', 'Bearer beta-token']) {
    const client = reservationClient(server.address, { token });
    const result = await client.call('GetTransaction', request);
    client.close();
    t.is(result.error?.code, GrpcStatus.NOT_FOUND, 'authenticated: reaches the service');
  }
});

test('a caller without a valid token is refused before its message is read: an unparsable body is UNAUTHENTICATED, not a parse error', async (t) => {
  const store = await createTestRedis('grpc');
  const server = await startServer(store.redis, { GRPC_AUTH_TOKENS: 'alpha-token' });
  const client = new Client(server.address, credentials.createInsecure());
  t.teardown(async () => {
    client.close();
    await server.stop();
    await store.cleanup();
  });
  // Field 1, length-delimited, claiming 127 bytes that never come: no protobuf parser accepts it.
  const garbage = Buffer.from([0x0a, 0x7f, 0x01]);
  const send = (token: string) =>
    new Promise<ServiceError | null>((resolve) => {
      const metadata = new Metadata();
      metadata.set('authorization', token);
      client.makeUnaryRequest('/reservation.ReservationService/ReserveBatch', (body: Buffer) => body, (body: Buffer) => body, garbage, metadata, { deadline: Date.now() + 5000 }, (error) => resolve(error));
    });
  const stranger = await send('Bearer wrong');
  t.is(stranger?.code, GrpcStatus.UNAUTHENTICATED, stranger?.details);
  const caller = await send('Bearer alpha-token');
  t.not(caller?.code, GrpcStatus.UNAUTHENTICATED, 'with the token the body is read, and its parse fails');
  t.truthy(caller);
});

test('a request over GRPC_MAX_MESSAGE_BYTES is refused before it reaches the service', async (t) => {
  const { call } = await serverWithClient(t, { GRPC_MAX_MESSAGE_BYTES: String(16 * 1024) });
  const result = await call('Cancel', { request_id: 'r', transaction_id: 'x', reason: 'x'.repeat(17 * 1024) });
  // Had it reached the service, the 17 KiB reason would be INVALID_ARGUMENT, not RESOURCE_EXHAUSTED.
  t.is(result.error?.code, GrpcStatus.RESOURCE_EXHAUSTED);
  t.regex(result.error?.details ?? '', /larger than max/i);
});

for (const [setting, env] of [['without caller tokens', {}], ['with GRPC_AUTH_TOKENS set, and no token sent', { GRPC_AUTH_TOKENS: 'alpha-token' }]] as const) {
  test(`health and reflection ${setting}: the standard health service answers SERVING and reflection lists the service`, async (t) => {
    // Probes and tools carry no token: health and reflection stay open whatever the callers need.
    const store = await createTestRedis('grpc');
    const server = await startServer(store.redis, env);
    const health = healthClient(server.address);
    t.teardown(async () => {
      health.close();
      await server.stop();
      await store.cleanup();
    });
    t.is(await health.check(''), 'SERVING');
    t.is(await health.check(RESERVATION_SERVICE_NAME), 'SERVING');
    t.true((await listServices(server.address)).includes(RESERVATION_SERVICE_NAME));
    if ('GRPC_AUTH_TOKENS' in env) {
      const anonymous = reservationClient(server.address);
      t.teardown(() => anonymous.close());
      t.is((await anonymous.call('GetTransaction', { transaction_id: 'nope' })).error?.code, GrpcStatus.UNAUTHENTICATED, 'the service itself still wants one');
    }
  });
}

test('with Redis down, health is NOT_SERVING and calls fail fast with UNAVAILABLE; both recover with Redis', async (t) => {
  const binary = findStoreBinaries()!.server;
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grpc-redis-'));
  const startRedis = () => spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir], { stdio: 'ignore' });
  let child = startRedis();
  const redis = createRedisClient({ url: `redis://127.0.0.1:${port}`, role: 'grpc' });
  redis.on('error', () => undefined);
  await waitUntil('redis', async () => redis.status === 'ready', 10000);
  const server = await startServer(redis);
  const health = healthClient(server.address);
  const { call, close } = reservationClient(server.address);
  t.teardown(async () => {
    close();
    health.close();
    await server.stop();
    redis.disconnect();
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  t.is(await health.check(), 'SERVING');

  child.kill('SIGKILL');
  await waitUntil('NOT_SERVING', async () => (await health.check()) === 'NOT_SERVING', 10000);
  const started = Date.now();
  const down = await call('Reserve', { request_id: 'r', user_id: '1', game_id: '1', round_id: 'x', amount: '5', currency: 'EUR' });
  t.is(down.error?.code, GrpcStatus.UNAVAILABLE);
  t.regex(down.error?.details ?? '', /redis is unavailable/);
  t.true(Date.now() - started < 2000, 'fails fast instead of hanging');

  child = startRedis();
  await waitUntil('SERVING again', async () => (await health.check()) === 'SERVING', 15000);
  const up = await call('Reserve', { request_id: 'r', user_id: '1', game_id: '1', round_id: 'x', amount: '5', currency: 'EUR' });
  t.like(up.reply, { status: 'rejected' });
});

test('with GRPC_TLS_CERT and GRPC_TLS_KEY the server speaks TLS', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grpc-tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const store = await createTestRedis('grpc');
  const server = await startServer(store.redis, { GRPC_TLS_CERT: cert, GRPC_TLS_KEY: key });
  const secure = reservationClient(server.address.replace('127.0.0.1', 'localhost'), { credentials: credentials.createSsl(readFileSync(cert)) });
  t.teardown(async () => {
    secure.close();
    await server.stop();
    await store.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  const result = await secure.call('GetTransaction', { transaction_id: 'nope' });
  t.is(result.error?.code, GrpcStatus.NOT_FOUND);
  const plain = reservationClient(server.address);
  const refused = await plain.call('GetTransaction', { transaction_id: 'nope' }, 2000);
  plain.close();
  t.is(refused.error?.code, GrpcStatus.UNAVAILABLE);
});

async function listServices(address: string): Promise<string[]> {
  const protoFile = require.resolve('@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto');
  const loaded = loadPackageDefinition(loadSync(protoFile, { keepCase: true })) as unknown as {
    grpc: { reflection: { v1: { ServerReflection: ServiceClientConstructor } } };
  };
  const client = new loaded.grpc.reflection.v1.ServerReflection(address, credentials.createInsecure());
  return new Promise((resolve, reject) => {
    const stream = (client as unknown as { ServerReflectionInfo: () => NodeJS.ReadWriteStream & { write(m: object): void } }).ServerReflectionInfo();
    stream.on('data', (message: { list_services_response?: { service: Array<{ name: string }> } }) => {
      resolve(message.list_services_response?.service.map((service) => service.name) ?? []);
      stream.end();
      client.close();
    });
    stream.on('error', reject);
    stream.write({ list_services: '' });
  });
}

/** Bytes of an encoded message with the first `Z` of its encoding replaced by `byte` (a hand-rolled encoder's raw string). */
function withRawByte(encoded: Buffer, byte: number): Buffer {
  const copy = Buffer.from(encoded);
  copy[copy.indexOf(0x5a)] = byte;
  return copy;
}

test('a string field that is not UTF-8 is INVALID_ARGUMENT naming it (never decoded to U+FFFD, so two ids never become one)', async (t) => {
  const { server } = await serverWithClient(t);
  await server.wallet.topup({ userId: '42', gameId: '7', currency: 'EUR', amount: '1000', comment: '' });
  const raw = new Client(server.address, credentials.createInsecure());
  t.teardown(() => raw.close());
  const send = (method: keyof typeof WIRE_METHODS, bytes: Buffer) => new Promise<{ error: ServiceError | null; reply: unknown }>((resolve) => {
    raw.makeUnaryRequest(`/${RESERVATION_SERVICE_NAME}/${method}`, (b: Buffer) => b, WIRE_METHODS[method].response.decode as (b: Buffer) => unknown, bytes, (error, reply) => resolve({ error: error ?? null, reply }));
  });
  const reserve = WIRE_METHODS.Reserve.request.encode({ request_id: 'u8-idZ', user_id: '42', game_id: '7', round_id: 'r', amount: '10', currency: 'EUR' });
  for (const byte of [0xff, 0xfe, 0xc0, 0x80]) {
    const { error } = await send('Reserve', withRawByte(reserve, byte));
    t.is(error?.code, GrpcStatus.INVALID_ARGUMENT, `byte ${byte}`);
    t.regex(error?.details ?? '', /^request_id must be valid UTF-8/);
  }
  t.is(String((await server.wallet.balance('42', '7', 'EUR')).availableBalance), '1000', 'nothing was reserved');
  // A real U+FFFD, sent as UTF-8, is an ordinary character.
  const replacement = await send('Reserve', WIRE_METHODS.Reserve.request.encode({ request_id: 'u8-\uFFFD', user_id: '42', game_id: '7', round_id: 'r', amount: '10', currency: 'EUR' }));
  t.is(replacement.error, null);
  t.like(replacement.reply, { status: 'reserved' });

  // Every method names the field (WatchLedger: watch-ledger.test.ts).
  const batch = WIRE_METHODS.ReserveBatch.request.encode({ items: [
    { request_id: 'ok', user_id: '42', game_id: '7', round_id: 'r', amount: '1', currency: 'EUR' },
    { request_id: 'ok2', user_id: '4Z', game_id: '7', round_id: 'r', amount: '1', currency: 'EUR' },
  ] });
  // A batch's item answers as its unary call would (SPEC §1.9: items are independent); the others apply.
  const batchReply = await send('ReserveBatch', withRawByte(batch, 0xff));
  t.is(batchReply.error, null);
  const [first, second] = (batchReply.reply as { results: Array<{ reply?: { status: string }; error?: { code: number; message: string } }> }).results;
  t.is(first!.reply?.status, 'reserved');
  t.is(second!.error?.code, GrpcStatus.INVALID_ARGUMENT);
  t.regex(second!.error?.message ?? '', /^user_id must be valid UTF-8/);
  const tooMany = WIRE_METHODS.ReserveBatch.request.encode({ items: Array.from({ length: 1001 }, (_, i) => ({ request_id: `m${i}`, user_id: i === 0 ? '4Z' : '42', game_id: '7', round_id: 'r', amount: '1', currency: 'EUR' })) });
  t.is((await send('ReserveBatch', withRawByte(tooMany, 0xff))).error?.code, GrpcStatus.INVALID_ARGUMENT, 'a batch of 1,001 is refused whole, one unreadable item or not');
  const get = await send('GetTransaction', withRawByte(WIRE_METHODS.GetTransaction.request.encode({ transaction_id: 'tZ' }), 0xff));
  t.regex(get.error?.details ?? '', /^transaction_id must be valid UTF-8/);
  const confirm = await send('Confirm', withRawByte(WIRE_METHODS.Confirm.request.encode({ request_id: 'c', transaction_id: 't', round_id: 'rZ', win_amount: '0' }), 0xff));
  t.regex(confirm.error?.details ?? '', /^round_id must be valid UTF-8/);
});

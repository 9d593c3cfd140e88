import { status as GrpcStatus } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import test, { type ExecutionContext } from 'ava';
import type Redis from 'ioredis';
import { loadConfig } from '../../src/config';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { PROTO_LOADER_OPTIONS, PROTO_PATH } from '../../src/grpc/reservation-proto';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { redisReady } from '../../src/redis/redis-ready';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { reservationClient } from '../helpers/grpc-client';
import { createTestRedis } from '../helpers/redis';
import { startRedisServer } from '../helpers/redis-server';

// SPEC §1.9 against the running gRPC server, through a plain grpc-js client of the proto.

async function startServer(t: ExecutionContext, redis: Redis, env: Record<string, string> = {}) {
  const config = loadConfig({ GRPC_HOST: '127.0.0.1', GRPC_PORT: '0', ...env });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 60 });
  const role = await startGrpcRole({ config: config.grpc, wallet, redis, logger: createLogger('silent') });
  t.teardown(() => role.stop(1000));
  return { address: role.address!, wallet };
}

async function serverWithClient(t: ExecutionContext, env: Record<string, string> = {}, token?: string) {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startServer(t, store.redis, env);
  const client = reservationClient(server.address, { token });
  t.teardown(() => client.close());
  return { ...server, call: client.call };
}

const item = (i: number, fields: object = {}) => ({ request_id: `r${i}`, user_id: 'u1', game_id: 'g1', round_id: 'round', amount: '10', currency: 'EUR', ...fields });

test('ReserveBatch, ConfirmBatch and CancelBatch answer each item in its place: a reply, or the numeric status its unary call would give', async (t) => {
  const { wallet, call } = await serverWithClient(t);
  await wallet.topup({ userId: 'u1', gameId: 'g1', currency: 'EUR', amount: '25', comment: '' });
  const reserved = await call('ReserveBatch', {
    items: [item(1), item(2), item(3), item(1), item(1, { amount: '11' }), item(4, { amount: '0' }), item(5, { currency: 'eur' })],
  });
  t.falsy(reserved.error, 'the call itself is OK whenever the items were judged');
  const results = reserved.reply!.results as Array<{ reply?: Record<string, string>; error?: { code: number; message: string }; outcome: string }>;
  t.is(results.length, 7);
  t.like(results[0], { outcome: 'reply', reply: { status: 'reserved', available_balance: '15', reserved_balance: '10' } });
  t.like(results[1], { outcome: 'reply', reply: { status: 'reserved', available_balance: '5', reserved_balance: '20' } });
  t.like(results[2], { outcome: 'reply', reply: { status: 'rejected', reason: 'insufficient_funds', transaction_id: '', available_balance: '5', reserved_balance: '20' } });
  t.is(results[0]!.reply!.reason, '', 'a reserved item has no reason');
  t.deepEqual(results[3]!.reply, results[0]!.reply, 'a repeat in the same batch replays the first');
  t.deepEqual(results[4]!.error?.code, GrpcStatus.ALREADY_EXISTS);
  t.deepEqual(results[5]!.error?.code, GrpcStatus.INVALID_ARGUMENT);
  t.regex(results[5]!.error!.message, /^amount must be greater than 0/);
  t.deepEqual(results[6]!.error?.code, GrpcStatus.INVALID_ARGUMENT);
  t.regex(results[6]!.error!.message, /currency/);

  const [first, second] = [results[0]!.reply!.transaction_id!, results[1]!.reply!.transaction_id!];
  const confirmed = await call('ConfirmBatch', {
    items: [
      { request_id: 'c1', transaction_id: first, round_id: 'round', win_amount: '30' },
      { request_id: 'c2', transaction_id: first, round_id: 'other', win_amount: '0' },
      { request_id: 'c3', transaction_id: `${first.slice(0, -1)}x`, round_id: '', win_amount: '0' },
    ],
  });
  const confirmResults = confirmed.reply!.results as typeof results;
  t.like(confirmResults[0], { reply: { status: 'confirmed', available_balance: '35', reserved_balance: '10' } });
  t.is(confirmResults[1]!.error?.code, GrpcStatus.FAILED_PRECONDITION);
  t.is(confirmResults[2]!.error?.code, GrpcStatus.NOT_FOUND);
  const canceled = await call('CancelBatch', {
    items: [
      { request_id: 'x1', transaction_id: second, reason: 'round aborted' },
      { request_id: 'x2', transaction_id: first, reason: '' },
      { request_id: 'x3', transaction_id: second, reason: 'r'.repeat(257) },
    ],
  });
  const cancelResults = canceled.reply!.results as typeof results;
  t.like(cancelResults[0], { reply: { status: 'canceled', available_balance: '45', reserved_balance: '0' } });
  t.is(cancelResults[1]!.error?.code, GrpcStatus.FAILED_PRECONDITION);
  t.is(cancelResults[2]!.error?.code, GrpcStatus.INVALID_ARGUMENT);
  // The unary call with the same request_id is the same request.
  const unary = await call('Cancel', { request_id: 'x1', transaction_id: second, reason: 'round aborted' });
  t.deepEqual(unary.reply, cancelResults[0]!.reply);
});

test('a batch of 1000 items fits one call (GRPC_MAX_MESSAGE_BYTES); 0 or 1001 items fail the whole call with INVALID_ARGUMENT', async (t) => {
  const { wallet, call } = await serverWithClient(t);
  await wallet.topup({ userId: 'u1', gameId: 'g1', currency: 'EUR', amount: '100000', comment: '' });
  const long = (i: number) => item(i, { request_id: `${'q'.repeat(120)}${String(i).padStart(4, '0')}`, round_id: 'd'.repeat(128) });
  const full = await call('ReserveBatch', { items: Array.from({ length: 1000 }, (_, i) => long(i)) });
  t.falsy(full.error);
  t.is((full.reply!.results as unknown[]).length, 1000);
  for (const count of [0, 1001]) {
    const refused = await call('ReserveBatch', { items: Array.from({ length: count }, (_, i) => long(2000 + i)) });
    t.is(refused.error?.code, GrpcStatus.INVALID_ARGUMENT);
    t.regex(refused.error?.details ?? '', /items must hold 1 to 1000 items/);
  }
  t.like(await wallet.balance('u1', 'g1', 'EUR'), { availableBalance: '90000', reservedBalance: '10000' }, 'only the 1000 were applied');
});

test('batches need the caller token like the unary calls (UNAUTHENTICATED for the whole call, nothing applied)', async (t) => {
  const store = await createTestRedis('grpc');
  t.teardown(store.cleanup);
  const server = await startServer(t, store.redis, { GRPC_AUTH_TOKENS: 'secret' });
  await server.wallet.topup({ userId: 'u1', gameId: 'g1', currency: 'EUR', amount: '100', comment: '' });
  const stranger = reservationClient(server.address, { token: 'Bearer wrong' });
  const caller = reservationClient(server.address, { token: 'Bearer secret' });
  t.teardown(() => [stranger, caller].forEach((client) => client.close()));
  for (const method of ['ReserveBatch', 'ConfirmBatch', 'CancelBatch']) {
    t.is((await stranger.call(method, { items: [item(1)] })).error?.code, GrpcStatus.UNAUTHENTICATED, method);
  }
  t.like(await server.wallet.balance('u1', 'g1', 'EUR'), { availableBalance: '100' });
  t.like((await caller.call('ReserveBatch', { items: [item(1)] })).reply, { results: [{ reply: { status: 'reserved' } }] });
});

test('Redis unreachable fails the whole batch call with UNAVAILABLE', async (t) => {
  const server = await startRedisServer();
  const redis = createRedisClient({ url: server.url, role: 'grpc' });
  t.teardown(() => redis.disconnect());
  t.true(await redisReady(redis, 5000));
  const { call } = await (async () => {
    const started = await startServer(t, redis);
    const client = reservationClient(started.address);
    t.teardown(() => client.close());
    return { call: client.call };
  })();
  await server.stop();
  const result = await call('ReserveBatch', { items: [item(1), item(2)] });
  t.is(result.error?.code, GrpcStatus.UNAVAILABLE);
});

test('the seed\'s four methods and their messages are unchanged beside the batches and WatchLedger (field names, numbers, types); ReserveResponse only gains reason = 5 (SPEC §1.11, wire-compatible)', (t) => {
  const definition = loadSync(PROTO_PATH, PROTO_LOADER_OPTIONS) as unknown as Record<string, { type?: { field: Array<{ name: string; number: number; type: string }> } } & Record<string, { requestType: { type: { name: string } }; responseType: { type: { name: string } } }>>;
  const fields = (name: string) => definition[`reservation.${name}`]!.type!.field.map((f) => `${f.number}:${f.name}:${f.type}`);
  t.deepEqual(fields('ReserveRequest'), ['1:request_id:TYPE_STRING', '2:user_id:TYPE_STRING', '3:game_id:TYPE_STRING', '4:round_id:TYPE_STRING', '5:amount:TYPE_INT64', '6:currency:TYPE_STRING']);
  t.deepEqual(fields('ConfirmRequest'), ['1:request_id:TYPE_STRING', '2:transaction_id:TYPE_STRING', '3:round_id:TYPE_STRING', '4:win_amount:TYPE_INT64']);
  t.deepEqual(fields('CancelRequest'), ['1:request_id:TYPE_STRING', '2:transaction_id:TYPE_STRING', '3:reason:TYPE_STRING']);
  t.deepEqual(fields('GetTransactionRequest'), ['1:transaction_id:TYPE_STRING']);
  const seedReply = ['1:transaction_id:TYPE_STRING', '2:status:TYPE_STRING', '3:available_balance:TYPE_INT64', '4:reserved_balance:TYPE_INT64'];
  t.deepEqual(fields('ReserveResponse'), [...seedReply, '5:reason:TYPE_STRING']);
  for (const reply of ['ConfirmResponse', 'CancelResponse']) t.deepEqual(fields(reply), seedReply);
  t.deepEqual(fields('GetTransactionResponse'), ['1:transaction_id:TYPE_STRING', '2:user_id:TYPE_STRING', '3:round_id:TYPE_STRING', '4:amount:TYPE_INT64', '5:win_amount:TYPE_INT64', '6:status:TYPE_STRING']);
  const service = definition['reservation.ReservationService'] as unknown as Record<string, { path: string }>;
  t.deepEqual(Object.values(service).map((method) => method.path).sort(), [
    '/reservation.ReservationService/Cancel', '/reservation.ReservationService/CancelBatch', '/reservation.ReservationService/Confirm',
    '/reservation.ReservationService/ConfirmBatch', '/reservation.ReservationService/GetTransaction', '/reservation.ReservationService/Reserve',
    '/reservation.ReservationService/ReserveBatch', '/reservation.ReservationService/WatchLedger',
  ]);
  t.deepEqual(fields('WatchLedgerRequest'), ['1:after_sequence:TYPE_UINT64', '2:game_id:TYPE_STRING', '3:user_id:TYPE_STRING']);
});

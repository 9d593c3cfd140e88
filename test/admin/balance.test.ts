import anyTest, { type TestFn } from 'ava';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { createLogger } from '../../src/logging/logger';
import { waitUntil } from '../../src/local-services/process-tools';
import { createTestApi, type TestApi } from '../helpers/api';
import { reservationClient } from '../helpers/grpc-client';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

const test = anyTest as TestFn<{ api: TestApi }>;
test.beforeEach(async (t) => {
  t.context.api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
});
test.afterEach.always(async (t) => {
  await t.context.api?.close();
});

async function userGame(api: TestApi) {
  const game = (await api.request('POST', '/api/games', { token: api.users.admin.token, body: { name: 'Slots', slug: `slots-${Date.now()}` } })).body;
  return (await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: api.users.admin.token, body: { game_id: game.id } })).body as { id: number; user_id: number; game_id: number };
}

const topup = (api: TestApi, ugId: number, body: unknown, key?: string) =>
  api.request('POST', `/api/user-games/${ugId}/topup`, { token: api.users.admin.token, body, headers: key ? { 'idempotency-key': key } : {} });

test('a top-up is spent by a gRPC Reserve at once, and the ledger lists the top-up and the gRPC moves newest first', async (t) => {
  const { api } = t.context;
  const ug = await userGame(api);
  const credited = await topup(api, ug.id, { amount: 1000, comment: 'welcome' });
  t.is(credited.status, 201);
  t.like(credited.body, { user_game_id: ug.id, amount: 1000, currency: 'EUR', comment: 'welcome', available_balance: 1000, reserved_balance: 0 });
  t.true(Number.isSafeInteger(credited.body.id));

  const grpcConfig = { ...api.config.grpc, host: '127.0.0.1', port: 0 };
  const grpcRole = await startGrpcRole({ config: grpcConfig, wallet: api.engine.wallet, redis: api.redis.redis, logger: createLogger('silent') });
  const worker = await startTestWorker(api);
  t.teardown(async () => {
    await grpcRole.stop(1000);
    await worker.stop();
  });
  const grpc = reservationClient(grpcRole.address!);
  t.teardown(() => grpc.close());
  const ids = { user_id: String(ug.user_id), game_id: String(ug.game_id), currency: 'EUR' };
  const reserved = await grpc.call('Reserve', { ...ids, request_id: 'r1', round_id: 'spin-1', amount: '300' });
  t.like(reserved.reply, { status: 'reserved', available_balance: '700', reserved_balance: '300' });
  const transactionId = reserved.reply!.transaction_id as string;
  await grpc.call('Confirm', { request_id: 'c1', transaction_id: transactionId, round_id: 'spin-1', win_amount: '50' });
  const second = await grpc.call('Reserve', { ...ids, request_id: 'r2', round_id: 'spin-2', amount: '100' });
  await grpc.call('Cancel', { request_id: 'x1', transaction_id: second.reply!.transaction_id, reason: 'lag' });

  const balance = await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.user.token });
  t.deepEqual(balance.body, [{ currency: 'EUR', available_balance: 750, reserved_balance: 0 }]);

  let ledger: Array<Record<string, unknown>> = [];
  await waitUntil('the ledger', async () => {
    ledger = (await api.request('GET', `/api/user-games/${ug.id}/transactions`, { token: api.users.user.token })).body;
    return ledger.length === 5;
  }, 15000);
  t.deepEqual(ledger.map((row) => [row.kind, row.amount, row.available_balance, row.reserved_balance]), [
    ['cancel', 100, 750, 0],
    ['reserve', 100, 650, 100],
    ['confirm', 300, 750, 0],
    ['reserve', 300, 700, 300],
    ['topup', 1000, 1000, 0],
  ]);
  t.like(ledger[2], { transaction_id: transactionId, round_id: 'spin-1', win_amount: 50, currency: 'EUR' });
  t.like(ledger[4], { comment: 'welcome', transaction_id: null });
  t.deepEqual(Object.keys(ledger[0]!).sort(), [
    'amount', 'available_balance', 'comment', 'created_at', 'currency', 'id', 'kind', 'reserved_balance', 'round_id', 'transaction_id', 'win_amount',
  ]);
  const page = await api.request('GET', `/api/user-games/${ug.id}/transactions?limit=2&offset=1`, { token: api.users.admin.token });
  t.deepEqual(page.body.map((row: { kind: string }) => row.kind), ['reserve', 'confirm']);
  for (const query of ['limit=0', 'limit=1001', 'offset=x']) {
    t.is((await api.request('GET', `/api/user-games/${ug.id}/transactions?${query}`, { token: api.users.admin.token })).status, 400);
  }
});

test('Idempotency-Key: a repeat returns the first reply and credits once; the same key with another body is 409', async (t) => {
  const { api } = t.context;
  const ug = await userGame(api);
  const first = await topup(api, ug.id, { amount: 100, comment: 'bonus' }, 'key-1');
  const again = await topup(api, ug.id, { amount: 100, comment: 'bonus' }, 'key-1');
  t.is(again.status, 201);
  t.deepEqual(again.body, first.body);
  const conflict = await topup(api, ug.id, { amount: 101, comment: 'bonus' }, 'key-1');
  t.is(conflict.status, 409);
  t.is(conflict.body.code, 'conflict');
  const balance = await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.admin.token });
  t.deepEqual(balance.body, [{ currency: 'EUR', available_balance: 100, reserved_balance: 0 }]);
});

test('top-up rules: amount a whole number 1..2^53-1, comment up to 255, currency of 3 letters; past 2^53-1 is 409; unknown user-game 404', async (t) => {
  const { api } = t.context;
  const ug = await userGame(api);
  for (const body of [{ amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '100' }, { amount: 9007199254740992 }, {}, { amount: 1, comment: 'x'.repeat(256) }, { amount: 1, currency: 'usd' }]) {
    const reply = await topup(api, ug.id, body);
    t.is(reply.status, 400, JSON.stringify(body));
    t.is(reply.body.code, 'validation_failed');
  }
  t.like((await topup(api, ug.id, { amount: 9007199254740991, currency: 'USD' })).body, { available_balance: 9007199254740991, currency: 'USD' });
  const over = await topup(api, ug.id, { amount: 1, currency: 'USD' });
  t.is(over.status, 409);
  t.is((await topup(api, 987654, { amount: 1 })).status, 404);
  t.is((await topup(api, 987654, { amount: 0 })).status, 404, '404 before 400');
  const balances = await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.admin.token });
  t.deepEqual(balances.body, [{ currency: 'USD', available_balance: 9007199254740991, reserved_balance: 0 }]);
});

test('the balance of a user-game never topped up is the default currency at 0', async (t) => {
  const { api } = t.context;
  const ug = await userGame(api);
  t.deepEqual((await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.user.token })).body, [
    { currency: 'EUR', available_balance: 0, reserved_balance: 0 },
  ]);
});

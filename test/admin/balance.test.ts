import anyTest, { type TestFn } from 'ava';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { createLogger } from '../../src/logging/logger';
import { waitUntil } from '../../src/local-services/process-tools';
import { lastMoveAt, nextWalletCurrency } from '../../src/records/ledger-reads';
import { createTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
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

  // History (SPEC §1.11): filters, keyset paging that later moves do not shift, balances at an instant.
  const history = async (query: string) => (await api.request('GET', `/api/user-games/${ug.id}/transactions?${query}`, { token: api.users.user.token })).body;
  const kinds = (rows: Array<{ kind: string; amount: number }>) => rows.map((row) => `${row.kind} ${row.amount}`);
  t.deepEqual(kinds(await history('kind=reserve')), ['reserve 100', 'reserve 300']);
  t.deepEqual(kinds(await history('round_id=spin-1')), ['confirm 300', 'reserve 300']);
  t.deepEqual(kinds(await history(`after_id=${ledger[1]!.id}`)), ['confirm 300', 'reserve 300', 'topup 1000']);
  t.deepEqual(kinds(await history(`after_id=${ledger[1]!.id}&limit=1`)), ['confirm 300']);
  t.deepEqual(await history('since=2999-01-01T00:00:00Z'), []);
  t.deepEqual(await history('until=2000-01-01T00:00:00Z'), []);
  t.is((await history(`since=${encodeURIComponent(String(ledger[0]!.created_at))}`)).length >= 1, true);
  await topup(api, ug.id, { amount: 5 });
  await waitUntil('the sixth move', async () => (await history('')).length === 6, 15000);
  t.deepEqual(kinds(await history(`after_id=${ledger[1]!.id}`)), ['confirm 300', 'reserve 300', 'topup 1000'], 'a move added since does not shift the next page');
  const refused = await api.request('GET', `/api/user-games/${ug.id}/transactions?kind=bet&since=yesterday&after_id=999999999`, { token: api.users.user.token });
  t.is(refused.status, 400);
  t.deepEqual(refused.body.errors.map((e: { path: string }) => e.path).sort(), ['kind', 'since']);
  t.like((await api.request('GET', `/api/user-games/${ug.id}/transactions?after_id=999999999`, { token: api.users.user.token })).body, { status: 400, errors: [{ path: 'after_id' }] });
  const inGraphql = await gql(api, `{ transactions(user_game_id: ${ug.id}, kind: "reserve", after_id: ${ledger[1]!.id}) { kind amount } }`, { token: api.users.user.token });
  t.deepEqual(inGraphql.body.data.transactions, [{ kind: 'reserve', amount: '300' }]);

  // The balances at each move's time are those of the last move at or before it, in ledger order.
  const all = ((await history('')) as Array<{ created_at: string; available_balance: number; reserved_balance: number }>).reverse();
  const at = async (instant: string) => (await api.request('GET', `/api/user-games/${ug.id}/balance?at=${encodeURIComponent(instant)}`, { token: api.users.user.token })).body;
  for (const move of all) {
    const then = all.filter((other) => other.created_at <= move.created_at).at(-1)!;
    t.deepEqual(await at(move.created_at), [{ currency: 'EUR', available_balance: then.available_balance, reserved_balance: then.reserved_balance }], move.created_at);
  }
  t.deepEqual(await at(new Date(Date.parse(all[0]!.created_at) - 1).toISOString()), [], 'nothing before the first move');
  t.deepEqual(await at(new Date().toISOString()), (await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.user.token })).body, 'now: the engine\'s balances');
  t.like((await api.request('GET', `/api/user-games/${ug.id}/balance?at=soon`, { token: api.users.user.token })).body, { status: 400, errors: [{ path: 'at' }] });
  const atInGraphql = await gql(api, `{ balances(user_game_id: ${ug.id}, at: "${all[0]!.created_at}") { currency available_balance } }`, { token: api.users.user.token });
  t.deepEqual(atInGraphql.body.data.balances, [{ currency: 'EUR', available_balance: '1000' }]);
});

test('the balances at an instant read a wallet-currency-time index, not the wallet\'s moves', async (t) => {
  const { api } = t.context;
  const query = lastMoveAt(api.database.db, '1', '1', 'EUR', new Date()).toSQL().toNative();
  const [plan] = (await api.database.db.raw(`EXPLAIN ${query.sql}`, query.bindings as never[]))[0] as Array<{ key: string | null; Extra: string }>;
  t.is(plan!.key, 'ledger_wallet_currency_time');
  t.notRegex(plan!.Extra ?? '', /filesort/i, 'the index gives the order: the newest move first, no sort');
  const currency = nextWalletCurrency(api.database.db, '1', '1', 'EUR').toSQL().toNative();
  const [seek] = (await api.database.db.raw(`EXPLAIN ${currency.sql}`, currency.bindings as never[]))[0] as Array<{ key: string | null; Extra: string }>;
  t.is(seek!.key, 'ledger_wallet_currency_time');
  t.notRegex(seek!.Extra ?? '', /filesort|temporary/i, 'the next currency is one seek of the index');
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

test('a top-up whose audit entry MySQL refuses after the credit answers 201 (credited once, no retry needed), and the entry follows from the sync', async (t) => {
  // Before: a 500 with the money credited, a retry without a key credited again, and with a key the
  // replay answered 201 while the entry never came to exist.
  const { api } = t.context;
  const ug = await userGame(api);
  await api.database.db.raw(`CREATE TRIGGER refuse_topup_audit BEFORE INSERT ON audit_log FOR EACH ROW
    BEGIN IF NEW.action = 'user_game.topup' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF; END`);
  const first = await topup(api, ug.id, { amount: 700, comment: 'no key' });
  t.is(first.status, 201, JSON.stringify(first.body));
  const keyed = await topup(api, ug.id, { amount: 50, comment: 'keyed' }, `k-${ug.id}`);
  t.is(keyed.status, 201);
  const audit = async () => (await api.request('GET', `/api/audit?action=user_game.topup&target_id=${ug.id}`, { token: api.users.admin.token })).body as Array<Record<string, unknown>>;
  t.deepEqual(await audit(), []);
  await api.database.db.raw('DROP TRIGGER refuse_topup_audit');

  // The replay of the keyed one repairs its entry; the sync writes the other (and adds nothing twice).
  t.deepEqual((await topup(api, ug.id, { amount: 50, comment: 'keyed' }, `k-${ug.id}`)).body, keyed.body);
  t.is((await audit()).length, 1);
  const worker = await startTestWorker(api);
  t.teardown(() => worker.stop());
  await waitUntil('both entries', async () => (await audit()).length === 2, 20_000);
  await waitUntil('the ledger', async () => (await api.database.db('ledger_entries').where({ kind: 'topup' }).count({ n: '*' }))[0]!.n === 2, 20_000);
  const entries = await audit();
  t.is(entries.length, 2);
  const byComment = new Map(entries.map((entry) => [(entry.changes as { comment: [null, string] }).comment[1], entry]));
  t.like(byComment.get('no key'), { actor_user_id: api.users.admin.id, actor_role: 'admin', target_type: 'user_game', target_id: String(ug.id), game_id: ug.game_id });
  t.like(byComment.get('no key')!.changes, { amount: [null, 700], topup_id: [null, String(first.body.id)] });
  t.truthy(byComment.get('no key')!.request_id);
  const balance = await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.admin.token });
  t.like(balance.body, [{ currency: 'EUR', available_balance: 750 }]);
});

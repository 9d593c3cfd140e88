import anyTest, { type TestFn } from 'ava';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import Redis from 'ioredis';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createUnitOfWork } from '../../src/admin/unit-of-work';
import { createWalletControlsService } from '../../src/admin/wallet-controls/wallet-controls-service';
import { createTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { reservationClient } from '../helpers/grpc-client';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

// SPEC §1.11 from outside: currencies, freezes and limits set through REST and GraphQL, felt by the
// engine's gRPC Reserve at once, audited.
// The sync runs, as in production: a wallet's first loss limit counts the ledger's earlier losses, and
// refuses every Reserve until it has (SPEC §1.11).
const test = anyTest as TestFn<{ api: TestApi; grpc: ReturnType<typeof reservationClient>; role: RunningRole; worker: { stop(): Promise<void> } }>;
test.beforeEach(async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
  const role = await startGrpcRole({ config: { ...api.config.grpc, host: '127.0.0.1', port: 0 }, wallet: api.engine.wallet, redis: api.redis.redis, logger: createLogger('silent') });
  t.context = { api, role, grpc: reservationClient(role.address!), worker: await startTestWorker(api) };
});
test.afterEach.always(async (t) => {
  t.context.grpc?.close();
  await t.context.worker?.stop();
  await t.context.role?.stop(1000);
  await t.context.api?.close();
});

const as = (api: TestApi, who: 'admin' | 'moderator' | 'user' | 'other') => ({ token: api.users[who].token });

async function fundedUserGame(api: TestApi, amount = 1000, currency = 'EUR') {
  const game = (await api.request('POST', '/api/games', { ...as(api, 'admin'), body: { name: 'Slots', slug: `slots-${Date.now()}-${Math.random()}` } })).body;
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { ...as(api, 'admin'), body: { game_id: game.id } })).body as { id: number; user_id: number; game_id: number };
  const credited = await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...as(api, 'admin'), body: { amount, currency } });
  if (credited.status !== 201) throw new Error(`top-up: ${credited.status}`);
  return ug;
}

const reserveOn = (grpc: ReturnType<typeof reservationClient>, ug: { user_id: number; game_id: number }, requestId: string, amount: number, currency = 'EUR') =>
  grpc.call('Reserve', { user_id: String(ug.user_id), game_id: String(ug.game_id), currency, request_id: requestId, round_id: 'r', amount: String(amount) });

test('currencies: seeded from ISO 4217 with their minor units; admins add, disable and enable; a disabled one refuses top-ups and Reserves naming currency', async (t) => {
  const { api, grpc } = t.context;
  const listed = await api.request('GET', '/api/currencies', as(api, 'user'));
  t.is(listed.status, 200);
  const byCode = new Map((listed.body as Array<{ code: string; exponent: number; enabled: boolean }>).map((c) => [c.code, c]));
  t.deepEqual([byCode.get('EUR'), byCode.get('JPY'), byCode.get('KWD')], [
    { code: 'EUR', exponent: 2, enabled: true }, { code: 'JPY', exponent: 0, enabled: true }, { code: 'KWD', exponent: 3, enabled: true },
  ]);
  t.true(Number(listed.headers.get('x-total-count')) > 150);

  t.is((await api.request('POST', '/api/currencies', { ...as(api, 'moderator'), body: { code: 'XGC', exponent: 2 } })).status, 403);
  const bad = await api.request('POST', '/api/currencies', { ...as(api, 'admin'), body: { code: 'gc', exponent: 9 } });
  t.is(bad.status, 400);
  t.deepEqual([...new Set(bad.body.errors.map((e: { path: string }) => e.path))].sort(), ['code', 'exponent']);
  const made = await api.request('POST', '/api/currencies', { ...as(api, 'admin'), body: { code: 'XGC', exponent: 4 } });
  t.is(made.status, 201);
  t.deepEqual(made.body, { code: 'XGC', exponent: 4, enabled: true });
  const again = await api.request('POST', '/api/currencies', { ...as(api, 'admin'), body: { code: 'XGC', exponent: 4 } });
  t.is(again.status, 409);

  const ug = await fundedUserGame(api, 500, 'JPY');
  const open = await reserveOn(grpc, ug, 'before', 100, 'JPY');
  t.like(open.reply, { status: 'reserved' });
  const keyed = { ...as(api, 'admin'), body: { amount: 7, currency: 'JPY' }, headers: { 'Idempotency-Key': 'paid-before-the-disable' } };
  const first = await api.request('POST', `/api/user-games/${ug.id}/topup`, keyed);
  t.is(first.status, 201);
  const disabled = await api.request('PATCH', '/api/currencies/JPY', { ...as(api, 'admin'), body: { enabled: false } });
  t.deepEqual(disabled.body, { code: 'JPY', exponent: 0, enabled: false });

  const topup = await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...as(api, 'admin'), body: { amount: 1, currency: 'JPY' } });
  t.is(topup.status, 400);
  t.is(topup.body.errors[0].path, 'currency');
  const repeated = await api.request('POST', `/api/user-games/${ug.id}/topup`, keyed);
  t.is(repeated.status, first.status, 'a keyed top-up repeated after the disable replays its first reply (SPEC §1.11: the replay comes first)');
  t.deepEqual(repeated.body, first.body);
  const refused = await reserveOn(grpc, ug, 'after', 10, 'JPY');
  t.is(refused.error?.code, 3); // INVALID_ARGUMENT
  t.regex(refused.error?.details ?? '', /currency JPY is not an enabled currency/);
  t.like((await reserveOn(grpc, ug, 'before', 100, 'JPY')).reply, { status: 'reserved', transaction_id: open.reply!.transaction_id }, 'a repeat replays its first reply');
  const settled = await grpc.call('Confirm', { request_id: 'c', transaction_id: open.reply!.transaction_id, round_id: '', win_amount: '40' });
  t.like(settled.reply, { status: 'confirmed', available_balance: '447', reserved_balance: '0' });

  const viaGraphql = await gql(api, 'mutation { updateCurrency(code: "JPY", input: { enabled: true }) { code enabled } }', as(api, 'admin'));
  t.deepEqual(viaGraphql.body.data.updateCurrency, { code: 'JPY', enabled: true });
  t.like((await reserveOn(grpc, ug, 'enabled-again', 10, 'JPY')).reply, { status: 'reserved' });
  const audit = (await api.request('GET', '/api/audit?target_type=currency', as(api, 'admin'))).body as Array<{ action: string; target_id: string }>;
  t.deepEqual(audit.map((entry) => [entry.action, entry.target_id]), [['currency.update', 'JPY'], ['currency.update', 'JPY'], ['currency.create', 'XGC']]);
});

test('freeze: a frozen user-game\'s Reserves are rejected (reason frozen) right after the 2xx, settlements and top-ups work, unfreeze reopens; audited', async (t) => {
  const { api, grpc } = t.context;
  const ug = await fundedUserGame(api);
  const open = await reserveOn(grpc, ug, 'open', 100);

  t.is((await api.request('POST', `/api/user-games/${ug.id}/freeze`, { ...as(api, 'moderator'), body: { reason: 'x' } })).status, 403);
  const missing = await api.request('POST', `/api/user-games/${ug.id}/freeze`, { ...as(api, 'admin'), body: {} });
  t.is(missing.status, 400);
  t.is(missing.body.errors[0].path, 'reason');
  const frozen = await api.request('POST', `/api/user-games/${ug.id}/freeze`, { ...as(api, 'admin'), body: { reason: 'chargeback review' } });
  t.is(frozen.status, 200);
  t.like(frozen.body, { frozen: true, user: { frozen: false }, user_game: { frozen: true, reason: 'chargeback review' } });

  t.like((await reserveOn(grpc, ug, 'new', 10)).reply, { status: 'rejected', reason: 'frozen', available_balance: '900' });
  t.like((await grpc.call('Confirm', { request_id: 'c', transaction_id: open.reply!.transaction_id, round_id: '', win_amount: '0' })).reply, { status: 'confirmed' });
  t.is((await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...as(api, 'admin'), body: { amount: 5 } })).status, 201);
  t.like((await api.request('GET', `/api/user-games/${ug.id}/freeze`, as(api, 'user'))).body, { frozen: true });
  t.is((await api.request('GET', `/api/user-games/${ug.id}/freeze`, as(api, 'other'))).status, 403);

  t.is((await api.request('DELETE', `/api/user-games/${ug.id}/freeze`, as(api, 'admin'))).status, 204);
  t.like((await reserveOn(grpc, ug, 'reopened', 10)).reply, { status: 'reserved', reason: '' });
  const audit = (await api.request('GET', `/api/audit?target_type=user_game&target_id=${ug.id}`, as(api, 'admin'))).body as Array<{ action: string; changes: unknown; target_name: string }>;
  t.deepEqual(audit.filter((entry) => entry.action.includes('freeze')).map((entry) => [entry.action, entry.changes, entry.target_name]), [
    ['user_game.unfreeze', { reason: ['chargeback review', null] }, 'uma_user'],
    ['user_game.freeze', { reason: [null, 'chargeback review'] }, 'uma_user'],
  ]);
});

test('freeze: a frozen user refuses Reserves in every game, through GraphQL as through REST', async (t) => {
  const { api, grpc } = t.context;
  const first = await fundedUserGame(api);
  const second = await fundedUserGame(api);
  const frozen = await gql(api, `mutation { freezeUser(user_id: ${api.users.user.id}, input: { reason: "self-exclusion" }) { frozen reason } }`, as(api, 'admin'));
  t.deepEqual(frozen.body.data.freezeUser, { frozen: true, reason: 'self-exclusion' });
  for (const ug of [first, second]) t.like((await reserveOn(grpc, ug, `r-${ug.id}`, 1)).reply, { status: 'rejected', reason: 'frozen' });
  t.like((await api.request('GET', `/api/user-games/${second.id}/freeze`, as(api, 'admin'))).body, { frozen: true, user: { reason: 'self-exclusion' }, user_game: { frozen: false } });
  t.like((await api.request('GET', `/api/users/${api.users.user.id}/freeze`, as(api, 'user'))).body, { frozen: true, reason: 'self-exclusion' });
  t.is((await api.request('DELETE', `/api/users/${api.users.user.id}/freeze`, as(api, 'admin'))).status, 204);
  for (const ug of [first, second]) t.like((await reserveOn(grpc, ug, `again-${ug.id}`, 1)).reply, { status: 'reserved' });
});

test('limits: staff set them per currency; a decrease holds at once, an increase is pending; Reserve refuses with max_bet and loss_limit; GET shows the net loss', async (t) => {
  const { api, grpc } = t.context;
  const ug = await fundedUserGame(api, 10_000);
  const put = (body: unknown, who: 'admin' | 'moderator' | 'user' = 'moderator') => api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...as(api, who), body });

  t.is((await put({ currency: 'EUR', max_bet: 100 }, 'user')).status, 403);
  const invalid = await put({ currency: 'EUR', max_bet: 0, loss_limit: 10 });
  t.is(invalid.status, 400);
  t.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path).sort(), ['loss_period', 'max_bet']);
  t.like((await put({ currency: 'ZZZ', max_bet: 5 })).body, { status: 400, errors: [{ path: 'currency' }] });

  const set = await put({ currency: 'EUR', max_bet: 100, loss_limit: 150, loss_period: 'day' });
  t.is(set.status, 200);
  t.deepEqual(set.body, { currency: 'EUR', max_bet: 100, loss_limit: 150, loss_period: 'day', pending: null, net_loss: 0 });
  t.like((await reserveOn(grpc, ug, 'big', 101)).reply, { status: 'rejected', reason: 'max_bet' });
  const bet = await reserveOn(grpc, ug, 'bet', 100);
  await grpc.call('Confirm', { request_id: 'c', transaction_id: bet.reply!.transaction_id, round_id: '', win_amount: '20' });
  t.like((await reserveOn(grpc, ug, 'over', 71)).reply, { status: 'rejected', reason: 'loss_limit' });

  const raised = await put({ currency: 'EUR', max_bet: 500, loss_limit: 150, loss_period: 'day' });
  t.like(raised.body, { max_bet: 100, pending: { max_bet: 500, loss_limit: 150, loss_period: 'day' }, net_loss: 80 });
  const effectiveAt = Date.parse(raised.body.pending.effective_at);
  t.true(Math.abs(effectiveAt - (Date.now() + 86_400_000)) < 60_000, 'after LIMIT_RAISE_DELAY_S (a day by default)');
  const listed = await api.request('GET', `/api/user-games/${ug.id}/limits`, as(api, 'user'));
  t.deepEqual(listed.body, [raised.body]);

  const viaGraphql = await gql(api, `mutation { setWalletLimits(user_game_id: ${ug.id}, input: { currency: "EUR", max_bet: 50, loss_limit: 150, loss_period: "day" }) { max_bet pending { max_bet } net_loss } }`, as(api, 'admin'));
  t.deepEqual(viaGraphql.body.data.setWalletLimits, { max_bet: '50', pending: null, net_loss: '80' }, 'a decrease applies and cancels the pending increase');
  const read = await gql(api, `{ walletLimits(user_game_id: ${ug.id}) { currency max_bet loss_limit loss_period } }`, as(api, 'user'));
  t.deepEqual(read.body.data.walletLimits, [{ currency: 'EUR', max_bet: '50', loss_limit: '150', loss_period: 'day' }]); // Money: decimal strings in GraphQL
  const audit = (await api.request('GET', `/api/audit?action=user_game.limits&target_id=${ug.id}`, as(api, 'admin'))).body as Array<{ changes: Record<string, unknown> }>;
  t.is(audit.length, 3);
  t.deepEqual(audit[2]!.changes, { currency: ['EUR', 'EUR'], max_bet: [null, 100], loss_limit: [null, 150], loss_period: [null, 'day'] });
  t.deepEqual(audit[1]!.changes, { currency: ['EUR', 'EUR'], max_bet: [100, 500], waits_until: [null, raised.body.pending.effective_at] }, 'a raise says that it waits, and until when');
  t.false('waits_until' in audit[0]!.changes, 'a decrease holds at once');
});

test('limits: Reserves racing on two gRPC servers (each its own Redis connection) never pass a loss limit together', async (t) => {
  const { api, grpc } = t.context;
  const redis = createRedisClient({ url: api.config.redis.url, keyPrefix: api.config.redis.keyPrefix, role: 'grpc' });
  const otherWallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  const other = await startGrpcRole({ config: { ...api.config.grpc, host: '127.0.0.1', port: 0 }, wallet: otherWallet, redis, logger: createLogger('silent') });
  const otherClient = reservationClient(other.address!);
  t.teardown(async () => {
    otherClient.close();
    await other.stop(1000);
    redis.disconnect();
  });
  const ug = await fundedUserGame(api, 100_000);
  t.is((await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...as(api, 'moderator'), body: { currency: 'EUR', loss_limit: 1000, loss_period: 'month' } })).status, 200);
  const replies = await Promise.all(Array.from({ length: 160 }, (_, i) => reserveOn(i % 2 === 0 ? grpc : otherClient, ug, `race-${i}`, 10)));
  const statuses = replies.map((r) => (r.reply ? `${r.reply.status}:${r.reply.reason}` : `error ${r.error?.code}`));
  t.is(statuses.filter((s) => s === 'reserved:').length, 100);
  t.is(statuses.filter((s) => s === 'rejected:loss_limit').length, 60);
  t.deepEqual((await api.request('GET', `/api/user-games/${ug.id}/balance`, as(api, 'admin'))).body, [{ currency: 'EUR', available_balance: 99_000, reserved_balance: 1000 }]);
});

test('racing freezes and unfreezes of one target, and racing PUTs of limits, leave MySQL saying what Redis enforces (review item 16)', async (t) => {
  const { api, grpc } = t.context;
  const ug = await fundedUserGame(api, 100_000);
  const admin = as(api, 'admin');
  for (let round = 0; round < 15; round += 1) {
    await Promise.all([
      api.request('POST', `/api/user-games/${ug.id}/freeze`, { ...admin, body: { reason: `r${round}` } }),
      api.request('DELETE', `/api/user-games/${ug.id}/freeze`, admin),
      api.request('POST', `/api/user-games/${ug.id}/freeze`, { ...admin, body: { reason: `s${round}` } }),
    ]);
    const stored = (await api.request('GET', `/api/user-games/${ug.id}/freeze`, admin)).body.user_game.frozen as boolean;
    const reply = (await reserveOn(grpc, ug, `race-${round}`, 1)).reply!;
    t.is(reply.reason === 'frozen', stored, `round ${round}: MySQL says ${stored ? 'frozen' : 'open'}, Redis ${reply.status} ${reply.reason}`);
    if (reply.status === 'reserved') await grpc.call('Cancel', { request_id: `undo-${round}`, transaction_id: reply.transaction_id, reason: '' });
  }
  await api.request('DELETE', `/api/user-games/${ug.id}/freeze`, admin);

  for (let round = 0; round < 15; round += 1) {
    const values = [1000 - round * 20, 990 - round * 20];
    await Promise.all(values.map((max_bet) => api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin, body: { currency: 'EUR', max_bet } })));
    const live = (await api.engine.wallet.limits(String(ug.user_id), String(ug.game_id), 'EUR'))!;
    const row = (await api.database.db('wallet_limits').where({ user_game_id: ug.id, currency: 'EUR' }).first()) as { max_bet: number | string | null; pending_max_bet: number | string | null };
    t.deepEqual([Number(row.max_bet), row.pending_max_bet === null ? null : Number(row.pending_max_bet)], [live.maxBet, live.pending?.maxBet ?? null], `round ${round}`);
  }
});

test('a freeze whose Redis write fails leaves no MySQL row and no audit entry (the write is refused whole)', async (t) => {
  const { api } = t.context;
  const ug = await fundedUserGame(api);
  // The same services over an engine whose Redis does not answer (nothing listens on its port).
  const unreachable = new Redis({ host: '127.0.0.1', port: 1, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
  t.teardown(() => unreachable.disconnect());
  unreachable.on('error', () => undefined);
  const controls = createWalletControlsService({
    store: createUnitOfWork(api.database.db, []), wallet: createWalletService({ store: createWalletStore(unreachable), idempotencyTtlS: 3600 }),
    users: api.services.users, connections: api.services.connections,
  });
  await t.throwsAsync(controls.freezeUserGame(COMMAND_ACTOR, ug.id, { reason: 'review' }));
  await t.throwsAsync(controls.freezeUser(COMMAND_ACTOR, ug.user_id, { reason: 'review' }));
  t.like((await api.request('GET', `/api/user-games/${ug.id}/freeze`, as(api, 'admin'))).body, { frozen: false, user: { frozen: false }, user_game: { frozen: false } });
  const audit = (await api.request('GET', `/api/audit?target_type=user_game&target_id=${ug.id}`, as(api, 'admin'))).body as Array<{ action: string }>;
  t.false(audit.some((entry) => entry.action.endsWith('.freeze')), JSON.stringify(audit));
  t.is((await api.request('GET', `/api/audit?action=user.freeze&target_id=${ug.user_id}`, as(api, 'admin'))).body.length, 0);
});

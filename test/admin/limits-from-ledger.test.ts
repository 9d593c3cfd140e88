import anyTest, { type TestFn } from 'ava';
import { createTestApi, type TestApi } from '../helpers/api';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';
import { until } from '../helpers/until';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createUnitOfWork } from '../../src/admin/unit-of-work';
import { createWalletControlsService } from '../../src/admin/wallet-controls/wallet-controls-service';
import { createLimitSeeds } from '../../src/admin/wallet-controls/limit-seeds';
import { deleteMatching } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';
import { restoreFromLedger } from '../../src/sync/restore';
import { createLogger } from '../../src/logging/logger';

// SPEC §1.11: a loss limit's net loss is everything confirmed in its period, also before the limit was
// set (review item 5), counted per period (a week's or a month's figure, not the day's). The engine's
// clock is injected: moves are made on earlier days of the week, then the limit is set.
let now = Date.parse('2026-12-07T09:00:00.000Z'); // a Monday
const test = (anyTest as TestFn<{ api: TestApi; worker: { stop(): Promise<void> } }>).serial; // the tests share the clock
test.beforeEach(async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() }, { engineClock: () => now });
  t.context = { api, worker: await startTestWorker(api) };
});
test.afterEach.always(async (t) => {
  await t.context.worker?.stop();
  await t.context.api?.close();
});

const admin = (api: TestApi) => ({ token: api.users.admin.token });
let n = 0;
async function wallet(api: TestApi, amount: number) {
  const game = (await api.request('POST', '/api/games', { ...admin(api), body: { name: 'Slots', slug: `ledger-limits-${process.pid}-${(n += 1)}` } })).body;
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { ...admin(api), body: { game_id: game.id } })).body as { id: number; user_id: number; game_id: number };
  await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...admin(api), body: { amount, currency: 'EUR' } });
  return { ug, target: { userId: String(ug.user_id), gameId: String(ug.game_id), currency: 'EUR' } };
}
async function lose(api: TestApi, target: { userId: string; gameId: string; currency: string }, amount: number, win = 0) {
  const reserved = await api.engine.wallet.reserve({ ...target, requestId: `r${(n += 1)}`, roundId: `round-${n}`, amount: String(amount) });
  await api.engine.wallet.confirm({ requestId: `c${n}`, transactionId: reserved.transactionId, roundId: '', winAmount: String(win) });
}
const limitsOf = async (api: TestApi, ugId: number) => (await api.request('GET', `/api/user-games/${ugId}/limits`, admin(api))).body[0];

test('a loss limit set after losses in its period counts them: top up, lose 5000, then limit 1000 a day: the next Reserve of 900 is rejected loss_limit', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-07T09:00:00.000Z');
  const { ug, target } = await wallet(api, 10_000);
  await lose(api, target, 5000);
  const put = await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin(api), body: { currency: 'EUR', loss_limit: 1000, loss_period: 'day' } });
  t.is(put.status, 200);
  t.is(put.body.net_loss, 5000);
  t.is((await limitsOf(api, ug.id)).net_loss, 5000);
  const next = await api.engine.wallet.reserve({ ...target, requestId: 'after', roundId: 'after', amount: '900' });
  t.like(next, { status: 'rejected', reason: 'loss_limit' });
});

test('the same once the sync has written everything (the outbox is empty when the limit is set): the ledger\'s losses count, none twice', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-07T11:00:00.000Z');
  const { ug, target } = await wallet(api, 10_000);
  await lose(api, target, 700, 100);
  await until('the sync wrote every move and emptied the outbox', async () => (await api.engine.outbox(target)).length === 0
    && Number((await api.database.db('ledger_entries').where({ user_id: target.userId, game_id: target.gameId, kind: 'confirm' }).count({ n: '*' }))[0]!.n) === 1, 20_000);
  const put = await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin(api), body: { currency: 'EUR', loss_limit: 1000, loss_period: 'day' } });
  t.is(put.body.net_loss, 600);
  await lose(api, target, 50);
  t.is((await limitsOf(api, ug.id)).net_loss, 650, 'a loss after the limit counts once');
});

test('a week\'s or a month\'s limit counts the losses of earlier days of its period, and shows its own period\'s figure', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-07T10:00:00.000Z'); // Monday
  const { ug, target } = await wallet(api, 10_000);
  await lose(api, target, 300);
  now = Date.parse('2026-12-09T10:00:00.000Z'); // Wednesday of the same week
  await lose(api, target, 50, 20);
  const weekly = await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin(api), body: { currency: 'EUR', loss_limit: 400, loss_period: 'week' } });
  t.is(weekly.body.net_loss, 330, 'Monday\'s 300 and Wednesday\'s 30, not the day\'s 30');
  t.like(await api.engine.wallet.reserve({ ...target, requestId: 'w1', roundId: 'w1', amount: '71' }), { status: 'rejected', reason: 'loss_limit' });
  t.like(await api.engine.wallet.reserve({ ...target, requestId: 'w2', roundId: 'w2', amount: '70' }), { status: 'reserved' });

  now = Date.parse('2026-12-10T10:00:00.000Z'); // Thursday: the week still counts Monday's
  t.is((await limitsOf(api, ug.id)).net_loss, 330);
});

test('a tightened loss_limit that also changes loss_period applies the lower amount at once on the old period; the new period waits', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-07T09:00:00.000Z');
  const { ug } = await wallet(api, 1000);
  const put = (body: unknown) => api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin(api), body });
  await put({ currency: 'EUR', loss_limit: 100, loss_period: 'month' });
  const changed = (await put({ currency: 'EUR', loss_limit: 50, loss_period: 'day' })).body;
  t.like(changed, { loss_limit: 50, loss_period: 'month' });
  t.like(changed.pending, { loss_limit: 50, loss_period: 'day' });
});

test('restore counts a week\'s and a month\'s loss from every day of the period, not only the day it runs', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-07T10:00:00.000Z'); // Monday
  const { ug, target } = await wallet(api, 10_000);
  const monthly = await wallet(api, 10_000);
  await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin(api), body: { currency: 'EUR', loss_limit: 5000, loss_period: 'week' } });
  await api.request('PUT', `/api/user-games/${monthly.ug.id}/limits`, { ...admin(api), body: { currency: 'EUR', loss_limit: 5000, loss_period: 'month' } });
  await lose(api, target, 400);
  now = Date.parse('2026-12-02T10:00:00.000Z'); // the month's, not the week's
  await lose(api, monthly.target, 250);
  now = Date.parse('2026-12-08T10:00:00.000Z'); // Tuesday
  await lose(api, target, 100, 50);
  await lose(api, monthly.target, 10);
  await until('the ledger holds the moves', async () => (await api.engine.outbox(target)).length === 0 && (await api.engine.outbox(monthly.target)).length === 0, 20_000);
  const before = [(await limitsOf(api, ug.id)).net_loss, (await limitsOf(api, monthly.ug.id)).net_loss];
  t.deepEqual(before, [450, 260]);

  const raw = createRedisClient({ url: api.config.redis.url, role: 'cli' });
  t.teardown(() => raw.disconnect());
  await t.context.worker.stop();
  await deleteMatching(raw, `${api.config.redis.keyPrefix}*`);
  now = Date.parse('2026-12-10T10:00:00.000Z'); // Thursday: no loss today
  await restoreFromLedger(api.redis.redis, api.database.db, { idempotencyTtlS: 3600, reservationsExpire: false, force: false, now });
  t.deepEqual([(await limitsOf(api, ug.id)).net_loss, (await limitsOf(api, monthly.ug.id)).net_loss], before, 'the same figures, counted again from the ledger');
});

test('a confirm from a process whose clock is behind across midnight neither sets the day back nor drops its count', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-08T00:00:10.000Z'); // Tuesday, just after midnight
  const { ug, target } = await wallet(api, 10_000);
  await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...admin(api), body: { currency: 'EUR', loss_limit: 1000, loss_period: 'day' } });
  await lose(api, target, 600);
  now = Date.parse('2026-12-07T23:59:59.000Z'); // a process still on Monday
  await lose(api, target, 100);
  now = Date.parse('2026-12-08T00:00:20.000Z');
  t.is((await limitsOf(api, ug.id)).net_loss, 700, 'Tuesday counts both');
  t.like(await api.engine.wallet.reserve({ ...target, requestId: 'after-midnight', roundId: 'm', amount: '350' }), { status: 'rejected', reason: 'loss_limit' });
});

/** A funded wallet whose top-up the sync has written, and then the sync stopped: the next moves stay in the outbox. */
async function walletWithTheSyncDown(t: { context: { api: TestApi; worker: { stop(): Promise<void> } } }) {
  const funded = await wallet(t.context.api, 10_000);
  await until('the top-up is written', async () => (await t.context.api.engine.outbox(funded.target)).length === 0, 20_000);
  await t.context.worker.stop();
  return funded;
}

/** The limits service with a PUT that waits only 100 ms for the sync (the default waits 10 s). */
const impatientService = (api: TestApi) => createWalletControlsService({
  store: createUnitOfWork(api.database.db, []), wallet: api.engine.wallet, users: api.services.users, connections: api.services.connections, seedWaitMs: 100,
});
/** Whether the engine's record still waits for the ledger (read from the engine: no reader finishes anything). */
const seedPending = async (api: TestApi, target: { userId: string; gameId: string; currency: string }) =>
  (await api.engine.wallet.limits(target.userId, target.gameId, target.currency))?.seed != null;

test('with the sync behind, a first loss limit fails closed (every Reserve in its currency is rejected loss_limit) until the worker has counted the earlier losses, with no read of the limits', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-09T10:00:00.000Z');
  const { ug, target } = await walletWithTheSyncDown(t); // the sync is down: the next moves stay in the outbox
  await lose(api, target, 1000);
  const set = await impatientService(api).setLimits(COMMAND_ACTOR, ug.id, { currency: 'EUR', loss_limit: 1500, loss_period: 'day' });
  t.is(set.net_loss, 0, 'the loss is not in the ledger yet');
  t.true(await seedPending(api, target));
  for (const amount of ['1', '400', '499']) {
    t.like(await api.engine.wallet.reserve({ ...target, requestId: `closed-${amount}`, roundId: 'closed', amount }), { status: 'rejected', reason: 'loss_limit' }, `${amount} while the count waits`);
  }
  t.is(await api.database.db('wallet_limit_seeds').where({ user_id: target.userId, game_id: target.gameId, currency: 'EUR' }).count({ n: '*' }).then((rows) => Number(rows[0]!.n)), 1, 'the wallet is noted for the worker');

  t.context.worker = await startTestWorker(api); // the sync, and beside it the worker's sweeps
  await until('the worker finished the count by itself', async () => !(await seedPending(api, target)), 20_000);
  t.like(await api.engine.wallet.reserve({ ...target, requestId: 'open-501', roundId: 'open', amount: '501' }), { status: 'rejected', reason: 'loss_limit' }, '1000 + 501 > 1500');
  t.like(await api.engine.wallet.reserve({ ...target, requestId: 'open-500', roundId: 'open', amount: '500' }), { status: 'reserved' });
  t.is((await limitsOf(api, ug.id)).net_loss, 1000, 'counted once');
  await until('the worker forgot the wallet', async () => Number((await api.database.db('wallet_limit_seeds').where({ user_id: target.userId }).count({ n: '*' }))[0]!.n) === 0, 20_000);
});

test('two finishers of a pending count racing add the ledger\'s loss once', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-09T12:00:00.000Z');
  const { ug, target } = await walletWithTheSyncDown(t);
  await lose(api, target, 300);
  await impatientService(api).setLimits(COMMAND_ACTOR, ug.id, { currency: 'EUR', loss_limit: 1000, loss_period: 'week' });
  const seed = (await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.seed!;
  t.truthy(seed);
  // The sync alone (no sweeps) writes the moves; then two finishers race.
  t.context.worker = await startTestWorker(api, { sweeps: false });
  await until('the loss is in the ledger', async () => api.engine.wallet.ledgerHolds(target.userId, target.gameId, 'EUR', seed.throughStreamId), 20_000);
  const finishers = [0, 1, 2].map(() => createLimitSeeds({ store: createUnitOfWork(api.database.db, []), wallet: api.engine.wallet }));
  const results = await Promise.all(finishers.map((finisher) => finisher.finish(target, seed, 1000)));
  t.true(results.every((result) => result !== null));
  t.is((await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.netLoss.week, 300, 'the earlier loss once, not three times');
  t.is(await finishers[0]!.sweep(), 1, 'a sweep forgets the finished wallet');
});

test('a count finished after midnight, with a loss already on the new day, leaves the old day\'s losses out of the new day (and in the week\'s)', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-09T23:50:00.000Z'); // Wednesday
  const { ug, target } = await walletWithTheSyncDown(t);
  await lose(api, target, 400); // Wednesday, only in the outbox
  // A round opened before the limit (a Reserve after it is refused while the count waits) settles on Thursday.
  const open = await api.engine.wallet.reserve({ ...target, requestId: 'open-round', roundId: 'open-round', amount: '70' });
  await impatientService(api).setLimits(COMMAND_ACTOR, ug.id, { currency: 'EUR', loss_limit: 5000, loss_period: 'day' });
  now = Date.parse('2026-12-10T00:10:00.000Z'); // Thursday
  await api.engine.wallet.confirm({ requestId: 'settle-open', transactionId: open.transactionId, roundId: '', winAmount: '0' }); // the record counts it, on Thursday
  t.context.worker = await startTestWorker(api);
  await until('the worker finished the count', async () => !(await seedPending(api, target)), 20_000);
  const live = (await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!;
  t.is(live.netLoss.day, 70, 'Thursday holds only its own loss');
  t.is(live.netLoss.week, 470, 'the week holds both');
  t.is(live.netLoss.month, 470);
});

test('a sweep goes round every noted wallet: hundreds that cannot finish yet hold no other back', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-09T15:00:00.000Z');
  const { ug, target } = await walletWithTheSyncDown(t);
  await lose(api, target, 200);
  await impatientService(api).setLimits(COMMAND_ACTOR, ug.id, { currency: 'EUR', loss_limit: 1000, loss_period: 'day' });
  // 250 wallets noted just now whose records are not made yet, all before this one in key order.
  await api.database.db('wallet_limit_seeds').insert(Array.from({ length: 250 }, (_, i) => ({ user_id: `0-stalled-${String(i).padStart(3, '0')}`, game_id: 'g', currency: 'EUR', noted_at: new Date() })));
  t.context.worker = await startTestWorker(api, { sweeps: false });
  await until('the loss is in the ledger', async () => api.engine.wallet.ledgerHolds(target.userId, target.gameId, 'EUR', (await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.seed!.throughStreamId), 20_000);
  const seeds = createLimitSeeds({ store: createUnitOfWork(api.database.db, []), wallet: api.engine.wallet });
  t.is(await seeds.sweep(), 0, 'the first 200 noted wallets: none can finish or be forgotten yet');
  t.true(await seedPending(api, target));
  t.is(await seeds.sweep(), 1, 'the next sweep goes on past them and finishes this one');
  t.false(await seedPending(api, target));
  t.is((await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.netLoss.day, 200);
  t.is(Number((await api.database.db('wallet_limit_seeds').count({ n: '*' }))[0]!.n), 250, 'the unmade ones wait out their grace');
});

test('a sweep keeps a wallet whose count the ledger cannot finish yet, forgets one noted long ago whose record was never made, and goes on past one that fails', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-09T16:00:00.000Z');
  const { ug, target } = await walletWithTheSyncDown(t);
  await lose(api, target, 120);
  await impatientService(api).setLimits(COMMAND_ACTOR, ug.id, { currency: 'EUR', loss_limit: 1000, loss_period: 'day' });
  const noted = async (userId: string) => Number((await api.database.db('wallet_limit_seeds').where({ user_id: userId }).count({ n: '*' }))[0]!.n);
  await api.database.db('wallet_limit_seeds').insert([
    { user_id: 'never-made-long-ago', game_id: 'g', currency: 'EUR', noted_at: api.database.db.raw('NOW(3) - INTERVAL 10 MINUTE') },
    { user_id: 'never-made-just-now', game_id: 'g', currency: 'EUR', noted_at: api.database.db.raw('NOW(3)') },
    { user_id: 'boom', game_id: 'g', currency: 'EUR', noted_at: api.database.db.raw('NOW(3)') },
  ]);
  const warnings: string[] = [];
  const failing = { ...api.engine.wallet, limits: (userId: string, gameId: string, currency: string) => (userId === 'boom' ? Promise.reject(new Error('the store failed')) : api.engine.wallet.limits(userId, gameId, currency)) };
  const seeds = createLimitSeeds({
    store: createUnitOfWork(api.database.db, []), wallet: failing as typeof api.engine.wallet,
    logger: createLogger('warn', {}, { write: (line: string) => warnings.push(line) }),
  });
  t.is(await seeds.sweep(), 1, 'only the wallet noted long ago, never made, is forgotten');
  t.is(await noted('never-made-long-ago'), 0);
  t.is(await noted('never-made-just-now'), 1);
  t.is(await noted(target.userId), 1, 'the sync is down: its count waits, and so does its note');
  t.true(await seedPending(api, target));
  t.true(warnings.some((line) => line.includes('finishing a first count failed') && line.includes('boom')), warnings.join('\n'));
  t.context.worker = await startTestWorker(api, { sweeps: false });
  await until('the ledger holds the loss', async () => api.engine.wallet.ledgerHolds(target.userId, target.gameId, 'EUR', (await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.seed!.throughStreamId), 20_000);
  t.is(await seeds.sweep(), 1);
  t.is(await noted(target.userId), 0);
  t.is((await api.engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.netLoss.day, 120);
});

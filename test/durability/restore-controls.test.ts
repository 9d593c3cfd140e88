import test from 'ava';
import { deleteMatching } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';
import { restoreFromLedger } from '../../src/sync/restore';
import { createTestApi } from '../helpers/api';
import { until } from '../helpers/until';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

// SPEC §1.11 survives SPEC §1.10's restore: a Redis that lost its data gets its freezes and limits back
// from MySQL, and each limited wallet's net loss from its ledger.
test('restore rebuilds freezes and limits (a pending loosening stays pending) and counts the net loss again from the ledger', async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
  t.teardown(() => api.close());
  const worker = await startTestWorker(api);
  t.teardown(() => worker.stop());
  const admin = { token: api.users.admin.token };
  const game = (await api.request('POST', '/api/games', { ...admin, body: { name: 'Dice', slug: 'dice-restore' } })).body;
  const connect = async (userId: number) => (await api.request('POST', `/api/users/${userId}/games`, { ...admin, body: { game_id: game.id } })).body as { id: number; user_id: number; game_id: number };
  const [limited, frozenGame, frozenUser] = [await connect(api.users.user.id), await connect(api.users.other.id), await connect(api.users.moderator.id)];
  for (const ug of [limited, frozenGame, frozenUser]) await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...admin, body: { amount: 10_000 } });
  const ids = (ug: { user_id: number; game_id: number }) => ({ userId: String(ug.user_id), gameId: String(ug.game_id), currency: 'EUR' });

  t.is((await api.request('PUT', `/api/user-games/${limited.id}/limits`, { ...admin, body: { currency: 'EUR', max_bet: 500, loss_limit: 1000, loss_period: 'day' } })).status, 200);
  const bet = await api.engine.wallet.reserve({ ...ids(limited), requestId: 'bet', roundId: 'r', amount: '400' });
  await api.engine.wallet.confirm({ requestId: 'lost', transactionId: bet.transactionId, roundId: '', winAmount: '100' });
  const raised = await api.request('PUT', `/api/user-games/${limited.id}/limits`, { ...admin, body: { currency: 'EUR', max_bet: 900, loss_limit: 1000, loss_period: 'day' } });
  t.like(raised.body, { max_bet: 500, pending: { max_bet: 900 }, net_loss: 300 });
  t.is((await api.request('POST', `/api/user-games/${frozenGame.id}/freeze`, { ...admin, body: { reason: 'review' } })).status, 200);
  t.is((await api.request('POST', `/api/users/${api.users.moderator.id}/freeze`, { ...admin, body: { reason: 'self-exclusion' } })).status, 200);
  await until('the ledger holds the moves', async () => Number((await api.database.db('ledger_entries').count({ n: '*' }))[0]!.n) === 5);

  const raw = createRedisClient({ url: api.config.redis.url, role: 'cli' });
  t.teardown(() => raw.disconnect());
  await deleteMatching(raw, `${api.config.redis.keyPrefix}*`);
  const report = await restoreFromLedger(api.redis.redis, api.database.db, { idempotencyTtlS: 3600, reservationsExpire: false, force: false });
  t.deepEqual(report.controls, { frozenUsers: 1, frozenUserGames: 1, limitedWallets: 1 });

  const limits = await api.request('GET', `/api/user-games/${limited.id}/limits`, admin);
  t.deepEqual(limits.body, [{ ...raised.body }], 'the same limits, the same pending loosening, the net loss counted again');
  t.like(await api.engine.wallet.reserve({ ...ids(limited), requestId: 'big', roundId: 'r', amount: '501' }), { status: 'rejected', reason: 'max_bet' });
  t.like(await api.engine.wallet.reserve({ ...ids(limited), requestId: 'open', roundId: 'r', amount: '499' }), { status: 'reserved' });
  t.like(await api.engine.wallet.reserve({ ...ids(limited), requestId: 'over', roundId: 'r', amount: '202' }), { status: 'rejected', reason: 'loss_limit' }, '300 lost + 499 open + 202 > 1000');
  t.like(await api.engine.wallet.reserve({ ...ids(frozenGame), requestId: 'f', roundId: 'r', amount: '1' }), { status: 'rejected', reason: 'frozen' });
  t.like(await api.engine.wallet.reserve({ ...ids(frozenUser), requestId: 'u', roundId: 'r', amount: '1' }), { status: 'rejected', reason: 'frozen' });
});

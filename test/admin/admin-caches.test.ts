import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createAdminServices, type AdminServices } from '../../src/admin/admin-services';
import { AppError } from '../../src/errors';
import { waitUntil } from '../../src/local-services/process-tools';
import { useSharedTestApi, type TestApi } from '../helpers/api';

// SPEC §2.2: a role change or a deactivation applies at once, on every HTTP instance. A second set of
// services on the same database and Redis plays the other instance; its caches' clock is frozen, so
// an entry there never expires and only an invalidation message can refresh it.
const test = anyTest as TestFn<{ api: TestApi; other: AdminServices }>;
useSharedTestApi(test);
test.beforeEach(async (t) => {
  const { api } = t.context;
  t.context.other = createAdminServices({ db: api.database.db, redis: api.redis.redis, wallet: api.engine.wallet, config: api.config, cacheClock: () => 0 });
  await t.context.other.caches.ready();
});
test.afterEach.always((t) => t.context.other.caches.close());

const bearer = (token: string) => `Bearer ${token}`;
const soon = (what: string, check: () => Promise<boolean>) => waitUntil(what, check, 2000);

test('a role change and a deactivation through one instance apply at once on another', async (t) => {
  const { api, other } = t.context;
  const user = await api.createUser('user', 'cached_role');
  t.is((await other.auth.authenticate(bearer(user.token))).role, 'user');

  // A change made behind the services' back is not seen: the other instance serves its cache.
  await api.database.db('users').where({ id: user.id }).update({ role: 'admin' });
  t.is((await other.auth.authenticate(bearer(user.token))).role, 'user');

  t.is((await api.request('PATCH', `/api/users/${user.id}`, { token: api.users.admin.token, body: { role: 'moderator' } })).status, 200);
  await soon('the role change on the other instance', async () => (await other.auth.authenticate(bearer(user.token))).role === 'moderator');

  t.is((await api.request('PATCH', `/api/users/${user.id}`, { token: api.users.admin.token, body: { is_active: false } })).status, 200);
  await soon('the deactivation on the other instance', async () =>
    other.auth.authenticate(bearer(user.token)).then(() => false, (error: AppError) => error.code === 'UNAUTHENTICATED'));
  t.is((await api.request('GET', '/api/auth/me', { token: user.token })).status, 401, 'and on the instance that made it, before it answered');
});

test('a leaderboard switched off and a module disconnected through one instance refuse saves at once on another', async (t) => {
  const { api, other } = t.context;
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'C', slug: 'cached-board' })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = (await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: 'c', name: 'Cached' } })).body;
  const player = await api.createUser('user', 'cached_player');
  const userGameId = (await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: gameId })).id;
  const save = () => other.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: userGameId, score: 5 });
  t.like(await save(), { score: 5 });

  await api.request('PUT', `/api/games/${gameId}/leaderboards/${board.id}`, { token: api.users.admin.token, body: { is_active: false } });
  await soon('the switched-off board on the other instance', async () => save().then(() => false, (error: AppError) => error.code === 'CONFLICT'));
  await api.request('PUT', `/api/games/${gameId}/leaderboards/${board.id}`, { token: api.users.admin.token, body: { is_active: true } });
  await soon('the board on again', async () => save().then(() => true, () => false));

  await api.request('DELETE', `/api/games/${gameId}/modules/leaderboard`, { token: api.users.admin.token });
  await soon('the disconnected module on the other instance', async () => save().then(() => false, (error: AppError) => error.code === 'MODULE_DISABLED'));
});

test('a save checks the leaderboard its cache served: changed behind the API, it is read again before the score is written', async (t) => {
  const { api, other } = t.context;
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'S', slug: 'stale-board' })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = (await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: 's', name: 'Stale', sort_order: 'desc' } })).body;
  const player = await api.createUser('user', 'stale_player');
  const userGameId = (await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: gameId })).id;
  const save = (score: number) => other.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: userGameId, score });
  const stored = async () => (await api.database.db('leaderboard_scores').where({ leaderboard_id: board.id, user_game_id: userGameId }).first('rank_score'))?.rank_score;
  await save(5);
  t.is(await stored(), -5, 'desc: rank_score is -score');

  // No message reaches the other instance: its cache still says desc.
  await api.database.db('leaderboards').where({ id: board.id }).update({ sort_order: 'asc' });
  await save(7);
  t.is(await stored(), 7, 'the save saw the new sort order');

  await api.database.db('leaderboards').where({ id: board.id }).update({ is_active: false });
  const error = await t.throwsAsync(save(9));
  t.is((error as AppError).code, 'CONFLICT');
  t.is(await stored(), 7, 'nothing written to an inactive leaderboard');
});

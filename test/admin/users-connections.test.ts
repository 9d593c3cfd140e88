import anyTest, { type TestFn } from 'ava';
import { type TestApi, useSharedTestApi } from '../helpers/api';

const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
const newGame = async (api: TestApi) =>
  (await api.request('POST', '/api/games', { token: api.users.admin.token, body: { name: 'Game', slug: `uc-${(n += 1)}` } })).body;

test('users: list with search, limit and offset; read; PATCH role and is_active; 404s and 400s', async (t) => {
  const { api } = t.context;
  const admin = api.users.admin.token;
  const all = await api.request('GET', '/api/users', { token: api.users.moderator.token });
  t.true(all.body.length >= 4);
  t.false(JSON.stringify(all.body).includes('password'));
  t.deepEqual((await api.request('GET', '/api/users?search=OTTO', { token: admin })).body.map((u: { id: number }) => u.id), [api.users.other.id]);
  t.deepEqual((await api.request('GET', `/api/users?search=${api.users.user.id}`, { token: admin })).body.map((u: { id: number }) => u.id), [api.users.user.id]);
  t.is((await api.request('GET', '/api/users?limit=2&offset=1', { token: admin })).body.length, 2);
  for (const query of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1']) {
    t.is((await api.request('GET', `/api/users?${query}`, { token: admin })).status, 400, query);
  }
  t.is((await api.request('GET', `/api/users/${api.users.other.id}`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', '/api/users/987654', { token: admin })).status, 404);
  const patched = await api.request('PATCH', `/api/users/${api.users.other.id}`, { token: admin, body: { role: 'moderator', email: 'hijack@example.com' } });
  t.like(patched.body, { role: 'moderator', email: api.users.other.email });
  const invalid = await api.request('PATCH', `/api/users/${api.users.other.id}`, { token: admin, body: { role: 'root', is_active: 'no' } });
  t.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path).sort(), ['is_active', 'role']);
  await api.request('PATCH', `/api/users/${api.users.other.id}`, { token: admin, body: { role: 'user' } });
});

test('connections: 201 with the user_game id, 409 twice, 400 for a game that does not exist, 404 to disconnect what is not connected', async (t) => {
  const { api } = t.context;
  const admin = api.users.admin.token;
  const game = await newGame(api);
  const connected = await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: admin, body: { game_id: game.id } });
  t.is(connected.status, 201);
  t.deepEqual(Object.keys(connected.body).sort(), ['created_at', 'game_id', 'id', 'user_id']);
  t.like(connected.body, { user_id: api.users.user.id, game_id: game.id });
  t.is((await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: admin, body: { game_id: game.id } })).status, 409);
  const unknownGame = await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: admin, body: { game_id: 987654 } });
  t.like(unknownGame.body, { status: 400, code: 'validation_failed', errors: [{ path: 'game_id' }] });
  t.is((await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: admin, body: { game_id: '1' } })).status, 400);
  t.is((await api.request('POST', '/api/users/987654/games', { token: admin, body: { game_id: game.id } })).status, 404);

  const games = await api.request('GET', `/api/users/${api.users.user.id}/games`, { token: api.users.user.token });
  t.like(games.body.find((g: { id: number }) => g.id === game.id), { user_game_id: connected.body.id, slug: game.slug, modules: [] });
  const users = await api.request('GET', `/api/games/${game.id}/users`, { token: admin });
  t.deepEqual(users.body.map((u: { id: number; user_game_id: number }) => [u.id, u.user_game_id]), [[api.users.user.id, connected.body.id]]);

  t.is((await api.request('DELETE', `/api/users/${api.users.other.id}/games/${game.id}`, { token: admin })).status, 404);
  t.is((await api.request('DELETE', `/api/users/${api.users.user.id}/games/${game.id}`, { token: admin })).status, 204);
  t.deepEqual((await api.request('GET', `/api/games/${game.id}/users`, { token: admin })).body, []);
});

test('users of a game: an integer search matches the id, other text the username or email', async (t) => {
  const { api } = t.context;
  const admin = api.users.admin.token;
  const game = await newGame(api);
  for (const user of [api.users.user, api.users.other, api.users.moderator]) {
    await api.request('POST', `/api/users/${user.id}/games`, { token: admin, body: { game_id: game.id } });
  }
  const ids = async (search: string) =>
    (await api.request('GET', `/api/games/${game.id}/users?search=${encodeURIComponent(search)}`, { token: admin })).body.map((u: { id: number }) => u.id);
  t.deepEqual(await ids(String(api.users.other.id)), [api.users.other.id]);
  t.deepEqual(await ids('UMA'), [api.users.user.id]);
  t.deepEqual(await ids('mo_moderator@example'), [api.users.moderator.id]);
  t.deepEqual(await ids('%'), []);
  t.is((await ids('')).length, 3);
});

test('a user may not read another user\'s games or ledger (403), only their own', async (t) => {
  const { api } = t.context;
  const game = await newGame(api);
  const ug = (await api.request('POST', `/api/users/${api.users.other.id}/games`, { token: api.users.admin.token, body: { game_id: game.id } })).body;
  t.is((await api.request('GET', `/api/users/${api.users.other.id}/games`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', `/api/user-games/${ug.id}/transactions`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', `/api/user-games/${ug.id}/balance`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', `/api/user-games/${ug.id}/transactions`, { token: api.users.other.token })).status, 200);
  t.is((await api.request('GET', `/api/user-games/${ug.id}/transactions`, { token: api.users.moderator.token })).status, 200);
  t.is((await api.request('GET', `/api/user-games/${ug.id}`, { token: api.users.user.token })).status, 403);
  const named = { id: ug.id, user_id: api.users.other.id, username: 'otto_other', game_id: game.id, game_name: game.name };
  t.like((await api.request('GET', `/api/user-games/${ug.id}`, { token: api.users.other.token })).body, named, 'the user reads their own wallet by name');
  t.like((await api.request('GET', `/api/user-games/${ug.id}`, { token: api.users.moderator.token })).body, named);
  t.is((await api.request('GET', '/api/user-games/999999999', { token: api.users.admin.token })).status, 404);
});

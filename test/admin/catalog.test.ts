import anyTest, { type TestFn } from 'ava';
import { createTestApi, type TestApi, useSharedTestApi } from '../helpers/api';
import { documentedFetch } from '../helpers/openapi-check';

const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
const slug = () => `slug-${(n += 1)}`;
const admin = (api: TestApi) => api.users.admin.token;

test('invalid path ids (0, -1, 1.5, abc) are 400 naming the parameter, before any lookup', async (t) => {
  const { api } = t.context;
  for (const id of ['0', '-1', '1.5', 'abc', '99999999999999999999']) {
    for (const path of [`/api/games/${id}`, `/api/users/${id}`, `/api/languages/${id}`, `/api/user-games/${id}/balance`]) {
      const reply = await api.request('GET', path, { token: admin(api) });
      t.is(reply.status, 400, path);
      t.is(reply.body.code, 'bad_request');
      t.regex(reply.body.detail, /must be a positive integer/);
    }
  }
});

test('malformed JSON is 400, a JSON body over 1 MiB is 413, and unknown fields are never stored', async (t) => {
  const { api } = t.context;
  const headers = { 'content-type': 'application/json' };
  const malformed = await api.request('POST', '/api/games', { token: admin(api), raw: '{"name":', headers });
  t.is(malformed.status, 400);
  t.like(malformed.body, { code: 'bad_request', detail: 'the body is not valid JSON' });
  const big = await api.request('POST', '/api/games', { token: admin(api), raw: JSON.stringify({ name: 'x', slug: slug(), description: 'y'.repeat(1024 * 1024) }), headers });
  t.is(big.status, 413);
  t.is(big.body.code, 'payload_too_large');
  const created = await api.request('POST', '/api/games', { token: admin(api), body: { name: 'Mass', slug: slug(), id: 999, created_at: '2000-01-01', role: 'admin' } });
  t.is(created.status, 201);
  t.not(created.body.id, 999);
  t.not(created.body.created_at, '2000-01-01');
  t.false('role' in created.body);
});

test('games: defaults, Location, PUT keeps what it does not name, slug unique (409), 404s', async (t) => {
  const { api } = t.context;
  const s = slug();
  const created = await api.request('POST', '/api/games', { token: admin(api), body: { name: 'Poker & Co', slug: `${s}&x` } });
  t.is(created.status, 201);
  t.like(created.body, { name: 'Poker & Co', slug: `${s}&x`, description: '', image_url: '', is_active: true, modules: [] });
  t.is(created.headers.get('location'), `/api/games/${created.body.id}`);
  t.regex(created.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const updated = await api.request('PUT', `/api/games/${created.body.id}`, { token: admin(api), body: { description: 'new', is_active: false } });
  t.like(updated.body, { name: 'Poker & Co', description: 'new', is_active: false });
  const duplicate = await api.request('POST', '/api/games', { token: admin(api), body: { name: 'Other', slug: `${s}&x` } });
  t.is(duplicate.status, 409);
  t.is(duplicate.body.code, 'conflict');
  t.deepEqual(duplicate.body.errors, [{ path: 'slug', message: 'is already taken' }], 'a 409 names its field');
  const other = await api.request('POST', '/api/games', { token: admin(api), body: { name: 'Other', slug: slug() } });
  t.is((await api.request('PUT', `/api/games/${other.body.id}`, { token: admin(api), body: { slug: `${s}&x` } })).status, 409);
  const invalid = await api.request('POST', '/api/games', { token: admin(api), body: { name: '', slug: 5, is_active: 'yes' } });
  t.is(invalid.status, 400);
  t.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path).sort(), ['is_active', 'name', 'slug']);
  for (const [method, body] of [['GET', undefined], ['PUT', { name: 'x' }], ['DELETE', undefined]] as const) {
    const missing = await api.request(method, '/api/games/987654', { token: admin(api), body });
    t.is(missing.status, 404);
    t.like(missing.body, { code: 'not_found', detail: 'game 987654 not found' });
  }
  t.is((await api.request('PUT', '/api/games/987654', { token: admin(api), body: { name: '' } })).status, 404, '404 comes before 400');
});

test('game search is a case-insensitive substring of name or slug, with % _ and \\ taken literally', async (t) => {
  const { api } = t.context;
  const tag = `srch${Date.now()}`;
  for (const [name, gslug] of [[`${tag} Alpha`, `${tag}-a`], [`${tag} 100% fun`, `${tag}-b`], [`${tag} snake_case`, `${tag}-c`], [`${tag} back\\slash`, `${tag}-d`], [`${tag} plain`, `${tag}-UPPER`]]) {
    await api.request('POST', '/api/games', { token: admin(api), body: { name, slug: gslug } });
  }
  const names = async (search: string) =>
    (await api.request('GET', `/api/games?search=${encodeURIComponent(search)}`, { token: api.users.user.token })).body.map((g: { name: string }) => g.name);
  t.deepEqual(await names(`${tag} ALPHA`), [`${tag} Alpha`]);
  t.deepEqual(await names(`${tag}-upper`), [`${tag} plain`]);
  t.deepEqual(await names('0% f'), [`${tag} 100% fun`]);
  t.deepEqual(await names('e_c'), [`${tag} snake_case`]);
  t.deepEqual(await names('k\\s'), [`${tag} back\\slash`]);
  t.deepEqual(await names(`${tag}%`), []);
  t.deepEqual(await names(`${tag}_`), []);
});

test('modules: seeded list, connect (404 unknown, 409 twice), disconnect (404 when not connected), modules on the game', async (t) => {
  const { api } = t.context;
  const modules = await api.request('GET', '/api/modules', { token: api.users.user.token });
  t.deepEqual(modules.body.map((m: { key: string }) => m.key), ['variables', 'notification', 'leaderboard']);
  const game = (await api.request('POST', '/api/games', { token: admin(api), body: { name: 'M', slug: slug() } })).body;
  const connected = await api.request('POST', `/api/games/${game.id}/modules`, { token: admin(api), body: { module_key: 'leaderboard' } });
  t.is(connected.status, 201);
  t.like(connected.body, { key: 'leaderboard', name: 'Leaderboards' });
  const twice = await api.request('POST', `/api/games/${game.id}/modules`, { token: admin(api), body: { module_key: 'leaderboard' } });
  t.like(twice, { status: 409, body: { errors: [{ path: 'module_key' }] } });
  t.is((await api.request('POST', `/api/games/${game.id}/modules`, { token: admin(api), body: { module_key: 'chess' } })).status, 404);
  t.is((await api.request('POST', `/api/games/${game.id}/modules`, { token: admin(api), body: {} })).status, 400);
  t.deepEqual((await api.request('GET', `/api/games/${game.id}/modules`, { token: api.users.user.token })).body.map((m: { key: string }) => m.key), ['leaderboard']);
  t.deepEqual((await api.request('GET', `/api/games/${game.id}`, { token: api.users.user.token })).body.modules.map((m: { key: string }) => m.key), ['leaderboard']);
  t.is((await api.request('DELETE', `/api/games/${game.id}/modules/variables`, { token: admin(api) })).status, 404);
  t.is((await api.request('DELETE', `/api/games/${game.id}/modules/leaderboard`, { token: admin(api) })).status, 204);
});

test('deleting a game removes its module links and user connections but keeps the money ledger', async (t) => {
  const { api } = t.context;
  const game = (await api.request('POST', '/api/games', { token: admin(api), body: { name: 'Doomed', slug: slug() } })).body;
  await api.request('POST', `/api/games/${game.id}/modules`, { token: admin(api), body: { module_key: 'variables' } });
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: admin(api), body: { game_id: game.id } })).body;
  await api.request('POST', `/api/user-games/${ug.id}/topup`, { token: admin(api), body: { amount: 50 } });
  await api.database.db('ledger_entries').insert({
    event_id: `test-${game.id}`, stream_ms: 1, stream_seq: 0, kind: 'topup', user_id: String(api.users.user.id), game_id: String(game.id),
    currency: 'EUR', amount: 50, available_balance: 50, reserved_balance: 0, created_at: new Date(),
  });
  t.is((await api.request('DELETE', `/api/games/${game.id}`, { token: admin(api) })).status, 204);
  t.is((await api.database.db('game_modules').where({ game_id: game.id })).length, 0);
  t.is((await api.database.db('user_games').where({ game_id: game.id })).length, 0);
  t.is((await api.database.db('ledger_entries').where({ game_id: String(game.id) })).length, 1);
  t.is((await api.request('GET', `/api/games/${game.id}`, { token: admin(api) })).status, 404);
});

test('languages: seeded en and ru, code unique (409), validation, update and delete', async (t) => {
  const { api } = t.context;
  const list = await api.request('GET', '/api/languages', { token: api.users.user.token });
  t.deepEqual(list.body.slice(0, 2).map((l: { code: string; name: string }) => [l.code, l.name]), [['en', 'English'], ['ru', 'Русский']]);
  t.is((await api.request('POST', '/api/languages', { token: admin(api), body: { code: 'en', name: 'Again' } })).status, 409);
  const bad = await api.request('POST', '/api/languages', { token: admin(api), body: { code: 'e n', name: '' } });
  t.deepEqual(bad.body.errors.map((e: { path: string }) => e.path).sort(), ['code', 'name']);
  const created = await api.request('POST', '/api/languages', { token: admin(api), body: { code: 'pt-BR', name: 'Português' } });
  t.is(created.status, 201);
  t.is((await api.request('PUT', `/api/languages/${created.body.id}`, { token: admin(api), body: { code: 'ru' } })).status, 409);
  t.like((await api.request('PUT', `/api/languages/${created.body.id}`, { token: admin(api), body: { name: 'Portuguese' } })).body, { code: 'pt-BR', name: 'Portuguese' });
  t.is((await api.request('DELETE', `/api/languages/${created.body.id}`, { token: admin(api) })).status, 204);
  t.is((await api.request('GET', `/api/languages/${created.body.id}`, { token: admin(api) })).status, 404);
});

test('CORS answers a preflight from a configured origin and not from another', async (t) => {
  const api = await createTestApi({ CORS_ORIGINS: 'https://admin.example' });
  t.teardown(() => api.close());
  const preflight = (origin: string) =>
    documentedFetch(`${api.base}/api/games`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
  const allowed = await preflight('https://admin.example');
  t.is(allowed.headers.get('access-control-allow-origin'), 'https://admin.example');
  const refused = await preflight('https://evil.example');
  t.is(refused.headers.get('access-control-allow-origin'), null);
});

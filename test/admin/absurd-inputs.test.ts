import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { useSharedTestApi, type TestApi } from '../helpers/api';

// Absurd dates and numbers (issue 47, review items 14 and 15): every date input takes the years the
// product stores (1000 to 9999, UTC) and answers 400 naming the field outside them; a number JSON
// parses as Infinity (`1e999`) is a 400 naming the field, never a 500.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

const admin = (api: TestApi) => ({ token: api.users.admin.token });
const json = { 'content-type': 'application/json' };
let n = 0;
async function game(api: TestApi) {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'A', slug: `absurd-${process.pid}-${(n += 1)}` })).id;
  for (const module_key of ['variables', 'leaderboard']) await api.services.modules.connect(COMMAND_ACTOR, id, { module_key });
  await api.services.variables.create(COMMAND_ACTOR, id, { key: 'speed', type: 'number', number_value: 1 });
  return id;
}
const paths = (reply: { body: { errors?: Array<{ path: string }> } }) => (reply.body.errors ?? []).map((e) => e.path);

test('dates: an API key may expire in 2040 or at the end of 9999; a window may start in 1960 and end in 2040; years outside 1000-9999 are 400 naming the field', async (t) => {
  const { api } = t.context;
  for (const expires_at of ['2040-06-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
    const made = await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: `until ${expires_at}`, expires_at } });
    t.is(made.status, 201, expires_at);
    t.is(made.body.expires_at, expires_at);
  }
  const tooEarly = await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'x', expires_at: '0999-12-31T00:00:00.000Z' } });
  t.is(tooEarly.status, 400);
  t.deepEqual(paths(tooEarly), ['expires_at']);

  const id = await game(api);
  const window = await api.request('POST', `/api/games/${id}/config/overrides`, { ...admin(api), body: { name: 'long', starts_at: '1960-01-01T00:00:00.000Z', ends_at: '2040-01-01T00:00:00.000Z', variables: [{ key: 'speed', number_value: 2 }] } });
  t.is(window.status, 201, JSON.stringify(window.body));
  t.like(window.body, { starts_at: '1960-01-01T00:00:00.000Z', ends_at: '2040-01-01T00:00:00.000Z' });
  const outside = await api.request('POST', `/api/games/${id}/config/overrides`, { ...admin(api), body: { name: 'far', starts_at: '0500-01-01T00:00:00.000Z', ends_at: '2040-01-01T00:00:00.000Z', variables: [] } });
  t.is(outside.status, 400);
  t.true(paths(outside).includes('starts_at'));
});

test('numbers: 1e999 (valid JSON, Infinity once parsed) is a 400 naming the field for a variable, a vector item, an override, a score, limits and a top-up', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const board = await api.services.leaderboards.create(COMMAND_ACTOR, id, { key: 'b', name: 'B' });
  const player = await api.createUser('user', `absurd_${process.pid}_${(n += 1)}`);
  const ug = await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: id });
  const cases: Array<[method: string, url: string, raw: string, path: string]> = [
    ['POST', `/api/games/${id}/variables`, '{"key":"big","type":"number","number_value":1e999}', 'number_value'],
    ['POST', `/api/games/${id}/variables`, '{"key":"vec","type":"vector","table_value_type":"number","items":[{"index":0,"number_value":-1e999}]}', 'items[0].number_value'],
    ['POST', `/api/games/${id}/config/overrides`, '{"name":"x","starts_at":"2026-01-01T00:00:00Z","ends_at":"2099-01-01T00:00:00Z","variables":[{"key":"speed","number_value":1e999}]}', 'variables[0].number_value'],
    ['POST', `/api/leaderboards/${board.id}/scores`, `{"user_game_id":${ug.id},"score":1e999}`, 'score'],
    ['PUT', `/api/user-games/${ug.id}/limits`, '{"currency":"EUR","max_bet":1e999}', 'max_bet'],
    ['POST', `/api/user-games/${ug.id}/topup`, '{"amount":1e999,"currency":"EUR"}', 'amount'],
  ];
  for (const [method, url, raw, path] of cases) {
    const reply = await api.request(method, url, { ...admin(api), raw, headers: json });
    t.is(reply.status, 400, `${method} ${url} ${raw}: ${JSON.stringify(reply.body)}`);
    t.true(paths(reply).some((p) => p === path || p.endsWith(path)), `${raw}: ${JSON.stringify(paths(reply))}`);
  }
});

test('game id lists take integers only: "1" is a 400 naming game_ids, for an API key and for a moderator\'s scope (review item 16)', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const key = await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'strings', game_ids: [String(id)] } });
  t.is(key.status, 400);
  t.true(paths(key).some((p) => p.startsWith('game_ids')), JSON.stringify(key.body));
  const moderator = await api.createUser('moderator', `absurd_scope_${process.pid}_${(n += 1)}`);
  const scope = await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [String(id)] } });
  t.is(scope.status, 400);
  t.true(paths(scope).some((p) => p.startsWith('game_ids')));
});

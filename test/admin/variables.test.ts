import anyTest, { type TestFn } from 'ava';
import { createUnitOfWork } from '../../src/admin/unit-of-work';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createConfigWriter } from '../../src/admin/variables/config-writer';
import { createConfigVersions } from '../../src/admin/variables/config-versions';
import { createVariablesService } from '../../src/admin/variables/variables-service';
import { type TestApi, useSharedTestApi } from '../helpers/api';

const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
async function game(api: TestApi, modules = ['variables']): Promise<number> {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'V', slug: `vars-${(n += 1)}` })).id;
  for (const key of modules) await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: key });
  return id;
}
const post = (api: TestApi, gameId: number, body: unknown) =>
  api.request('POST', `/api/games/${gameId}/variables`, { token: api.users.moderator.token, body });
const paths = (reply: { body: { errors?: Array<{ path: string }> } }) => (reply.body.errors ?? []).map((e) => e.path).sort();

test('the four types: replies carry only their own fields, vector items come by index', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const number = await post(api, id, { key: 'speed', type: 'number', number_value: 1.5 });
  t.is(number.status, 201);
  t.is(number.headers.get('location'), `/api/games/${id}/variables/${number.body.id}`);
  t.deepEqual(Object.keys(number.body).sort(), ['created_at', 'game_id', 'id', 'key', 'number_value', 'type', 'updated_at']);
  t.like(number.body, { key: 'speed', type: 'number', number_value: 1.5, game_id: id });
  t.like((await post(api, id, { key: 'title', type: 'string', string_value: '' })).body, { type: 'string', string_value: '' });
  const table = await post(api, id, { key: 'prices', type: 'table', table_value_type: 'number', items: [{ key: 'gold', number_value: 5 }, { key: 'gem', number_value: 9 }] });
  t.deepEqual(table.body.items, [{ key: 'gold', number_value: 5 }, { key: 'gem', number_value: 9 }]);
  t.false('number_value' in table.body);
  const vector = await post(api, id, { key: 'levels', type: 'vector', table_value_type: 'string', items: [{ index: 3, string_value: 'c' }, { index: 0, string_value: 'a' }] });
  t.deepEqual(vector.body.items, [{ index: 0, string_value: 'a' }, { index: 3, string_value: 'c' }]);
  const list = await api.request('GET', `/api/games/${id}/variables`, { token: api.users.moderator.token });
  t.deepEqual(list.body.map((v: { key: string }) => v.key), ['speed', 'title', 'prices', 'levels']);
});

test('every violation is listed with its path; a field of another type is a 400', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  t.deepEqual(paths(await post(api, id, {})), ['key', 'type']);
  t.deepEqual(paths(await post(api, id, { key: 'x'.repeat(129), type: 'number', number_value: 'fast' })), ['key', 'number_value']);
  t.deepEqual(paths(await post(api, id, { key: 'a', type: 'number', number_value: 1, string_value: 'x', items: [] })), ['items', 'string_value']);
  t.deepEqual(paths(await post(api, id, { key: 'a', type: 'string' })), ['string_value']);
  t.deepEqual(paths(await post(api, id, { key: 'a', type: 'string', string_value: 'x'.repeat(65536) })), ['string_value']);
  t.deepEqual(paths(await post(api, id, { key: 'a', type: 'matrix' })), ['type']);
  const table = await post(api, id, {
    key: 't', type: 'table', table_value_type: 'number',
    items: [{ key: 'a', number_value: 1 }, { key: 'a', number_value: 2 }, { key: '', number_value: 3 }, { key: 'b', string_value: 'x' }, { index: 0, key: 'c', number_value: 1 }],
  });
  t.is(table.status, 400);
  t.is(table.body.code, 'validation_failed');
  t.deepEqual(paths(table), ['items[1].key', 'items[2].key', 'items[3].number_value', 'items[3].string_value', 'items[4].index']);
  const vector = await post(api, id, {
    key: 'v', type: 'vector', table_value_type: 'string',
    items: [{ index: 0, string_value: 'a' }, { index: 0, string_value: 'b' }, { index: -1, string_value: 'c' }, { index: 1.5, string_value: 'd' }, { index: 2, number_value: 4 }],
  });
  t.deepEqual(paths(vector), ['items[1].index', 'items[2].index', 'items[3].index', 'items[4].number_value', 'items[4].string_value']);
  t.deepEqual(paths(await post(api, id, { key: 'v', type: 'vector', table_value_type: 'bool', items: 'no' })), ['items', 'table_value_type']);
  t.deepEqual(paths(await post(api, id, { key: 'n', type: 'number', number_value: null })), ['number_value']);
  t.deepEqual((await api.request('GET', `/api/games/${id}/variables`, { token: api.users.admin.token })).body, [], 'nothing was stored');
});

test('keys are unique per game (409, also on PUT); PUT replaces the whole definition, type included', async (t) => {
  const { api } = t.context;
  const [id, other] = [await game(api), await game(api)];
  const first = (await post(api, id, { key: 'k', type: 'number', number_value: 1 })).body;
  t.like(await post(api, id, { key: 'k', type: 'string', string_value: 'x' }), { status: 409, body: { errors: [{ path: 'key', message: 'is already taken' }] } });
  t.is((await post(api, other, { key: 'k', type: 'number', number_value: 1 })).status, 201, 'another game may use the key');
  t.is((await post(api, id, { key: 'K', type: 'number', number_value: 1 })).status, 201, 'keys are exact: K is not k');
  const second = (await post(api, id, { key: 'k2', type: 'number', number_value: 2 })).body;
  const put = (varId: number, body: unknown) => api.request('PUT', `/api/games/${id}/variables/${varId}`, { token: api.users.admin.token, body });
  t.is((await put(second.id, { key: 'k', type: 'number', number_value: 2 })).status, 409);
  const replaced = await put(first.id, { key: 'k', type: 'table', table_value_type: 'string', items: [{ key: 'x', string_value: 'y' }] });
  t.is(replaced.status, 200);
  t.deepEqual(Object.keys(replaced.body).sort(), ['created_at', 'game_id', 'id', 'items', 'key', 'table_value_type', 'type', 'updated_at']);
  t.is((await put(first.id, { key: 'k', type: 'number' })).status, 400);
  t.is((await api.request('GET', `/api/games/${other}/variables/${first.id}`, { token: api.users.admin.token })).status, 404, 'a variable of another game');
  t.is((await put(999999, { key: 'z', type: 'number', number_value: 1 })).status, 404);
  t.is((await api.request('DELETE', `/api/games/${id}/variables/${first.id}`, { token: api.users.admin.token })).status, 204);
  t.is((await api.request('DELETE', `/api/games/${id}/variables/${first.id}`, { token: api.users.admin.token })).status, 404);
});

test('roles and the module guard, in the order of SPEC §2.1', async (t) => {
  const { api } = t.context;
  const [enabled, disabled] = [await game(api), await game(api, [])];
  const variable = (await post(api, enabled, { key: 'k', type: 'number', number_value: 1 })).body;
  t.is((await api.request('GET', `/api/games/${enabled}/variables`)).status, 401);
  t.is((await api.request('GET', `/api/games/${enabled}/variables`, { token: api.users.user.token })).status, 403, 'the list is for staff');
  t.is((await api.request('GET', `/api/games/abc/variables`, { token: api.users.user.token })).status, 403, 'role before path');
  t.is((await api.request('GET', `/api/games/abc/variables`, { token: api.users.admin.token })).status, 400);
  t.is((await api.request('GET', `/api/games/999999/variables`, { token: api.users.admin.token })).status, 404);
  const disabledList = await api.request('GET', `/api/games/${disabled}/variables`, { token: api.users.admin.token });
  t.like(disabledList, { status: 403, body: { code: 'module_disabled' } });
  t.is((await api.request('PUT', `/api/games/${disabled}/variables/999999`, { token: api.users.admin.token, body: {} })).status, 404, 'entity before module');
  t.like(await post(api, disabled, { bad: true }), { status: 403, body: { code: 'module_disabled' } }, 'module before body');
  await api.services.modules.disconnect(COMMAND_ACTOR, enabled, 'variables');
  t.like(await api.request('DELETE', `/api/games/${enabled}/variables/${variable.id}`, { token: api.users.admin.token }), { status: 403 });
  t.like(await api.request('GET', `/api/games/${enabled}/config`, { token: api.users.user.token }), { status: 403, body: { code: 'module_disabled' } });
  await api.services.modules.connect(COMMAND_ACTOR, enabled, { module_key: 'variables' });
  t.is((await api.request('GET', `/api/games/${enabled}/variables`, { token: api.users.admin.token })).body.length, 1, 'disconnecting kept the data');
});

test('the config document: one object, a strong ETag, 304 on If-None-Match, new content after every write', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const config = (headers: Record<string, string> = {}) => api.request('GET', `/api/games/${id}/config`, { token: api.users.user.token, headers });
  const empty = await config();
  t.is(empty.status, 200);
  t.deepEqual(empty.body, {});
  await post(api, id, { key: 'speed', type: 'number', number_value: 2 });
  await post(api, id, { key: 'name', type: 'string', string_value: 'Hi' });
  await post(api, id, { key: 'prices', type: 'table', table_value_type: 'number', items: [{ key: 'gold', number_value: 5 }] });
  await post(api, id, { key: 'levels', type: 'vector', table_value_type: 'string', items: [{ index: 3, string_value: 'd' }, { index: 1, string_value: 'b' }] });
  const full = await config();
  t.deepEqual(full.body, { speed: 2, name: 'Hi', prices: { gold: 5 }, levels: [null, 'b', null, 'd'] });
  const etag = full.headers.get('etag')!;
  t.regex(etag, /^"[A-Za-z0-9_-]{32}"$/);
  t.not(etag, empty.headers.get('etag'));
  const notModified = await config({ 'if-none-match': etag });
  t.is(notModified.status, 304);
  t.is(notModified.headers.get('etag'), etag);
  t.is((await config({ 'if-none-match': `"other", W/${etag}` })).status, 304);
  t.is((await config({ 'if-none-match': '"other"' })).status, 200);

  const speed = (await api.request('GET', `/api/games/${id}/variables`, { token: api.users.admin.token })).body[0];
  await api.request('PUT', `/api/games/${id}/variables/${speed.id}`, { token: api.users.admin.token, body: { key: 'speed', type: 'number', number_value: 3 } });
  const changed = await config({ 'if-none-match': etag });
  t.is(changed.status, 200, 'a write changes the document at once');
  t.is(changed.body.speed, 3);
  t.is((await api.request('GET', '/api/games/999999/config', { token: api.users.user.token })).status, 404);
  t.is((await api.request('GET', `/api/games/${id}/config`)).status, 401);
});

test('a write (a rollback too) through one HTTP instance shows at once in the cached document of another', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  // Another instance: its own store and caches over the same MySQL and Redis (it only reads here).
  const store = createUnitOfWork(api.database.db, []);
  const shared = { store, games: api.services.games, modules: api.services.modules, versions: createConfigVersions(api.redis.redis) };
  const other = createVariablesService({ ...shared, writer: createConfigWriter(shared) });
  await post(api, id, { key: 'a', type: 'number', number_value: 1 });
  t.is((await other.configDocument(id)).body, '{"a":1}');
  await post(api, id, { key: 'b', type: 'number', number_value: 2 });
  t.is((await other.configDocument(id)).body, '{"a":1,"b":2}');
  const etag = (await other.configDocument(id)).etag;
  await api.request('POST', `/api/games/${id}/config/rollback`, { token: api.users.admin.token, body: { version: 1 } });
  t.is((await other.configDocument(id)).body, '{"a":1}', 'a rollback too (SPEC §2.4)');
  t.not((await other.configDocument(id)).etag, etag);
  await api.services.modules.disconnect(COMMAND_ACTOR, id, 'variables');
  const error = await t.throwsAsync(other.configDocument(id));
  t.is((error as { code?: string }).code, 'MODULE_DISABLED');
});

test('deleting a game deletes its variables', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  await post(api, id, { key: 'a', type: 'number', number_value: 1 });
  await api.request('DELETE', `/api/games/${id}`, { token: api.users.admin.token });
  t.is(Number((await api.database.db('variables').where({ game_id: id }).count({ n: '*' }))[0]!.n), 0);
});

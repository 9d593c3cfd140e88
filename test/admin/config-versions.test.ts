import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.4 "Versions and rollback".
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
async function game(api: TestApi) {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'C', slug: `cfg-${process.pid}-${(n += 1)}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: 'variables' });
  return id;
}
const as = (api: TestApi) => ({ token: api.users.moderator.token });
const config = (api: TestApi, id: number) => api.request('GET', `/api/games/${id}/config`, { token: api.users.user.token });

test('every change of a game\'s variables is a numbered version, newest first, with its change, key and author', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const speed = (await api.request('POST', `/api/games/${id}/variables`, { ...as(api), body: { key: 'speed', type: 'number', number_value: 1 } })).body;
  await api.request('POST', `/api/games/${id}/variables`, { ...as(api), body: { key: 'name', type: 'string', string_value: 'x' } });
  await api.request('PUT', `/api/games/${id}/variables/${speed.id}`, { ...as(api), body: { key: 'speed', type: 'number', number_value: 2 } });
  await api.request('DELETE', `/api/games/${id}/variables/${speed.id}`, as(api));
  t.is((await api.request('POST', `/api/games/${id}/variables`, { ...as(api), body: { key: 'name', type: 'string', string_value: 'dup' } })).status, 409);
  const versions = (await api.request('GET', `/api/games/${id}/config/versions`, as(api))).body;
  t.deepEqual(versions.map((v: { version: number; change: string; key: string; created_by: number }) => [v.version, v.change, v.key, v.created_by]), [
    [4, 'delete', 'speed', api.users.moderator.id],
    [3, 'update', 'speed', api.users.moderator.id],
    [2, 'create', 'name', api.users.moderator.id],
    [1, 'create', 'speed', api.users.moderator.id],
  ], 'a refused write makes no version');
  t.deepEqual((await api.request('GET', `/api/games/${id}/config/versions?limit=1&offset=1`, as(api))).body.map((v: { version: number }) => v.version), [3]);
  const third = (await api.request('GET', `/api/games/${id}/config/versions/3`, as(api))).body;
  t.deepEqual(third.document, { speed: 2, name: 'x' });
  t.deepEqual(third.variables.map((v: { key: string; type: string }) => [v.key, v.type]), [['speed', 'number'], ['name', 'string']]);
  t.is((await api.request('GET', `/api/games/${id}/config/versions/99`, as(api))).status, 404);
  t.is((await api.request('GET', `/api/games/${id}/config/versions`, { token: api.users.user.token })).status, 403);
});

test('rollback restores keys, types and values exactly, as a new version, and the config document follows under a new ETag', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const post = (body: unknown) => api.request('POST', `/api/games/${id}/variables`, { ...as(api), body });
  const a = (await post({ key: 'a', type: 'number', number_value: 1 })).body;
  await post({ key: 't', type: 'table', table_value_type: 'string', items: [{ key: 'k', string_value: 'v' }] });
  const atTwo = await config(api, id);
  t.deepEqual(atTwo.body, { a: 1, t: { k: 'v' } });
  await api.request('PUT', `/api/games/${id}/variables/${a.id}`, { ...as(api), body: { key: 'a', type: 'vector', table_value_type: 'number', items: [{ index: 2, number_value: 5 }] } });
  await post({ key: 'later', type: 'string', string_value: 'gone after the rollback' });
  const before = await config(api, id);

  const rolled = await api.request('POST', `/api/games/${id}/config/rollback`, { ...as(api), body: { version: 2 } });
  t.is(rolled.status, 200);
  t.deepEqual(rolled.body, { version: 5, document: { a: 1, t: { k: 'v' } } });
  const after = await config(api, id);
  t.deepEqual(after.body, atTwo.body, 'GET config serves the version\'s document');
  t.not(after.headers.get('etag'), before.headers.get('etag'));
  t.is((await api.request('GET', `/api/games/${id}/config`, { token: api.users.user.token, headers: { 'if-none-match': before.headers.get('etag')! } })).status, 200);
  const variables = (await api.request('GET', `/api/games/${id}/variables`, as(api))).body;
  t.deepEqual(variables.map((v: { key: string; type: string }) => [v.key, v.type]).sort(), [['a', 'number'], ['t', 'table']]);
  t.like((await api.request('GET', `/api/games/${id}/config/versions?limit=1`, as(api))).body[0], { version: 5, change: 'rollback', key: null });

  t.is((await api.request('POST', `/api/games/${id}/config/rollback`, { ...as(api), body: { version: 42 } })).status, 404);
  t.is((await api.request('POST', `/api/games/${id}/config/rollback`, { ...as(api), body: { version: 'two' } })).body.errors[0].path, 'version');
  const graph = await gql(api, `mutation { rollbackConfig(game_id: ${id}, input: { version: 1 }) { version document } }`, as(api));
  t.deepEqual(graph.body.data.rollbackConfig, { version: 6, document: { a: 1 } }, 'GraphQL rolls back through the same service');
  const listed = await gql(api, `{ configVersions(game_id: ${id}, limit: 2) { version change } }`, as(api));
  t.deepEqual(listed.body.data.configVersions, [{ version: 6, change: 'rollback' }, { version: 5, change: 'rollback' }]);
});

test('versions are behind the variables module guard, and a game keeps at least its last 300', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const v = await api.services.variables.create(COMMAND_ACTOR, id, { key: 'n', type: 'number', number_value: 0 });
  for (let i = 1; i <= 301; i += 1) await api.services.variables.replace(COMMAND_ACTOR, id, v.id, { key: 'n', type: 'number', number_value: i });
  const all = (await api.request('GET', `/api/games/${id}/config/versions?limit=1000`, as(api))).body as Array<{ version: number }>;
  t.is(all.length, 300);
  t.is(all[0]!.version, 302);
  t.deepEqual((await api.request('GET', `/api/games/${id}/config/versions/3`, as(api))).body.document, { n: 2 });
  await api.services.modules.disconnect(COMMAND_ACTOR, id, 'variables');
  for (const [method, path] of [['GET', 'config/versions'], ['GET', 'config/versions/3'], ['POST', 'config/rollback']] as const) {
    const body = method === 'POST' ? { version: 3 } : undefined;
    t.is((await api.request(method, `/api/games/${id}/${path}`, { ...as(api), body })).body.code, 'module_disabled', path);
  }
});

// Serial: the statements counted are the shared database's, so no other test of the file may run meanwhile.
test.serial('a rollback of 290 variables is a few statements, not one per variable, both ways; a version stores its variables deflated', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  await api.services.variables.create(COMMAND_ACTOR, id, { key: 'first', type: 'number', number_value: 1 } as never);
  const lastVersion = async () => (await api.request('GET', `/api/games/${id}/config/versions?limit=1`, as(api))).body[0].version as number;
  const small = await lastVersion();
  // 290: the small version must stay among the last 300 kept.
  for (let i = 0; i < 290; i += 1) {
    await api.services.variables.create(COMMAND_ACTOR, id, {
      key: `tier_${i}`, type: 'table', table_value_type: 'number',
      items: [{ key: 'reward', number_value: i * 10 }, { key: 'threshold', number_value: i * 1000 }, { key: 'weight', number_value: i % 7 }],
    } as never);
  }
  const large = await lastVersion();
  const largeDocument = (await config(api, id)).body;

  const rollback = async (version: number) => {
    const statements: string[] = [];
    const count = (query: { sql: string }) => statements.push(query.sql);
    api.database.db.on('query', count);
    const reply = await api.request('POST', `/api/games/${id}/config/rollback`, { ...as(api), body: { version } });
    api.database.db.off('query', count);
    t.is(reply.status, 200);
    return statements.length;
  };
  const down = await rollback(small); // 290 variables deleted
  t.deepEqual((await config(api, id)).body, { first: 1 });
  const up = await rollback(large); // 290 created again
  t.deepEqual((await config(api, id)).body, largeDocument);
  t.true(down < 50 && up < 50, `${down} and ${up} statements (one per variable would be 290 or more)`);

  const [row] = await api.database.db('config_versions').where({ game_id: id, version: large }).select(
    api.database.db.raw('LENGTH(variables_packed) AS packed'), api.database.db.raw('LENGTH(variables) AS plain'));
  const json = JSON.stringify((await api.request('GET', `/api/games/${id}/config/versions/${large}`, as(api))).body.variables).length;
  t.is(row.plain, null);
  t.true(row.packed < json / 5, `${row.packed} bytes stored for ${json} bytes of variables`);
});

test('rollback of a value-only change: the same key and type get their earlier value back', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const speed = (await api.request('POST', `/api/games/${id}/variables`, { ...as(api), body: { key: 'speed', type: 'number', number_value: 1 } })).body;
  await api.request('POST', `/api/games/${id}/variables`, { ...as(api), body: { key: 'names', type: 'table', table_value_type: 'string', items: [{ key: 'a', string_value: 'x' }] } });
  const names = (await api.request('GET', `/api/games/${id}/variables`, as(api))).body.find((v: { key: string }) => v.key === 'names');
  await api.request('PUT', `/api/games/${id}/variables/${speed.id}`, { ...as(api), body: { key: 'speed', type: 'number', number_value: 9 } });
  await api.request('PUT', `/api/games/${id}/variables/${names.id}`, { ...as(api), body: { key: 'names', type: 'table', table_value_type: 'string', items: [{ key: 'a', string_value: 'y' }] } });
  t.deepEqual((await config(api, id)).body, { speed: 9, names: { a: 'y' } });
  t.is((await api.request('POST', `/api/games/${id}/config/rollback`, { ...as(api), body: { version: 2 } })).status, 200);
  t.deepEqual((await config(api, id)).body, { speed: 1, names: { a: 'x' } });
  const ids = (await api.request('GET', `/api/games/${id}/variables`, as(api))).body.map((v: { id: number }) => v.id).sort();
  t.deepEqual(ids, [speed.id, names.id].sort(), 'changed in place: the same variables, not new ones');
});

import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

const test = anyTest as TestFn<{ api: TestApi; en: number; ru: number }>;
test.before(async (t) => {
  t.context.api = await createTestApi();
  const languages = await t.context.api.database.db('languages').select('id', 'code');
  t.context.en = languages.find((l) => l.code === 'en')!.id;
  t.context.ru = languages.find((l) => l.code === 'ru')!.id;
});
test.after.always(async (t) => {
  await t.context.api?.close();
});

let n = 0;
async function game(api: TestApi, modules = ['notification']): Promise<number> {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'N', slug: `notes-${(n += 1)}` })).id;
  for (const key of modules) await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: key });
  return id;
}
const body = (en: number, ru: number) => ({
  name: 'Daily bonus',
  descriptions: [
    { language_id: ru, description: 'Бонус {{bonus}} для {{login}}' },
    { language_id: en, description: 'Bonus {{bonus}} for {{login}} at {{time_second}} {{image}} in {{zone}}' },
  ],
  variables: [{ key: 'bonus' }, { key: 'zone' }],
  entries: [
    { time_second: 3600, image: '/uploads/images/a.png', login: 'bob', variables: [{ key: 'zone', value: 'eu' }, { key: 'bonus', value: '5' }] },
    { time_second: 0, image: '', login: '', variables: [{ key: 'bonus', value: '1' }, { key: 'zone', value: 'us' }] },
  ],
});
const paths = (reply: { body: { errors?: Array<{ path: string }> } }) => (reply.body.errors ?? []).map((e) => e.path).sort();

test('create, read with macros, list, replace and delete; the order of descriptions and entries is kept', async (t) => {
  const { api, en, ru } = t.context;
  const id = await game(api);
  const created = await api.request('POST', `/api/games/${id}/notifications`, { token: api.users.moderator.token, body: body(en, ru) });
  t.is(created.status, 201);
  t.like(created.body, { game_id: id, ...body(en, ru) });
  t.is(created.headers.get('location'), `/api/games/${id}/notifications/${created.body.id}`);
  const one = await api.request('GET', `/api/games/${id}/notifications/${created.body.id}`, { token: api.users.user.token });
  t.deepEqual(one.body.macros, ['{{time_second}}', '{{image}}', '{{login}}', '{{bonus}}', '{{zone}}']);
  t.deepEqual(one.body.descriptions, body(en, ru).descriptions);
  t.deepEqual(one.body.entries, body(en, ru).entries);
  const list = await api.request('GET', `/api/games/${id}/notifications`, { token: api.users.user.token });
  t.is(list.body.length, 1);
  t.false('macros' in list.body[0]);
  const replaced = await api.request('PUT', `/api/games/${id}/notifications/${created.body.id}`, {
    token: api.users.admin.token,
    body: { name: 'Renamed', descriptions: [{ language_id: en, description: 'plain' }], entries: [{ time_second: 5, image: '', login: '' }] },
  });
  t.is(replaced.status, 200);
  t.like(replaced.body, { name: 'Renamed', variables: [], descriptions: [{ language_id: en, description: 'plain' }] });
  t.is((await api.request('DELETE', `/api/games/${id}/notifications/${created.body.id}`, { token: api.users.admin.token })).status, 204);
  t.is((await api.request('GET', `/api/games/${id}/notifications/${created.body.id}`, { token: api.users.user.token })).status, 404);
});

test('every rule of the seed and SPEC §2.5, each violation with its path', async (t) => {
  const { api, en, ru } = t.context;
  const id = await game(api);
  const post = (payload: unknown) => api.request('POST', `/api/games/${id}/notifications`, { token: api.users.admin.token, body: payload });
  t.deepEqual(paths(await post({})), ['descriptions', 'entries', 'name']);
  t.deepEqual(paths(await post({ ...body(en, ru), name: '', descriptions: [], entries: [] })), ['descriptions', 'entries', 'name']);
  const reused = await post({ ...body(en, ru), descriptions: [{ language_id: en, description: 'a' }, { language_id: en, description: 'b' }, { language_id: 999999, description: 'c' }] });
  t.deepEqual(paths(reused), ['descriptions[1].language_id', 'descriptions[2].language_id']);
  const forbidden = await post({ ...body(en, ru), descriptions: [{ language_id: en, description: '{{bonus}}' }], variables: [{ key: 'login' }, { key: 'bonus' }, { key: 'bonus' }, { key: '9lives' }], entries: [{ time_second: 1, image: '', login: '', variables: [{ key: 'bonus', value: '' }] }] });
  t.deepEqual(paths(forbidden), ['variables[0].key', 'variables[2].key', 'variables[3].key']);
  const macro = await post({ ...body(en, ru), descriptions: [{ language_id: en, description: 'Hi {{player}} and {{login}}' }] });
  t.is(macro.status, 400);
  t.deepEqual(paths(macro), ['descriptions[0].description']);
  t.regex(macro.body.errors[0].message, /\{\{player\}\}/);
  const entries = await post({
    ...body(en, ru),
    entries: [
      { time_second: -1, image: 'x', login: 'y', variables: [{ key: 'bonus', value: '1' }, { key: 'zone', value: 'z' }] },
      { time_second: 1.5, login: 'y', variables: [{ key: 'bonus', value: '1' }] },
      { time_second: 2, image: '', login: '', variables: [{ key: 'bonus', value: '1' }, { key: 'zone', value: 'z' }, { key: 'extra', value: 'e' }] },
    ],
  });
  t.deepEqual(paths(entries), ['entries[0].time_second', 'entries[1].image', 'entries[1].time_second', 'entries[1].variables', 'entries[2].variables[2].key']);
  t.deepEqual((await api.request('GET', `/api/games/${id}/notifications`, { token: api.users.admin.token })).body, []);
});

test('roles, wrong parents and the module guard, in the order of SPEC §2.1', async (t) => {
  const { api, en, ru } = t.context;
  const [id, other, disabled] = [await game(api), await game(api), await game(api, [])];
  const note = (await api.request('POST', `/api/games/${id}/notifications`, { token: api.users.admin.token, body: body(en, ru) })).body;
  t.is((await api.request('POST', `/api/games/${id}/notifications`, { token: api.users.user.token, body: body(en, ru) })).status, 403);
  t.is((await api.request('GET', `/api/games/${other}/notifications/${note.id}`, { token: api.users.user.token })).status, 404, 'another game\'s notification');
  t.like(await api.request('GET', `/api/games/${disabled}/notifications`, { token: api.users.user.token }), { status: 403, body: { code: 'module_disabled' } });
  t.like(await api.request('POST', `/api/games/${disabled}/notifications`, { token: api.users.admin.token, body: {} }), { status: 403, body: { code: 'module_disabled' } });
  t.is((await api.request('PUT', `/api/games/${disabled}/notifications/${note.id}`, { token: api.users.admin.token, body: {} })).status, 404);
});

test('after the module is disconnected, one notification is 403 module_disabled to GET, PUT and DELETE, REST and GraphQL, and is kept', async (t) => {
  const { api, en, ru } = t.context;
  const id = await game(api);
  const note = (await api.request('POST', `/api/games/${id}/notifications`, { token: api.users.admin.token, body: body(en, ru) })).body;
  t.is((await api.request('DELETE', `/api/games/${id}/modules/notification`, { token: api.users.admin.token })).status, 204);
  const path = `/api/games/${id}/notifications/${note.id}`;
  const token = api.users.admin.token;
  for (const [method, payload] of [['GET', undefined], ['PUT', body(en, ru)], ['DELETE', undefined]] as const) {
    t.like(await api.request(method, path, { token, body: payload }), { status: 403, body: { code: 'module_disabled' } }, method);
  }
  const input = 'descriptions: [{ language_id: ' + en + ', description: "d" }], entries: [{ time_second: 0, image: "", login: "" }]';
  for (const query of [
    `{ notification(game_id: ${id}, id: ${note.id}) { id } }`,
    `mutation { replaceNotification(game_id: ${id}, id: ${note.id}, input: { name: "n", ${input} }) { id } }`,
    `mutation { deleteNotification(game_id: ${id}, id: ${note.id}) }`,
  ]) {
    const reply = await gql(api, query, { token });
    t.deepEqual(reply.body.errors?.map((error: { extensions: { code: string } }) => error.extensions.code), ['MODULE_DISABLED'], query);
  }
  t.truthy(await api.database.db('notifications').where({ id: note.id }).first(), 'the row is kept');
  await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: 'notification' });
  t.like((await api.request('GET', path, { token })).body, { id: note.id, name: 'Daily bonus' });
});

test('a language a notification uses cannot be deleted (409); deleting the game takes its notifications along', async (t) => {
  const { api, en } = t.context;
  const id = await game(api);
  const language = (await api.request('POST', '/api/languages', { token: api.users.admin.token, body: { code: 'de', name: 'Deutsch' } })).body;
  await api.request('POST', `/api/games/${id}/notifications`, {
    token: api.users.admin.token,
    body: { name: 'x', descriptions: [{ language_id: en, description: 'a' }, { language_id: language.id, description: 'b' }], entries: [{ time_second: 0, image: '', login: '' }] },
  });
  const refused = await api.request('DELETE', `/api/languages/${language.id}`, { token: api.users.admin.token });
  t.like(refused, { status: 409, body: { code: 'conflict' } });
  t.is((await api.request('DELETE', `/api/games/${id}`, { token: api.users.admin.token })).status, 204);
  t.is(Number((await api.database.db('notifications').where({ game_id: id }).count({ n: '*' }))[0]!.n), 0);
  t.is((await api.request('DELETE', `/api/languages/${language.id}`, { token: api.users.admin.token })).status, 204, 'no longer in use');
});

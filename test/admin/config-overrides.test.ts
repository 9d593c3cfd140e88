import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.12 "Timed config overrides", with an injected clock: a window opens and closes when the test
// moves the clock, never after a sleep.
let now = Date.parse('2026-12-01T10:00:00.000Z');
const typed = anyTest as TestFn<{ api: TestApi }>;
const test = typed.serial; // the tests share the clock
useSharedTestApi(typed, {}, { clock: () => now });

const at = (offsetS: number) => new Date(now + offsetS * 1000).toISOString();
let n = 0;
async function game(api: TestApi) {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'O', slug: `ovr-${process.pid}-${(n += 1)}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: 'variables' });
  for (const body of [
    { key: 'speed', type: 'number', number_value: 1 },
    { key: 'title', type: 'string', string_value: 'base' },
    { key: 'prices', type: 'table', table_value_type: 'number', items: [{ key: 'sword', number_value: 10 }] },
  ]) await api.services.variables.create(COMMAND_ACTOR, id, body);
  return id;
}
const staff = (api: TestApi) => ({ token: api.users.moderator.token });
const config = (api: TestApi, id: number, etag?: string) =>
  api.request('GET', `/api/games/${id}/config`, { token: api.users.user.token, headers: etag ? { 'if-none-match': etag } : {} });
const post = (api: TestApi, id: number, body: unknown) => api.request('POST', `/api/games/${id}/config/overrides`, { ...staff(api), body });

test('a window serves the overridden values under its own ETag and names itself; before and after it the base document, 304s right across both edges', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const base = await config(api, id);
  t.deepEqual(base.body, { speed: 1, title: 'base', prices: { sword: 10 } });
  t.is(base.headers.get('config-overrides'), null);

  const made = await post(api, id, { name: 'Winter sale, 50%', starts_at: at(60), ends_at: at(120), variables: [{ key: 'prices', items: [{ key: 'sword', number_value: 5 }] }, { key: 'speed', number_value: 1 }] });
  t.is(made.status, 201, JSON.stringify(made.body));
  t.like(made.body, { name: 'Winter sale, 50%', live: false, starts_at: at(60), ends_at: at(120) });
  t.deepEqual(made.body.variables, [{ key: 'prices', type: 'table', table_value_type: 'number', items: [{ key: 'sword', number_value: 5 }] }, { key: 'speed', type: 'number', number_value: 1 }]);
  t.is(made.headers.get('location'), `/api/games/${id}/config/overrides/${made.body.id}`);

  const before = await config(api, id);
  t.deepEqual(before.body, base.body, 'not live yet: the base document');
  t.is(before.headers.get('etag'), base.headers.get('etag'), 'an override that is not live leaves the document and its ETag as they were');
  t.is((await config(api, id, base.headers.get('etag')!)).status, 304);

  now += 60_000; // the window opens, with no write
  t.is((await config(api, id, base.headers.get('etag')!)).status, 200, 'the base ETag is stale the instant the window opens');
  const live = await config(api, id);
  t.deepEqual(live.body, { speed: 1, title: 'base', prices: { sword: 5 } });
  t.is(live.headers.get('config-overrides'), 'Winter%20sale%2C%2050%25', 'names are percent-encoded, so a comma in one survives');
  t.not(live.headers.get('etag'), base.headers.get('etag'));
  const notModified = await config(api, id, live.headers.get('etag')!);
  t.is(notModified.status, 304);
  t.is(notModified.headers.get('config-overrides'), 'Winter%20sale%2C%2050%25');
  t.true((await api.request('GET', `/api/games/${id}/config/overrides/${made.body.id}`, staff(api))).body.live);
  const graph = await gql(api, `{ config(game_id: ${id}) { etag overrides document } }`, { token: api.users.user.token });
  t.deepEqual(graph.body.data.config, { etag: live.headers.get('etag'), overrides: ['Winter sale, 50%'], document: live.body });

  now += 60_000; // the window closes: ends_at is not in it
  t.is((await config(api, id, live.headers.get('etag')!)).status, 200);
  const after = await config(api, id);
  t.deepEqual(after.body, base.body);
  t.is(after.headers.get('etag'), base.headers.get('etag'), 'after the window, the base document\'s own ETag');
  t.is(after.headers.get('config-overrides'), null);
});

test('an ETag changes at a boundary even when the override\'s values equal the base ones', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  await post(api, id, { name: 'same', starts_at: at(10), ends_at: at(20), variables: [{ key: 'speed', number_value: 1 }] });
  const base = await config(api, id);
  now += 10_000;
  const live = await config(api, id, base.headers.get('etag')!);
  t.is(live.status, 200);
  t.deepEqual(live.body, base.body);
  t.is(live.headers.get('config-overrides'), 'same');
  now += 10_000;
});

test('overlapping overrides of a key: the later start wins, whatever the order they were made in; each live one is named in the order they apply', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const later = await post(api, id, { name: 'later', starts_at: at(-10), ends_at: at(100), variables: [{ key: 'speed', number_value: 3 }] });
  await post(api, id, { name: 'earlier', starts_at: at(-20), ends_at: at(200), variables: [{ key: 'speed', number_value: 2 }, { key: 'title', string_value: 'event' }] });
  const live = await config(api, id);
  t.deepEqual(live.body, { speed: 3, title: 'event', prices: { sword: 10 } });
  t.is(live.headers.get('config-overrides'), 'earlier, later');

  now += 100_000; // `later` ends; `earlier` still runs
  t.deepEqual((await config(api, id)).body, { speed: 2, title: 'event', prices: { sword: 10 } });
  t.is((await config(api, id)).headers.get('config-overrides'), 'earlier');
  const listed = await api.request('GET', `/api/games/${id}/config/overrides`, staff(api));
  t.deepEqual(listed.body.map((o: { name: string; live: boolean }) => [o.name, o.live]), [['later', false], ['earlier', true]], 'the latest start first');
  t.is(listed.headers.get('x-total-count'), '2');
  t.is(later.status, 201);
  now += 100_000;
});

test('writes take effect at once (no cache waits for its expiry), are audited, and make no config version; a rollback leaves overrides alone', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const versions = async () => (await api.request('GET', `/api/games/${id}/config/versions`, staff(api))).body.length;
  const versionsBefore = await versions();
  const made = (await post(api, id, { name: 'e', starts_at: at(-1), ends_at: at(50), variables: [{ key: 'title', string_value: 'one' }] })).body;
  t.is((await config(api, id)).body.title, 'one');

  const put = await api.request('PUT', `/api/games/${id}/config/overrides/${made.id}`, { ...staff(api), body: { name: 'e2', starts_at: at(-1), ends_at: at(50), variables: [{ key: 'title', string_value: 'two' }] } });
  t.is(put.status, 200);
  t.like(put.body, { name: 'e2', live: true });
  t.is((await config(api, id)).body.title, 'two');
  t.is((await config(api, id)).headers.get('config-overrides'), 'e2');
  t.is(await versions(), versionsBefore, 'overrides are not config versions');

  t.is((await api.request('POST', `/api/games/${id}/config/rollback`, { ...staff(api), body: { version: 2 } })).status, 200);
  t.deepEqual((await config(api, id)).body, { speed: 1, title: 'two' }, 'the rollback changed the variables; the override still applies over them');

  t.is((await api.request('DELETE', `/api/games/${id}/config/overrides/${made.id}`, staff(api))).status, 204);
  t.is((await config(api, id)).body.title, 'base');
  t.is((await api.request('GET', `/api/games/${id}/config/overrides/${made.id}`, staff(api))).status, 404);

  const audit = (await api.request('GET', `/api/audit?target_type=config_override&target_id=${made.id}`, { token: api.users.admin.token })).body;
  t.deepEqual(audit.map((e: { action: string }) => e.action), ['config_override.delete', 'config_override.update', 'config_override.create']);
  t.like(audit[1], { game_id: id, actor_user_id: api.users.moderator.id, changes: { name: ['e', 'e2'], variables: [[{ key: 'title', type: 'string', string_value: 'one' }], [{ key: 'title', type: 'string', string_value: 'two' }]] } });
});

/** One entry per rule an entry can break: an unknown key, a value of another type, a type given wrong, an item of the wrong type, a key twice. */
const WRONG_ENTRIES = [
  { key: 'missing', number_value: 1 },
  { key: 'speed', string_value: 'fast' },
  { key: 'title', type: 'number', string_value: 'x' },
  { key: 'prices', items: [{ key: 'sword', string_value: 'cheap' }] },
  { key: 'speed', number_value: 2 },
];

test('an override names existing keys with values of their types: every violation is a 400 naming its path, and nothing is stored', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const refused = await post(api, id, {
    name: '', starts_at: at(10), ends_at: at(5),
    variables: WRONG_ENTRIES,
  });
  t.is(refused.status, 400);
  const paths = refused.body.errors.map((e: { path: string }) => e.path);
  t.true(paths.includes('name'), JSON.stringify(refused.body.errors));
  t.true(paths.includes('ends_at'));
  // The body's own rules are judged first; the entries against the variables once those pass.
  const entries = await post(api, id, {
    name: 'x', starts_at: at(0), ends_at: at(5),
    variables: WRONG_ENTRIES,
  });
  t.is(entries.status, 400);
  t.deepEqual(entries.body.errors.map((e: { path: string }) => e.path).sort(), [
    'variables[0].key', 'variables[1].number_value', 'variables[1].string_value', 'variables[2].type',
    'variables[3].items[0].number_value', 'variables[3].items[0].string_value', 'variables[4].key',
  ].sort());
  t.like(entries.body.errors.find((e: { path: string }) => e.path === 'variables[0].key'), { message: 'names no variable of this game ("missing")' });
  t.deepEqual((await post(api, id, { name: 'x', starts_at: 'tomorrow', ends_at: at(5), variables: ['not an object'] })).body.errors.map((e: { path: string }) => e.path), ['starts_at', 'variables[0]']);
  t.deepEqual((await post(api, id, { name: 'x', starts_at: at(0), ends_at: at(5), variables: [] })).body.errors.map((e: { path: string }) => e.path), ['variables']);
  t.is((await api.request('GET', `/api/games/${id}/config/overrides`, staff(api))).body.length, 0);

  t.is((await post(api, id, { name: 'x', starts_at: at(0), ends_at: at(5), variables: [{ key: 'speed', number_value: 2 }] }, )).status, 201);
  t.is((await api.request('POST', `/api/games/${id}/config/overrides`, { token: api.users.user.token, body: {} })).status, 403, 'staff only');
  t.is((await api.request('GET', '/api/games/999999/config/overrides', staff(api))).status, 404);
});

test('GraphQL makes, lists and deletes overrides through the same service', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const made = await gql(api, `mutation { createConfigOverride(game_id: ${id}, input: { name: "g", starts_at: "${at(-5)}", ends_at: "${at(5)}", variables: [{ key: "speed", number_value: 9 }] }) { id live variables } }`, staff(api));
  t.like(made.body.data.createConfigOverride, { live: true, variables: [{ key: 'speed', type: 'number', number_value: 9 }] });
  const listed = await gql(api, `{ configOverrides(game_id: ${id}) { name live } configOverridesTotal(game_id: ${id}) config(game_id: ${id}) { overrides } }`, staff(api));
  t.deepEqual(listed.body.data, { configOverrides: [{ name: 'g', live: true }], configOverridesTotal: 1, config: { overrides: ['g'] } });
  const bad = await gql(api, `mutation { createConfigOverride(game_id: ${id}, input: { name: "g", starts_at: "${at(-5)}", ends_at: "${at(5)}", variables: [{ key: "speed", string_value: "x" }] }) { id } }`, staff(api));
  t.is(bad.body.errors[0].extensions.code, 'VALIDATION_FAILED');
  const removed = await gql(api, `mutation { deleteConfigOverride(game_id: ${id}, id: ${made.body.data.createConfigOverride.id}) }`, staff(api));
  t.is(removed.body.data.deleteConfigOverride, true);
  t.deepEqual((await config(api, id)).body.speed, 1);
});

test('an override whose variable was deleted or retyped since is skipped for that key; the variable\'s base value stands', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  await post(api, id, { name: 'w', starts_at: at(-5), ends_at: at(5), variables: [{ key: 'speed', number_value: 7 }, { key: 'title', string_value: 'w' }] });
  const speed = (await api.services.variables.list(id, { limit: 10, offset: 0 })).find((v) => v.key === 'speed')!;
  await api.services.variables.replace(COMMAND_ACTOR, id, speed.id, { key: 'speed', type: 'string', string_value: 'now a string' });
  t.deepEqual((await config(api, id)).body, { speed: 'now a string', title: 'w', prices: { sword: 10 } });
});

test('a window\'s end is exclusive: a request at exactly ends_at gets the base document and its ETag, right after one in the last millisecond of the window', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const base = await config(api, id);
  const made = await post(api, id, { name: 'short', starts_at: at(0), ends_at: at(30), variables: [{ key: 'speed', number_value: 9 }] });
  t.is(made.status, 201);
  const endsAt = Date.parse(made.body.ends_at);
  now = endsAt - 1;
  const last = await config(api, id);
  t.is(last.body.speed, 9, 'live in its last millisecond');
  now = endsAt;
  const after = await config(api, id);
  t.deepEqual(after.body, base.body);
  t.is(after.headers.get('etag'), base.headers.get('etag'));
  t.is(after.headers.get('config-overrides'), null);
});

test('an override that has already ended is a 400 naming ends_at; a game holds 100 overrides, ended ones counted until deleted; large values reach the audit log as a digest and a size (review item 12)', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const past = await post(api, id, { name: 'over', starts_at: at(-120), ends_at: at(-60), variables: [{ key: 'speed', number_value: 2 }] });
  t.is(past.status, 400);
  t.deepEqual(past.body.errors.map((e: { path: string }) => e.path), ['ends_at']);

  const made: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const reply = await post(api, id, { name: `o${i}`, starts_at: at(0), ends_at: at(10), variables: [{ key: 'speed', number_value: i }] });
    t.is(reply.status, 201);
    made.push(reply.body.id);
  }
  now += 20_000; // all of them have ended
  const full = await post(api, id, { name: 'one more', starts_at: at(0), ends_at: at(10), variables: [{ key: 'speed', number_value: 2 }] });
  t.is(full.status, 409, 'ended overrides still count');
  t.regex(full.body.detail, /at most 100 overrides/);
  t.is((await api.request('DELETE', `/api/games/${id}/config/overrides/${made[0]}`, staff(api))).status, 204);
  const big = await post(api, id, { name: 'big', starts_at: at(0), ends_at: at(10), variables: [{ key: 'speed', number_value: 3 }, { key: 'title', string_value: 'x'.repeat(60_000) }] });
  t.is(big.status, 201, 'room again after a delete');
  const entry = (await api.request('GET', `/api/audit?action=config_override.create&target_id=${big.body.id}`, { token: api.users.admin.token })).body[0];
  t.like(entry.changes.variables[1], { bytes: Buffer.byteLength(JSON.stringify(big.body.variables)) });
  t.regex(entry.changes.variables[1].sha256, /^[0-9a-f]{64}$/);
  t.true(JSON.stringify(entry).length < 2000, 'the entry stays small');
});

test('the 1 MiB bound holds at every instant: an override overlapping another, or a base write under a window to come, that would pass it is a 409 (review item 13)', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const keys = Array.from({ length: 20 }, (_, i) => `s${i}`);
  for (const key of keys) await api.services.variables.create(COMMAND_ACTOR, id, { key, type: 'string', string_value: '' });
  // Ten strings of 60,000 characters: about 600 KB of document each.
  const tenLarge = (from: number) => keys.slice(from, from + 10).map((key) => ({ key, string_value: 'z'.repeat(60_000) }));
  const first = await post(api, id, { name: 'first', starts_at: at(100), ends_at: at(200), variables: tenLarge(0) });
  t.is(first.status, 201, JSON.stringify(first.body).slice(0, 300));
  const apart = await post(api, id, { name: 'apart', starts_at: at(200), ends_at: at(300), variables: tenLarge(10) });
  t.is(apart.status, 201, 'touching, not overlapping');
  const overlapping = await post(api, id, { name: 'second', starts_at: at(150), ends_at: at(250), variables: tenLarge(10) });
  t.is(overlapping.status, 409);
  t.regex(overlapping.body.detail, /1 MiB/);
  t.regex(overlapping.body.detail, /"first", "second"/);
  const sparse = (key: string) => ({ key, type: 'vector', table_value_type: 'number', items: [{ index: 65535, number_value: 1 }] });
  t.is((await api.request('POST', `/api/games/${id}/variables`, { ...staff(api), body: sparse('v1') })).status, 201, 'the base with one sparse vector fits under every window');
  const baseWrite = await api.request('POST', `/api/games/${id}/variables`, { ...staff(api), body: sparse('v2') });
  t.is(baseWrite.status, 409, 'the base alone fits, not under the windows to come');
  t.regex(baseWrite.body.detail, /with the overrides "(first|apart)" live/);
  t.is((await api.request('GET', `/api/games/${id}/config/overrides`, staff(api))).body.length, 2, 'nothing more stored');
});

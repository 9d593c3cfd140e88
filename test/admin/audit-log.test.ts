import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { REDACTED } from '../../src/admin/audit/audit-changes';
import { createHash } from 'node:crypto';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.11: one entry per successful write, in the write's transaction, through REST, GraphQL and commands.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
const slug = () => `audit-${process.pid}-${(n += 1)}`;
const admin = (api: TestApi) => ({ token: api.users.admin.token });
const entries = async (api: TestApi, query: string) => (await api.request('GET', `/api/audit?${query}`, admin(api))).body as Array<Record<string, unknown>>;

test('a REST write records who, from where, under which request, and each changed field as [before, after]', async (t) => {
  const { api } = t.context;
  // The caller's X-Request-Id is not what the entry stores: anyone could send another request's id.
  const created = await api.request('POST', '/api/games', { token: api.users.moderator.token, body: { name: 'Audited', slug: slug() }, headers: { 'x-request-id': 'caller-chosen' } });
  const requestId = created.headers.get('x-request-id');
  t.regex(requestId ?? '', /^[0-9a-f-]{36}$/);
  const id = created.body.id as number;
  await api.request('PUT', `/api/games/${id}`, { token: api.users.admin.token, body: { name: 'Renamed', slug: created.body.slug } });
  await api.request('DELETE', `/api/games/${id}`, admin(api));
  const log = await entries(api, `target_type=game&target_id=${id}`);
  t.deepEqual(log.map((entry) => entry.action), ['game.delete', 'game.update', 'game.create'], 'newest first');
  const [deleted, updated, first] = log;
  t.like(first, { actor_user_id: api.users.moderator.id, actor_role: 'moderator', target_type: 'game', target_id: String(id), game_id: id, request_id: requestId });
  t.truthy(first!.ip);
  t.deepEqual((first!.changes as Record<string, unknown>).name, [null, 'Audited']);
  t.deepEqual(updated!.changes, { name: ['Audited', 'Renamed'] }, 'only what changed');
  t.deepEqual((deleted!.changes as Record<string, unknown>).name, ['Renamed', null]);
});

test('entries name their actor, game and target as they are now; the actions the log holds are listed for a picker', async (t) => {
  const { api } = t.context;
  const game = (await api.request('POST', '/api/games', { token: api.users.moderator.token, body: { name: 'Named Game', slug: slug() } })).body;
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { ...admin(api), body: { game_id: game.id } })).body;
  const [created] = await entries(api, `action=game.create&target_id=${game.id}`);
  t.like(created, { actor_username: 'mo_moderator', game_name: 'Named Game', target_name: 'Named Game' });
  const [connected] = await entries(api, `action=user_game.create&target_id=${ug.id}`);
  t.like(connected, { actor_user_id: api.users.admin.id, game_name: 'Named Game', target_name: 'uma_user' }, "a user-game is named by its player");
  await api.request('PATCH', `/api/users/${api.users.other.id}`, { ...admin(api), body: { is_active: true } });
  const [patched] = await entries(api, `action=user.update&target_id=${api.users.other.id}`);
  t.like(patched, { target_name: 'otto_other', game_name: null });
  for (const key of ['variables', 'leaderboard']) await api.services.modules.connect(COMMAND_ACTOR, game.id, { module_key: key });
  const variable = (await api.request('POST', `/api/games/${game.id}/variables`, { ...admin(api), body: { key: 'lives', type: 'number', number_value: 3 } })).body;
  const board = (await api.request('POST', `/api/games/${game.id}/leaderboards`, { ...admin(api), body: { key: 'top', name: 'Top Players' } })).body;
  t.like((await entries(api, `action=variable.create&target_id=${variable.id}`))[0], { target_name: 'lives', game_name: 'Named Game' }, 'a variable by its key');
  t.like((await entries(api, `action=leaderboard.create&target_id=${board.id}`))[0], { target_name: 'Top Players' });
  await api.services.games.update(COMMAND_ACTOR, game.id, { name: 'Renamed Game' });
  const [byCommand] = await entries(api, `action=game.update&target_id=${game.id}`);
  t.like(byCommand, { actor_user_id: null, actor_username: null, target_name: 'Renamed Game' });
  const actions = (await api.request('GET', '/api/audit/actions', admin(api))).body as string[];
  t.true(actions.includes('game.create') && actions.includes('user_game.create'));
  t.deepEqual(actions, [...actions].sort(), 'in order');
  t.is((await api.request('GET', '/api/audit/actions', { token: api.users.moderator.token })).status, 403);
  // Other tests write to the same log meanwhile: GraphQL, asked after, lists at least the same actions.
  const inGraphql = (await gql(api, '{ auditActions }', admin(api))).body.data.auditActions as string[];
  t.deepEqual(actions.filter((action) => !inGraphql.includes(action)), []);
});

test('a refused write (400, 403, 409) adds no entry', async (t) => {
  const { api } = t.context;
  const taken = (await api.services.games.create(COMMAND_ACTOR, { name: 'T', slug: slug() })).slug;
  const requestIds: string[] = [];
  const post = async (options: { token: string; body: unknown }) => {
    const reply = await api.request('POST', '/api/games', options);
    requestIds.push(reply.headers.get('x-request-id')!);
    return reply.status;
  };
  t.is(await post({ ...admin(api), body: { name: 'Again', slug: taken } }), 409);
  t.is(await post({ ...admin(api), body: { name: '' } }), 400);
  t.is(await post({ token: api.users.user.token, body: { name: 'x', slug: slug() } }), 403);
  t.is(await post({ ...admin(api), body: { name: 'ok', slug: slug() } }), 201);
  t.deepEqual(await api.database.db('audit_log').whereIn('request_id', requestIds).pluck('action'), ['game.create'], 'only the write that succeeded');
});

test('secrets never appear: invite codes and password hashes are redacted', async (t) => {
  const { api } = t.context;
  const invite = (await api.request('POST', '/api/invites', { ...admin(api), body: { role: 'user', max_uses: 1 } })).body;
  const name = `aud_${process.pid}_${(n += 1)}`;
  const registered = await api.request('POST', '/api/auth/register', { body: { email: `${name}@example.com`, username: name, password: 'long enough pw', invite_code: invite.code } });
  const log = JSON.stringify(await entries(api, 'limit=50'));
  t.false(log.includes(invite.code));
  t.false(log.includes('long enough pw'));
  t.false(/scrypt|argon|\$[0-9a-z]+\$/.test(log));
  const [inviteEntry] = await entries(api, `action=invite.create&target_id=${invite.id}`);
  t.deepEqual((inviteEntry!.changes as Record<string, unknown>).code, [null, REDACTED]);
  const [registration] = await entries(api, `action=user.register&target_id=${registered.body.user.id}`);
  t.like(registration!.changes, { password_hash: [null, REDACTED], invite_code: [null, REDACTED], username: [null, name] });
  t.like(registration, { actor_user_id: registered.body.user.id, actor_role: 'user' }, 'a user registering is their own actor');
});

test('GraphQL writes, top-ups and score saves are audited; a repeated Idempotency-Key adds no entry', async (t) => {
  const { api } = t.context;
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'G', slug: slug() })).id;
  await gql(api, `mutation { connectModule(game_id: ${gameId}, input: { module_key: "leaderboard" }) { key } }`, admin(api));
  const [connect] = await entries(api, `action=module.connect&game_id=${gameId}`);
  t.like(connect, { actor_user_id: api.users.admin.id, actor_role: 'admin', target_id: 'leaderboard' });
  const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: gameId });
  const topup = { ...admin(api), body: { amount: 500, comment: 'gift' }, headers: { 'idempotency-key': `k-${gameId}` } };
  await api.request('POST', `/api/user-games/${ug.id}/topup`, topup);
  await api.request('POST', `/api/user-games/${ug.id}/topup`, topup);
  const topups = await entries(api, `action=user_game.topup&target_id=${ug.id}`);
  t.is(topups.length, 1);
  t.like(topups[0]!.changes, { amount: [null, 500], currency: [null, 'EUR'], comment: [null, 'gift'] });
  const board = await api.services.leaderboards.create(COMMAND_ACTOR, gameId, { key: 'k', name: 'L' });
  await api.request('POST', `/api/leaderboards/${board.id}/scores`, { token: api.users.moderator.token, body: { user_game_id: ug.id, score: 12 } });
  const [saved] = await entries(api, `action=score.save&game_id=${gameId}`);
  t.like(saved, { actor_user_id: api.users.moderator.id, target_type: 'score', target_id: `${board.id}:${ug.id}`, changes: { score: [null, 12] } });
});

test('only admins read the log, with every filter and paging; nothing changes or deletes an entry', async (t) => {
  const { api } = t.context;
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'F', slug: slug() })).id;
  await api.request('PUT', `/api/games/${id}`, { ...admin(api), body: { description: 'one' } });
  await api.request('PUT', `/api/games/${id}`, { ...admin(api), body: { description: 'two' } });
  t.is((await api.request('GET', '/api/audit', { token: api.users.moderator.token })).status, 403);
  t.is((await api.request('GET', '/api/audit')).status, 401);
  const mine = await entries(api, `actor_user_id=${api.users.admin.id}&game_id=${id}&action=game.update`);
  t.deepEqual(mine.map((entry) => (entry.changes as { description: unknown[] }).description[1]), ['two', 'one']);
  t.is((await entries(api, `game_id=${id}&action=game.update&limit=1&offset=1`))[0]!.id, mine[1]!.id);
  const at = mine[0]!.created_at as string;
  t.is((await entries(api, `game_id=${id}&since=${encodeURIComponent(at)}`)).length >= 1, true);
  t.is((await entries(api, `game_id=${id}&until=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`)).length, 0);
  t.is((await api.request('GET', '/api/audit?since=yesterday', admin(api))).status, 400);
  t.is((await api.request('GET', '/api/audit?limit=0', admin(api))).status, 400);
  for (const method of ['PUT', 'PATCH', 'DELETE']) t.is((await api.request(method, '/api/audit', { ...admin(api), body: method === 'DELETE' ? undefined : {} })).status, 405, method);
  const graph = await gql(api, `{ audit(game_id: ${id}, action: "game.update", limit: 1) { action changes } }`, admin(api));
  t.deepEqual(graph.body.data.audit, [{ action: 'game.update', changes: { description: ['one', 'two'] } }]);
  const db = api.database.db;
  await t.throwsAsync(db('audit_log').where({ id: mine[0]!.id }).update({ action: 'forged' }), { message: /cannot be changed/ });
  await t.throwsAsync(db('audit_log').where({ id: mine[0]!.id }).delete(), { message: /cannot be deleted/ });
});

test('paging: after_id continues newest first from an id in constant time, offset stops at 10,000, and two filters read one index', async (t) => {
  const { api } = t.context;
  const game = await api.services.games.create(COMMAND_ACTOR, { name: 'Paged', slug: slug() });
  for (let i = 0; i < 5; i += 1) await api.request('PUT', `/api/games/${game.id}`, { ...admin(api), body: { name: `Paged ${i}` } });
  const all = await entries(api, `game_id=${game.id}&target_type=game`);
  t.is(all.length, 6);
  const first = await entries(api, `game_id=${game.id}&target_type=game&limit=2`);
  const next = await entries(api, `game_id=${game.id}&target_type=game&limit=2&after_id=${first[1]!.id}`);
  t.deepEqual([...first, ...next].map((entry) => entry.id), all.slice(0, 4).map((entry) => entry.id));
  const gql = await api.request('POST', '/graphql', { ...admin(api), body: { query: `{ audit(game_id: ${game.id}, after_id: ${first[1]!.id}, limit: 2) { id } }` } });
  t.deepEqual(gql.body.data.audit.map((entry: { id: number }) => entry.id), next.map((entry) => entry.id), 'GraphQL pages alike');

  const far = await api.request('GET', '/api/audit?offset=10001', admin(api));
  t.is(far.status, 400);
  t.is(far.body.errors[0].path, 'offset');
  t.is((await api.request('GET', '/api/audit?offset=10000', admin(api))).status, 200);

  // The plan MySQL picks for a game's entries of one target type: the index on both, not one and a scan.
  const [[plan]] = (await api.database.db.raw('EXPLAIN SELECT id FROM audit_log WHERE game_id = ? AND target_type = ? ORDER BY id DESC LIMIT 100', [game.id, 'game'])) as [[{ key: string }]];
  t.is(plan.key, 'audit_log_game_target');
});

test('an invite.delete entry redacts the code it deleted', async (t) => {
  const { api } = t.context;
  const invite = (await api.request('POST', '/api/invites', { ...admin(api), body: { role: 'user', max_uses: 1 } })).body;
  t.is((await api.request('DELETE', `/api/invites/${invite.code}`, admin(api))).status, 204);
  const [entry, ...more] = await entries(api, `action=invite.delete&target_id=${invite.id}`);
  t.deepEqual(more, []);
  t.deepEqual((entry!.changes as Record<string, unknown>).code, [REDACTED, null]);
  t.false(JSON.stringify(entry).includes(invite.code));
});

test.serial('a write and its entry share one transaction: when the entry cannot be written, the write is undone (game create, invite delete)', async (t) => {
  const { api } = t.context;
  const invite = (await api.request('POST', '/api/invites', { ...admin(api), body: { role: 'user', max_uses: 1 } })).body;
  await api.database.db.raw(`CREATE TRIGGER refuse_some_entries BEFORE INSERT ON audit_log FOR EACH ROW
    BEGIN IF NEW.action IN ('game.create', 'invite.delete') THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF; END`);
  try {
    const slugged = slug();
    t.is((await api.request('POST', '/api/games', { ...admin(api), body: { name: 'Unrecorded', slug: slugged } })).status, 500);
    t.is((await api.database.db('games').where({ slug: slugged })).length, 0, 'no game without its entry');
    t.is((await api.request('DELETE', `/api/invites/${invite.code}`, admin(api))).status, 500);
    t.is((await api.database.db('invites').where({ id: invite.id })).length, 1, 'the invite is still there');
  } finally {
    await api.database.db.raw('DROP TRIGGER IF EXISTS refuse_some_entries');
  }
});

test('a changed value over 4 KiB is kept as its {sha256, bytes}; smaller ones as they are (SPEC 2.14: an entry stays small)', async (t) => {
  const { api } = t.context;
  const game = (await api.request('POST', '/api/games', { ...admin(api), body: { name: 'Big values', slug: slug() } })).body as { id: number };
  await api.services.modules.connect(COMMAND_ACTOR, game.id, { module_key: 'variables' });
  const items = (word: string) => Array.from({ length: 400 }, (_, i) => ({ key: `k${i}`, string_value: `${word}-${i}` }));
  const made = await api.request('POST', `/api/games/${game.id}/variables`, { ...admin(api), body: { key: 'table', type: 'table', table_value_type: 'string', items: items('a') } });
  t.is(made.status, 201);
  const changed = await api.request('PUT', `/api/games/${game.id}/variables/${made.body.id}`, { ...admin(api), body: { key: 'table', type: 'table', table_value_type: 'string', items: items('b') } });
  t.is(changed.status, 200);
  const [update, create] = await entries(api, `target_type=variable&target_id=${made.body.id}`);
  const [before, after] = (update!.changes as Record<string, [unknown, unknown]>).items!;
  const digest = (value: unknown) => ({ sha256: createHash('sha256').update(JSON.stringify(value)).digest('hex'), bytes: Buffer.byteLength(JSON.stringify(value)) });
  t.deepEqual(before, digest(made.body.items));
  t.deepEqual(after, digest(changed.body.items));
  t.deepEqual((create!.changes as Record<string, [unknown, unknown]>).items, [null, digest(made.body.items)]);
  t.deepEqual((create!.changes as Record<string, [unknown, unknown]>).key, [null, 'table'], 'a small value stays as it is');
  t.true(JSON.stringify(update).length < 2000);
  const small = await api.request('PUT', `/api/games/${game.id}/variables/${made.body.id}`, { ...admin(api), body: { key: 'table', type: 'table', table_value_type: 'string', items: [{ key: 'one', string_value: 'x' }] } });
  t.is(small.status, 200);
  const [shrunk] = await entries(api, `target_type=variable&target_id=${made.body.id}`);
  t.deepEqual((shrunk!.changes as Record<string, [unknown, unknown]>).items, [digest(changed.body.items), [{ key: 'one', string_value: 'x' }]]);
});

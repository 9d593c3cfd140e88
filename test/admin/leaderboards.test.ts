import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { periodStart } from '../../src/admin/leaderboards/leaderboard-periods';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.6 with an injected clock: periods are crossed by moving the clock, never by sleeping.
let now = Date.parse('2026-11-25T10:00:00.000Z'); // a Wednesday
// The tests share the clock, so they run one after the other.
const typed = anyTest as TestFn<{ api: TestApi }>;
const test = typed.serial;
useSharedTestApi(typed, {}, { clock: () => now });

let n = 0;
async function setup(api: TestApi, body: Record<string, unknown> = {}, modules = ['leaderboard']) {
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'L', slug: `lb-${(n += 1)}` })).id;
  for (const key of modules) await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: key });
  const reply = await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: `k${n}`, name: 'Top', ...body } });
  return { gameId, leaderboard: reply.body };
}
async function player(api: TestApi, gameId: number, name: string) {
  const user = await api.createUser('user', `${name}_${(n += 1)}`);
  const ug = await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: gameId });
  return { userId: user.id, userGameId: ug.id };
}
const save = (api: TestApi, leaderboardId: number, userGameId: number, score: number) =>
  api.request('POST', `/api/leaderboards/${leaderboardId}/scores`, { token: api.users.moderator.token, body: { user_game_id: userGameId, score } });
const rankings = (api: TestApi, leaderboardId: number, query = '') =>
  api.request('GET', `/api/leaderboards/${leaderboardId}/rankings${query}`, { token: api.users.user.token });

test('periods are UTC: daily from 00:00, weekly from Monday 00:00, monthly from the 1st, all_time one period', (t) => {
  const at = Date.parse('2026-03-01T23:59:59.999Z'); // a Sunday
  t.is(periodStart('daily', at).toISOString(), '2026-03-01T00:00:00.000Z');
  t.is(periodStart('weekly', at).toISOString(), '2026-02-23T00:00:00.000Z');
  t.is(periodStart('weekly', Date.parse('2026-03-02T00:00:00.000Z')).toISOString(), '2026-03-02T00:00:00.000Z');
  t.is(periodStart('monthly', at).toISOString(), '2026-03-01T00:00:00.000Z');
  t.is(periodStart('monthly', Date.parse('2026-02-28T12:00:00Z')).toISOString(), '2026-02-01T00:00:00.000Z');
  t.is(periodStart('all_time', at).toISOString(), '1970-01-01T00:00:00.000Z');
});

test('leaderboards: defaults, key unique per game (409), PUT changes what it names, 404 through another game', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  t.like(leaderboard, { game_id: gameId, name: 'Top', sort_order: 'desc', period_type: 'all_time', is_active: true });
  const duplicate = await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: leaderboard.key, name: 'x' } });
  t.is(duplicate.status, 409);
  t.deepEqual(duplicate.body.errors, [{ path: 'key', message: 'is already taken' }]);
  const inGraphql = await gql(api, `mutation { createLeaderboard(game_id: ${gameId}, input: { key: "${leaderboard.key}", name: "x" }) { id } }`, { token: api.users.admin.token });
  t.deepEqual(inGraphql.body.errors[0].extensions, { code: 'CONFLICT', errors: [{ path: 'key', message: 'is already taken' }] }, 'GraphQL names the field too');
  const invalid = await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: '', name: 'x'.repeat(256), sort_order: 'up', period_type: 'hourly', is_active: 'yes' } });
  t.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path).sort(), ['is_active', 'key', 'name', 'period_type', 'sort_order']);
  const updated = await api.request('PUT', `/api/games/${gameId}/leaderboards/${leaderboard.id}`, { token: api.users.admin.token, body: { name: 'Renamed', period_type: 'daily' } });
  t.like(updated.body, { name: 'Renamed', key: leaderboard.key, period_type: 'daily', sort_order: 'desc' });
  const other = await setup(api);
  t.is((await api.request('GET', `/api/games/${other.gameId}/leaderboards/${leaderboard.id}`, { token: api.users.user.token })).status, 404);
  t.deepEqual((await api.request('GET', `/api/games/${gameId}/leaderboards`, { token: api.users.user.token })).body.map((l: { id: number }) => l.id), [leaderboard.id]);
  t.is((await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.user.token, body: { key: 'z', name: 'z' } })).status, 403);
});

test('rankings: order by score per sort_order, ties by the earlier save then the lower user_game_id; a save replaces', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const [a, b, c, d] = [await player(api, gameId, 'a'), await player(api, gameId, 'b'), await player(api, gameId, 'c'), await player(api, gameId, 'd')];
  now += 1;
  t.like((await save(api, leaderboard.id, c.userGameId, 50)).body, { score: 50, period_start: '1970-01-01T00:00:00.000Z', updated_at: new Date(now).toISOString() });
  now += 1;
  await save(api, leaderboard.id, a.userGameId, 50);
  await save(api, leaderboard.id, b.userGameId, 50); // same instant as a: the lower user_game_id first
  now += 1;
  await save(api, leaderboard.id, d.userGameId, 99);
  const desc = await rankings(api, leaderboard.id);
  t.is(desc.status, 200);
  t.like(desc.body.leaderboard, { id: leaderboard.id, sort_order: 'desc' });
  t.deepEqual(desc.body.items.map((i: { user_game_id: number }) => i.user_game_id), [d.userGameId, c.userGameId, a.userGameId, b.userGameId]);
  t.like(desc.body.items[0], { rank: 1, user_id: d.userId, user_game_id: d.userGameId, score: 99 });
  t.regex(desc.body.items[0].username, /^d_\d+$/);

  now += 1;
  const replaced = await save(api, leaderboard.id, d.userGameId, 1); // lower than before: it still replaces
  t.is(replaced.status, 200);
  t.deepEqual((await rankings(api, leaderboard.id)).body.items.map((i: { score: number }) => i.score), [50, 50, 50, 1]);
  await api.request('PUT', `/api/games/${gameId}/leaderboards/${leaderboard.id}`, { token: api.users.admin.token, body: { sort_order: 'asc' } });
  const asc = (await rankings(api, leaderboard.id)).body.items;
  t.deepEqual(asc.map((i: { user_game_id: number }) => i.user_game_id), [d.userGameId, c.userGameId, a.userGameId, b.userGameId]);
  t.deepEqual(asc.map((i: { rank: number }) => i.rank), [1, 2, 3, 4]);
  t.is((await rankings(api, leaderboard.id, '?limit=2')).body.items.length, 2);
  for (const limit of ['0', '201', 'abc', '-1']) t.is((await rankings(api, leaderboard.id, `?limit=${limit}`)).status, 400, limit);
  t.is((await rankings(api, leaderboard.id, '?limit=200')).status, 200);
});

test('scores: the user-game must belong to the game (400), the score finite and within 1e15, an inactive leaderboard 409', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const elsewhere = await setup(api);
  const own = await player(api, gameId, 'own');
  const foreign = await player(api, elsewhere.gameId, 'foreign');
  t.like(await save(api, leaderboard.id, foreign.userGameId, 1), { status: 400, body: { errors: [{ path: 'user_game_id' }] } });
  t.like(await save(api, leaderboard.id, 999999, 1), { status: 400, body: { errors: [{ path: 'user_game_id' }] } });
  for (const score of [1e15 + 2, -1e16]) t.like(await save(api, leaderboard.id, own.userGameId, score), { status: 400, body: { errors: [{ path: 'score' }] } });
  const text = await api.request('POST', `/api/leaderboards/${leaderboard.id}/scores`, { token: api.users.admin.token, body: { user_game_id: own.userGameId, score: '5' } });
  t.is(text.status, 400);
  t.is((await save(api, leaderboard.id, own.userGameId, -1e15)).status, 200);
  t.is((await api.request('POST', `/api/leaderboards/${leaderboard.id}/scores`, { token: api.users.user.token, body: { user_game_id: own.userGameId, score: 1 } })).status, 403);
  await api.request('PUT', `/api/games/${gameId}/leaderboards/${leaderboard.id}`, { token: api.users.admin.token, body: { is_active: false } });
  t.like(await save(api, leaderboard.id, own.userGameId, 3), { status: 409, body: { code: 'conflict' } });
  t.is((await save(api, 999999, own.userGameId, 3)).status, 404);
});

test('a score counts in the period it was saved in; rankings show the current period, older ones stay stored', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-11-29T23:59:59.999Z'); // Sunday, the last instant of an ISO week and of a day
  const daily = await setup(api, { period_type: 'daily' });
  const weekly = await setup(api, { period_type: 'weekly' });
  const monthly = await setup(api, { period_type: 'monthly' });
  for (const { gameId, leaderboard } of [daily, weekly, monthly]) {
    const p = await player(api, gameId, 'p');
    await save(api, leaderboard.id, p.userGameId, 10);
    t.is((await rankings(api, leaderboard.id)).body.items.length, 1);
  }
  now += 1; // Monday 2026-11-30 00:00: a new day and a new week, the same month
  t.is((await rankings(api, daily.leaderboard.id)).body.items.length, 0);
  t.is((await rankings(api, weekly.leaderboard.id)).body.items.length, 0);
  t.is((await rankings(api, monthly.leaderboard.id)).body.items.length, 1);
  now = Date.parse('2026-12-01T00:00:00.000Z');
  t.is((await rankings(api, monthly.leaderboard.id)).body.items.length, 0);
  t.is(Number((await api.database.db('leaderboard_scores').where({ leaderboard_id: daily.leaderboard.id }).count({ n: '*' }))[0]!.n), 1, 'the old period is kept');
  now = Date.parse('2026-11-25T10:00:00.000Z');
});

test('groups: one default, members must be connected (400), twice 409, rankings of a group rank its members only', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const other = await setup(api);
  const token = api.users.moderator.token;
  const group = async (lbId: number, body: Record<string, unknown>) => (await api.request('POST', `/api/leaderboards/${lbId}/groups`, { token, body })).body;
  const first = await group(leaderboard.id, { key: 'vip', name: 'VIP', is_default: true });
  t.like(first, { leaderboard_id: leaderboard.id, key: 'vip', is_default: true });
  const second = await group(leaderboard.id, { key: 'new', name: 'New', is_default: true });
  const list = (await api.request('GET', `/api/leaderboards/${leaderboard.id}/groups`, { token: api.users.user.token })).body;
  t.deepEqual(list.map((g: { key: string; is_default: boolean }) => [g.key, g.is_default]), [['vip', false], ['new', true]]);
  t.like(await api.request('POST', `/api/leaderboards/${leaderboard.id}/groups`, { token, body: { key: 'vip', name: 'again' } }), { status: 409, body: { errors: [{ path: 'key' }] } });
  const put = await api.request('PUT', `/api/leaderboard-groups/${first.id}`, { token, body: { is_default: true } });
  t.like(put.body, { is_default: true, name: 'VIP' });
  t.false((await api.request('GET', `/api/leaderboards/${leaderboard.id}/groups`, { token })).body.find((g: { id: number }) => g.id === second.id).is_default);

  const [a, b, c] = [await player(api, gameId, 'a'), await player(api, gameId, 'b'), await player(api, gameId, 'c')];
  const stranger = await api.createUser('user', `stranger_${(n += 1)}`);
  const add = (groupId: number, userId: number) => api.request('POST', `/api/leaderboard-groups/${groupId}/members`, { token, body: { user_id: userId } });
  t.like(await add(first.id, a.userId), { status: 201, body: { group_id: first.id, user_id: a.userId } });
  t.is((await add(first.id, c.userId)).status, 201);
  t.like(await add(first.id, a.userId), { status: 409, body: { errors: [{ path: 'user_id' }] } });
  t.like(await add(first.id, stranger.id), { status: 400, body: { errors: [{ path: 'user_id' }] } });
  t.deepEqual((await api.request('GET', `/api/leaderboard-groups/${first.id}/members`, { token })).body.map((m: { user_id: number }) => m.user_id), [a.userId, c.userId]);
  for (const [p, score] of [[a, 1], [b, 3], [c, 2]] as const) await save(api, leaderboard.id, p.userGameId, score);
  const vip = async () => (await rankings(api, leaderboard.id, `?group_id=${first.id}`)).body.items.map((i: { user_id: number; rank: number; score: number }) => [i.rank, i.user_id, i.score]);
  t.deepEqual(await vip(), [[1, c.userId, 2], [2, a.userId, 1]]);
  now += 1;
  await save(api, leaderboard.id, a.userGameId, 7); // a member's new score re-orders the group too
  t.deepEqual(await vip(), [[1, a.userId, 7], [2, c.userId, 2]]);
  t.is((await add(first.id, b.userId)).status, 201); // b's earlier score comes along
  t.deepEqual(await vip(), [[1, a.userId, 7], [2, b.userId, 3], [3, c.userId, 2]]);
  await api.request('PUT', `/api/games/${gameId}/leaderboards/${leaderboard.id}`, { token, body: { sort_order: 'asc' } });
  t.deepEqual(await vip(), [[1, c.userId, 2], [2, b.userId, 3], [3, a.userId, 7]]);
  t.is((await api.request('DELETE', `/api/leaderboard-groups/${first.id}/members/${b.userId}`, { token })).status, 204);
  t.deepEqual(await vip(), [[1, c.userId, 2], [2, a.userId, 7]]);
  const foreignGroup = await group(other.leaderboard.id, { key: 'x', name: 'x' });
  t.is((await rankings(api, leaderboard.id, `?group_id=${foreignGroup.id}`)).status, 404);
  t.is((await rankings(api, leaderboard.id, '?group_id=abc')).status, 400);
  t.is((await api.request('DELETE', `/api/leaderboard-groups/${first.id}/members/${b.userId}`, { token })).status, 404);
  t.is((await api.request('DELETE', `/api/leaderboard-groups/${first.id}/members/${a.userId}`, { token })).status, 204);
  t.deepEqual(await vip(), [[1, c.userId, 2]]);
  t.is((await api.request('DELETE', `/api/leaderboard-groups/${first.id}`, { token })).status, 204);
  t.is((await api.request('GET', `/api/leaderboard-groups/${first.id}/members`, { token })).status, 404);
});

test('every endpoint of a disconnected module is 403 module_disabled, after the 404s; deleting the game removes it all', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const g = (await api.request('POST', `/api/leaderboards/${leaderboard.id}/groups`, { token: api.users.admin.token, body: { key: 'g', name: 'g' } })).body;
  const p = await player(api, gameId, 'p');
  await save(api, leaderboard.id, p.userGameId, 5);
  await api.services.modules.disconnect(COMMAND_ACTOR, gameId, 'leaderboard');
  const token = api.users.admin.token;
  const calls: Array<[string, string, unknown?]> = [
    ['GET', `/api/games/${gameId}/leaderboards`], ['GET', `/api/games/${gameId}/leaderboards/${leaderboard.id}`],
    ['POST', `/api/games/${gameId}/leaderboards`, {}], ['PUT', `/api/games/${gameId}/leaderboards/${leaderboard.id}`, {}],
    ['DELETE', `/api/games/${gameId}/leaderboards/${leaderboard.id}`], ['GET', `/api/leaderboards/${leaderboard.id}/groups`],
    ['POST', `/api/leaderboards/${leaderboard.id}/groups`, {}], ['PUT', `/api/leaderboard-groups/${g.id}`, {}],
    ['DELETE', `/api/leaderboard-groups/${g.id}`], ['GET', `/api/leaderboard-groups/${g.id}/members`],
    ['POST', `/api/leaderboard-groups/${g.id}/members`, {}], ['DELETE', `/api/leaderboard-groups/${g.id}/members/${p.userId}`],
    ['POST', `/api/leaderboards/${leaderboard.id}/scores`, {}], ['GET', `/api/leaderboards/${leaderboard.id}/rankings`],
  ];
  for (const [method, path, body] of calls) {
    const reply = await api.request(method, path, { token, body });
    t.is(reply.status, 403, `${method} ${path}`);
    t.is(reply.body.code, 'module_disabled', `${method} ${path}`);
  }
  t.is((await api.request('GET', `/api/leaderboards/999999/rankings`, { token })).status, 404, 'the entity first');
  t.is((await api.request('PUT', `/api/leaderboard-groups/999999`, { token, body: {} })).status, 404);
  await api.request('DELETE', `/api/games/${gameId}`, { token });
  for (const table of ['leaderboards', 'leaderboard_groups', 'leaderboard_scores']) {
    const column = table === 'leaderboards' ? 'id' : 'leaderboard_id';
    t.is(Number((await api.database.db(table).where({ [column]: leaderboard.id }).count({ n: '*' }))[0]!.n), 0, table);
  }
});

test('rankings of several leaderboards in one GraphQL query break ties as REST does, for each of them', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard: first } = await setup(api);
  const second = (await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: `k${(n += 1)}`, name: 'Other' } })).body;
  const [a, b, c] = [await player(api, gameId, 'a'), await player(api, gameId, 'b'), await player(api, gameId, 'c')];
  // Equal scores saved at different instants, in an order unlike the user_game_ids' (and reversed on the second board).
  for (const [board, order] of [[first.id, [c, a, b]], [second.id, [b, a, c]]] as const) {
    for (const who of order) {
      now += 1;
      await save(api, board, who.userGameId, 70);
    }
  }
  const reply = await gql(api, `{ game(id: ${gameId}) { leaderboards { id rankings(limit: 10) { rank user_game_id score } } } }`, { token: api.users.user.token });
  t.is(reply.body.errors, undefined);
  const viaGraphQL = new Map(reply.body.data.game.leaderboards.map((board: { id: number; rankings: unknown[] }) => [board.id, board.rankings]));
  for (const [board, expected] of [[first.id, [c, a, b]], [second.id, [b, a, c]]] as const) {
    const rest = (await rankings(api, board)).body.items.map(({ rank, user_game_id, score }: { rank: number; user_game_id: number; score: number }) => ({ rank, user_game_id, score }));
    t.deepEqual(rest.map((item: { user_game_id: number }) => item.user_game_id), expected.map((who) => who.userGameId));
    t.deepEqual(viaGraphQL.get(board), rest, `leaderboard ${board}`);
  }
});

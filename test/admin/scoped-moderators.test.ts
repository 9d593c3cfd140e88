import anyTest, { type TestFn } from 'ava';
import { ADMIN_ENDPOINTS } from '../../src/admin/admin-endpoints';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { gameTargetOf } from '../../src/admin/http/game-scope';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.12 "Scoped moderators": a moderator limited to games acts as staff on those only.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
async function game(api: TestApi) {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'S', slug: `scope-${process.pid}-${(n += 1)}` })).id;
  for (const module_key of ['variables', 'notification', 'leaderboard']) await api.services.modules.connect(COMMAND_ACTOR, id, { module_key });
  return id;
}
const admin = (api: TestApi) => ({ token: api.users.admin.token });
async function scopedModerator(api: TestApi, gameIds: number[]) {
  const moderator = await api.createUser('moderator', `scoped_${process.pid}_${(n += 1)}`);
  const reply = await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: gameIds } });
  return { ...moderator, reply };
}

test('every staff endpoint says which game it acts on (or none, or a new one): nothing is open to a scoped moderator by omission', (t) => {
  const undeclared = ADMIN_ENDPOINTS.filter((e) => e.access === 'staff' && gameTargetOf(e) === undefined).map((e) => `${e.method} ${e.path}`);
  t.deepEqual(undeclared, []);
});

test('a scoped moderator lists only their games and acts as staff on them alone: every other game\'s staff operation is 403, and so is making a game', async (t) => {
  const { api } = t.context;
  const mine = await game(api);
  const other = await game(api);
  const moderator = await scopedModerator(api, [mine]);
  t.is(moderator.reply.status, 200);
  t.deepEqual(moderator.reply.body.game_scope, [mine]);
  const as = { token: moderator.token };

  const listed = await api.request('GET', '/api/games?limit=1000', as);
  t.deepEqual(listed.body.map((g: { id: number }) => g.id), [mine]);
  t.is(listed.headers.get('x-total-count'), '1');
  const graph = await gql(api, '{ games(limit: 1000) { id } gamesTotal }', as);
  t.deepEqual(graph.body.data, { games: [{ id: mine }], gamesTotal: 1 });
  t.is((await api.request('GET', `/api/games/${other}`, as)).status, 200, 'what any signed-in user may read stays open');

  const variable = { key: 'k', type: 'number', number_value: 1 };
  t.is((await api.request('POST', `/api/games/${mine}/variables`, { ...as, body: variable })).status, 201);
  const refused = await api.request('POST', `/api/games/${other}/variables`, { ...as, body: variable });
  t.is(refused.status, 403);
  t.regex(refused.body.detail ?? refused.body.message ?? JSON.stringify(refused.body), new RegExp(`game ${other}`));
  t.is((await api.request('POST', `/api/games/${other}/variables`, { ...as, body: { key: '' } })).status, 403, 'the scope is judged before the body');
  t.is((await api.request('GET', `/api/games/${other}/variables`, as)).status, 403, 'staff reads of another game too');
  t.is((await api.request('PUT', `/api/games/${other}`, { ...as, body: { name: 'x' } })).status, 403);
  t.is((await api.request('POST', '/api/games', { ...as, body: { name: 'New', slug: `new-${process.pid}-${(n += 1)}` } })).status, 403);

  const board = await api.services.leaderboards.create(COMMAND_ACTOR, other, { key: 'b', name: 'B' });
  const group = await api.services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key: 'g', name: 'G' });
  const player = await api.createUser('user', `player_${process.pid}_${(n += 1)}`);
  const ug = await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: other });
  t.is((await api.request('POST', `/api/leaderboards/${board.id}/scores`, { ...as, body: { user_game_id: ug.id, score: 5 } })).status, 403);
  t.is((await api.request('POST', `/api/leaderboards/${board.id}/groups`, { ...as, body: { key: 'g2', name: 'G2' } })).status, 403);
  t.is((await api.request('PUT', `/api/leaderboard-groups/${group.id}`, { ...as, body: { name: 'G3' } })).status, 403);
  t.is((await api.request('POST', `/api/leaderboard-groups/${group.id}/members`, { ...as, body: { user_id: player.id } })).status, 403);
  t.is((await api.request('POST', `/api/users/${player.id}/games`, { ...as, body: { game_id: other } })).status, 403);
  t.is((await api.request('DELETE', `/api/users/${player.id}/games/${other}`, as)).status, 403);
  t.is((await api.request('PUT', `/api/user-games/${ug.id}/limits`, { ...as, body: { currency: 'EUR', max_bet: 100 } })).status, 403);
  t.is((await api.request('POST', `/api/users/${player.id}/games`, { ...as, body: { game_id: mine } })).status, 201, 'their own game: allowed');
  t.is((await api.request('POST', '/api/invites', { ...as, body: { role: 'user', max_uses: 1 } })).status, 201, 'operations on no game stay open');
  t.is((await api.request('GET', `/api/leaderboards/${board.id}/rankings`, as)).status, 200, 'rankings are for any signed-in user');

  const graphRefused = await gql(api, `mutation { createVariable(game_id: ${other}, input: { key: "g", type: "number", number_value: 1 }) { id } }`, as);
  t.is(graphRefused.body.errors[0].extensions.code, 'FORBIDDEN');
  t.is((await api.request('GET', `/api/games/${other}/variables`, { token: api.users.moderator.token })).status, 200, 'an unscoped moderator: every game');
  t.is((await api.services.variables.list(other, { limit: 10, offset: 0 })).length, 0, 'nothing was written to the other game');
});

test('a scope applies to the very next request; empty gives every game back; it is audited and only admins set it, on moderators', async (t) => {
  const { api } = t.context;
  const first = await game(api);
  const second = await game(api);
  const moderator = await scopedModerator(api, [first]);
  const as = { token: moderator.token };
  t.is((await api.request('GET', `/api/games/${second}/variables`, as)).status, 403);
  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [second, first, second] } })).body.game_scope.join(), [first, second].sort((a, b) => a - b).join());
  t.is((await api.request('GET', `/api/games/${second}/variables`, as)).status, 200);
  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [] } })).body.game_scope, null);
  t.is((await api.request('POST', '/api/games', { ...as, body: { name: 'Mine', slug: `mine-${process.pid}-${(n += 1)}` } })).status, 201, 'unscoped again: may make games');

  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [999_999] } })).body.errors[0].path, 'game_ids');
  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: ['1'] } })).body.errors[0].path, 'game_ids[0]');
  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...as, body: { game_ids: [] } })).status, 403, 'admins only');
  t.is((await api.request('PUT', `/api/users/${api.users.admin.id}/game-scope`, { ...admin(api), body: { game_ids: [first] } })).status, 409, 'only moderators have a scope');

  const audit = (await api.request('GET', `/api/audit?action=user.game_scope&target_id=${moderator.id}`, admin(api))).body;
  t.is(audit.length, 3);
  t.deepEqual(audit[2].changes, { game_scope: [null, [first]] });

  await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [first] } });
  await api.request('PATCH', `/api/users/${moderator.id}`, { ...admin(api), body: { role: 'user' } });
  await api.request('PATCH', `/api/users/${moderator.id}`, { ...admin(api), body: { role: 'moderator' } });
  t.is((await api.request('GET', `/api/users/${moderator.id}`, admin(api))).body.game_scope, null, 'a role change away from moderator ends the scope');
});

test('a scoped moderator reads no wallet of another game: the user-game, its balance, history, limits and freeze are 403 (REST and GraphQL); a user\'s games list only the scope; the player themself reads all (review item 9)', async (t) => {
  const { api } = t.context;
  const mine = await game(api);
  const other = await game(api);
  const moderator = await scopedModerator(api, [mine]);
  const as = { token: moderator.token };
  const player = await api.createUser('user', `wallets_${process.pid}_${(n += 1)}`);
  const inMine = await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: mine });
  const inOther = await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: other });
  const reads = (ug: number) => [`/api/user-games/${ug}`, `/api/user-games/${ug}/balance`, `/api/user-games/${ug}/transactions`, `/api/user-games/${ug}/limits`, `/api/user-games/${ug}/freeze`];
  for (const path of reads(inOther.id)) {
    t.is((await api.request('GET', path, as)).status, 403, path);
    t.is((await api.request('GET', path, { token: player.token })).status, 200, `${path}: the player's own`);
    t.is((await api.request('GET', path, admin(api))).status, 200, `${path}: an admin`);
  }
  for (const path of reads(inMine.id)) t.is((await api.request('GET', path, as)).status, 200, `${path}: in the scope`);
  const graph = await gql(api, `{ userGame(user_game_id: ${inOther.id}) { id } }`, as);
  t.is(graph.body.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(graph.body));

  const games = await api.request('GET', `/api/users/${player.id}/games`, as);
  t.deepEqual(games.body.map((g: { id: number }) => g.id), [mine]);
  t.is(games.headers.get('x-total-count'), '1');
  const own = await api.request('GET', `/api/users/${player.id}/games`, { token: player.token });
  t.deepEqual(own.body.map((g: { id: number }) => g.id), [mine, other]);
});

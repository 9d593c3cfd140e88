import test from 'ava';
import { createTestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// The console's GraphQL-only fields (issue 51): User.frozen, User.game_scope_games, GameUser.balances
// and GameUser.frozen, read through the services REST uses, with their access rules.
test('User.frozen, game_scope_games and GameUser\'s wallet fields answer staff what REST answers, and nobody else', async (t) => {
  const api = await createTestApi();
  t.teardown(() => api.close());
  const admin = { token: api.users.admin.token };
  const game = (await api.request('POST', '/api/games', { ...admin, body: { name: 'Fields', slug: `fields-${process.pid}` } })).body as { id: number; name: string; slug: string };
  const other = (await api.request('POST', '/api/games', { ...admin, body: { name: 'Other', slug: `other-${process.pid}` } })).body as { id: number };
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { ...admin, body: { game_id: game.id } })).body as { id: number };
  await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...admin, body: { amount: 1500, currency: 'EUR' } });
  await api.request('POST', `/api/user-games/${ug.id}/freeze`, { ...admin, body: { reason: 'review' } });
  const scoped = await api.createUser('moderator', `fields_mod_${process.pid}`);
  const doomed = (await api.request('POST', '/api/games', { ...admin, body: { name: 'Doomed', slug: `doomed-${process.pid}` } })).body as { id: number };
  t.is((await api.request('PUT', `/api/users/${scoped.id}/game-scope`, { ...admin, body: { game_ids: [game.id, doomed.id] } })).status, 200);
  t.is((await api.request('DELETE', `/api/games/${doomed.id}`, admin)).status, 204);

  const players = `query ($g: SafeInt!) { gameUsers(game_id: $g) { user_game_id frozen balances { currency available_balance reserved_balance } user { id frozen } } }`;
  const asAdmin = await gql(api, players, { ...admin, variables: { g: game.id } });
  t.deepEqual(asAdmin.body.data.gameUsers, [{ user_game_id: ug.id, frozen: true, balances: [{ currency: 'EUR', available_balance: '1500', reserved_balance: '0' }], user: { id: api.users.user.id, frozen: false } }]);
  t.like((await gql(api, players, { token: scoped.token, variables: { g: game.id } })).body.data.gameUsers[0], { frozen: true }, 'a moderator of the game reads them');
  const refused = await gql(api, players, { token: scoped.token, variables: { g: other.id } });
  t.is(refused.body.data?.gameUsers ?? null, null, 'another game of a scoped moderator: refused');
  t.is(refused.body.errors[0].extensions.code, 'FORBIDDEN');
  t.is((await gql(api, players, { token: api.users.user.token, variables: { g: game.id } })).body.errors[0].extensions.code, 'FORBIDDEN', 'a player does not list a game\'s players');

  // The scope by name (a deleted game left out); a user's own freeze state to themself, not to another player.
  const scope = await gql(api, `query ($id: SafeInt!) { user(id: $id) { game_scope game_scope_games { id name } } }`, { ...admin, variables: { id: scoped.id } });
  t.like(scope.body.data.user, { game_scope_games: [{ id: game.id, name: 'Fields' }] }, 'a game deleted since is left out');
  await api.request('POST', `/api/users/${api.users.user.id}/freeze`, { ...admin, body: { reason: 'age check' } });
  t.true((await gql(api, 'query ($id: SafeInt!) { user(id: $id) { frozen } }', { token: api.users.user.token, variables: { id: api.users.user.id } })).body.data.user.frozen);
  t.is((await gql(api, 'query ($id: SafeInt!) { user(id: $id) { frozen } }', { token: api.users.other.token, variables: { id: api.users.user.id } })).body.data?.user ?? null, null);

  // Each row's wallet fields read the store and MySQL: costed, so one request cannot ask for them a
  // thousand rows times a hundred aliases.
  const aliased = Array.from({ length: 10 }, (_, i) => `a${i}: gameUsers(game_id: ${game.id}, limit: 1000) { balances { currency } frozen user { frozen } }`).join(' ');
  const tooCostly = await gql(api, `{ ${aliased} }`, admin);
  t.is(tooCostly.status, 400);
  t.regex(JSON.stringify(tooCostly.body.errors), /cost|objects/i);
});

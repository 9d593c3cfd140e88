import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { userActor } from '../helpers/actors';
import { periodStart } from '../../src/admin/leaderboards/leaderboard-periods';
import { waitUntil } from '../../src/local-services/process-tools';
import { createTestApi, type TestApi } from '../helpers/api';
import { asGraphQL, gql, selectionOf, withoutNulls } from '../helpers/graphql';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

// Every query of the GraphQL bridge against the REST endpoint it mirrors: the GraphQL query asks for
// every field the REST reply has, and both must carry the same values (amounts as Money strings).
interface Fixture {
  gameId: number;
  plainGameId: number;
  leaderboardId: number;
  groupId: number;
  variableId: number;
  notificationId: number;
  userGameId: number;
  languageId: number;
  inviteCode: string;
}
const test = anyTest as TestFn<{ api: TestApi; fixture: Fixture }>;

test.before(async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
  t.context.api = api;
  const { services, users } = api;
  const game = await services.games.create(COMMAND_ACTOR, { name: 'Parity Slots', slug: 'parity-slots', description: 'all modules', image_url: 'https://example.com/a.png' });
  const plainGameId = (await services.games.create(COMMAND_ACTOR, { name: 'Plain', slug: 'parity-plain' })).id;
  for (const key of ['variables', 'notification', 'leaderboard']) await services.modules.connect(COMMAND_ACTOR, game.id, { module_key: key });
  const variable = await services.variables.create(COMMAND_ACTOR, game.id, { key: 'speed', type: 'number', number_value: 1.5 });
  await services.variables.create(COMMAND_ACTOR, game.id, { key: 'title', type: 'string', string_value: 'Hi' });
  await services.variables.create(COMMAND_ACTOR, game.id, { key: 'prices', type: 'table', table_value_type: 'number', items: [{ key: 'a', number_value: 1 }] });
  await services.variables.create(COMMAND_ACTOR, game.id, { key: 'names', type: 'vector', table_value_type: 'string', items: [{ index: 2, string_value: 'c' }] });
  const languageId = (await services.languages.create(COMMAND_ACTOR, { code: 'pt-BR', name: 'Português' })).id;
  const notification = await services.notifications.create(COMMAND_ACTOR, game.id, {
    name: 'welcome',
    descriptions: [{ language_id: 1, description: 'Hello {{login}} {{bonus}}' }, { language_id: languageId, description: 'Olá' }],
    variables: [{ key: 'bonus' }],
    entries: [{ time_second: 5, image: 'i.png', login: 'bob', variables: [{ key: 'bonus', value: '10' }] }],
  });
  const board = await services.leaderboards.create(COMMAND_ACTOR, game.id, { key: 'weekly', name: 'Weekly', period_type: 'weekly', rewards: [{ rank_from: 1, rank_to: 3, amount: 500, currency: 'EUR' }] });
  await services.leaderboards.create(COMMAND_ACTOR, game.id, { key: 'all', name: 'All time', sort_order: 'asc' });
  const group = await services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key: 'vip', name: 'VIP', is_default: true });
  const userGame = await services.connections.connect(COMMAND_ACTOR, users.user.id, { game_id: game.id });
  const otherGame = await services.connections.connect(COMMAND_ACTOR, users.other.id, { game_id: game.id });
  await services.connections.connect(COMMAND_ACTOR, users.user.id, { game_id: plainGameId });
  await services.leaderboardGroups.addMember(COMMAND_ACTOR, group.id, { user_id: users.user.id });
  await services.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: userGame.id, score: 300 });
  await services.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: otherGame.id, score: 500 });
  const invite = await services.invites.create(userActor(users.admin), { role: 'user', max_uses: 3, expires_in_s: 3600 });
  await services.invites.create(userActor(users.admin), { role: 'moderator', max_uses: 1 });

  // Ledger rows: a top-up and a reserve, synced into MySQL by a worker.
  await services.balance.topup(COMMAND_ACTOR, userGame.id, { amount: 1000, comment: 'welcome' }, undefined);
  await api.engine.wallet.reserve({ userId: String(users.user.id), gameId: String(game.id), currency: 'EUR', requestId: 'parity-r1', roundId: 'round-1', amount: '250' });
  const worker = await startTestWorker(api);
  await waitUntil('the ledger rows', async () => (await services.balance.ledger(users.admin, userGame.id, {}, { limit: 10, offset: 0 })).length === 2, 20_000);
  await worker.stop();

  t.context.fixture = {
    gameId: game.id, plainGameId, leaderboardId: board.id, groupId: group.id, variableId: variable.id, notificationId: notification.id,
    userGameId: userGame.id, languageId, inviteCode: invite.code,
  };
});
test.after.always(async (t) => {
  await t.context.api?.close();
});

/** The start of the fixture's weekly period (the scores were saved in it). */
const THIS_WEEK = periodStart('weekly', Date.now()).toISOString();

type Case = [name: string, restPath: (f: Fixture) => string, field: (f: Fixture) => string, token?: 'admin' | 'user'];

// [name, REST path, the GraphQL field (with arguments) whose value is the REST reply]
const sameShape: Case[] = [
  ['me', () => '/api/auth/me', () => 'me'],
  ['users', () => '/api/users?search=o&limit=3&offset=1', () => 'users(search: "o", limit: 3, offset: 1)'],
  ['user (themself)', () => '/api/users/__SELF__', () => 'user(id: __SELF__)', 'user'],
  ['games', () => '/api/games?search=parity', () => 'games(search: "parity")'],
  ['game', (f) => `/api/games/${f.gameId}`, (f) => `game(id: ${f.gameId})`],
  ['modules', () => '/api/modules', () => 'modules'],
  ['languages', () => '/api/languages?limit=5', () => 'languages(limit: 5)'],
  ['language', (f) => `/api/languages/${f.languageId}`, (f) => `language(id: ${f.languageId})`],
  ['invites', () => '/api/invites', () => 'invites'],
  ['inviteCheck', (f) => `/api/invites/validate/${f.inviteCode}`, (f) => `inviteCheck(code: "${f.inviteCode}")`],
  ['variables', (f) => `/api/games/${f.gameId}/variables`, (f) => `variables(game_id: ${f.gameId})`],
  ['variable', (f) => `/api/games/${f.gameId}/variables/${f.variableId}`, (f) => `variable(game_id: ${f.gameId}, id: ${f.variableId})`],
  ['notifications', (f) => `/api/games/${f.gameId}/notifications`, (f) => `notifications(game_id: ${f.gameId})`],
  ['notification (with macros)', (f) => `/api/games/${f.gameId}/notifications/${f.notificationId}`, (f) => `notification(game_id: ${f.gameId}, id: ${f.notificationId})`],
  ['leaderboards', (f) => `/api/games/${f.gameId}/leaderboards`, (f) => `leaderboards(game_id: ${f.gameId})`],
  ['leaderboard', (f) => `/api/games/${f.gameId}/leaderboards/${f.leaderboardId}`, (f) => `leaderboard(game_id: ${f.gameId}, id: ${f.leaderboardId})`],
  ['rankings', (f) => `/api/leaderboards/${f.leaderboardId}/rankings`, (f) => `rankings(leaderboard_id: ${f.leaderboardId})`],
  ['rankings of a group', (f) => `/api/leaderboards/${f.leaderboardId}/rankings?group_id=${f.groupId}&limit=1`, (f) => `rankings(leaderboard_id: ${f.leaderboardId}, group_id: ${f.groupId}, limit: 1)`],
  ['leaderboardGroups', (f) => `/api/leaderboards/${f.leaderboardId}/groups`, (f) => `leaderboardGroups(leaderboard_id: ${f.leaderboardId})`],
  ['groupMembers', (f) => `/api/leaderboard-groups/${f.groupId}/members`, (f) => `groupMembers(group_id: ${f.groupId})`],
  ['balances (as the player)', (f) => `/api/user-games/${f.userGameId}/balance`, (f) => `balances(user_game_id: ${f.userGameId})`, 'user'],
  ['transactions', (f) => `/api/user-games/${f.userGameId}/transactions?limit=5`, (f) => `transactions(user_game_id: ${f.userGameId}, limit: 5)`],
  ['rankings around a player', (f) => `/api/leaderboards/${f.leaderboardId}/rankings?around_user_game_id=${f.userGameId}&limit=1`, (f) => `rankings(leaderboard_id: ${f.leaderboardId}, around_user_game_id: ${f.userGameId}, limit: 1)`],
  ['rankings of a period by its start', (f) => `/api/leaderboards/${f.leaderboardId}/rankings?period_start=${encodeURIComponent(THIS_WEEK)}`, (f) => `rankings(leaderboard_id: ${f.leaderboardId}, period_start: "${THIS_WEEK}")`],
  ['configVersions', (f) => `/api/games/${f.gameId}/config/versions`, (f) => `configVersions(game_id: ${f.gameId})`],
  // Nested lists: the same values as the REST list of that game or leaderboard.
  ['Game.variables', (f) => `/api/games/${f.gameId}/variables`, (f) => `game(id: ${f.gameId}) { variables }`],
  ['Game.notifications', (f) => `/api/games/${f.gameId}/notifications`, (f) => `game(id: ${f.gameId}) { notifications }`],
  ['Game.leaderboards', (f) => `/api/games/${f.gameId}/leaderboards`, (f) => `game(id: ${f.gameId}) { leaderboards }`],
  ['Leaderboard.groups', (f) => `/api/leaderboards/${f.leaderboardId}/groups`, (f) => `leaderboard(game_id: ${f.gameId}, id: ${f.leaderboardId}) { groups }`],
  ['Leaderboard.rankings', (f) => `/api/leaderboards/${f.leaderboardId}/rankings`, (f) => `leaderboard(game_id: ${f.gameId}, id: ${f.leaderboardId}) { rankings }`],
  ['Leaderboard.game', (f) => `/api/games/${f.gameId}`, (f) => `leaderboard(game_id: ${f.gameId}, id: ${f.leaderboardId}) { game }`],
];

for (const [name, restPath, field, as = 'admin'] of sameShape) {
  test(`${name}: the same fields and values as REST`, async (t) => {
    const { api, fixture } = t.context;
    const self = String(api.users.user.id);
    const token = api.users[as].token;
    const rest = await api.request('GET', restPath(fixture).replace('__SELF__', self), { token });
    t.is(rest.status, 200);
    t.false(Array.isArray(rest.body) && rest.body.length === 0, 'the fixture gives the list rows');
    // REST's rankings reply is {leaderboard, items}; the nested field is the items.
    const compared = name === 'Leaderboard.rankings' ? rest.body.items : rest.body;
    // A nested field `parent(args) { child }` gets the selection on the child.
    const text = field(fixture).replace('__SELF__', self);
    const nested = /^(.*)\{ (\w+) \}$/.exec(text);
    const query = nested ? `{ r: ${nested[1]}{ ${nested[2]} ${selectionOf(compared)} } }` : `{ r: ${text} ${selectionOf(compared)} }`;
    const reply = await gql(api, query, { token });
    t.is(reply.body.errors, undefined, JSON.stringify(reply.body.errors));
    const value = nested ? reply.body.data.r[nested[2]!] : reply.body.data.r;
    t.deepEqual(withoutNulls(value), withoutNulls(asGraphQL(compared)));
  });
}

test('userGames and gameUsers: the REST rows, with the game or the user under its user_game_id', async (t) => {
  const { api, fixture } = t.context;
  const token = api.users.admin.token;
  const without = (rows: Array<Record<string, unknown>>) => rows.map(({ user_game_id: _, ...rest }) => rest);
  const games = await api.request('GET', `/api/users/${api.users.user.id}/games`, { token });
  t.is(games.body.length, 2);
  const gameReply = await gql(api, `{ userGames(user_id: ${api.users.user.id}) { user_game_id game ${selectionOf(without(games.body))} } }`, { token });
  t.deepEqual(gameReply.body.data.userGames.map((row: { user_game_id: number; game: object }) => ({ ...row.game, user_game_id: row.user_game_id })), games.body);

  const users = await api.request('GET', `/api/games/${fixture.gameId}/users?search=u`, { token });
  t.true(users.body.length > 0);
  const userReply = await gql(api, `{ gameUsers(game_id: ${fixture.gameId}, search: "u") { user_game_id user ${selectionOf(without(users.body))} } }`, { token });
  t.deepEqual(userReply.body.data.gameUsers.map((row: { user_game_id: number; user: object }) => ({ ...row.user, user_game_id: row.user_game_id })), users.body);
});

test('config, top level and nested: the document REST serves and its ETag', async (t) => {
  const { api, fixture } = t.context;
  const rest = await api.request('GET', `/api/games/${fixture.gameId}/config`, { token: api.users.user.token });
  t.deepEqual(rest.body, { speed: 1.5, title: 'Hi', prices: { a: 1 }, names: [null, null, 'c'] });
  const reply = await gql(api, `{ config(game_id: ${fixture.gameId}) { etag document } game(id: ${fixture.gameId}) { config { etag document } } }`, { token: api.users.user.token });
  t.deepEqual(reply.body.data.config, { etag: rest.headers.get('etag'), document: rest.body });
  t.deepEqual(reply.body.data.game.config, reply.body.data.config);
});

test('configVersion and audit: the REST reply, their JSON fields (a document, changes) as they are', async (t) => {
  const { api, fixture } = t.context;
  const token = api.users.admin.token;
  const version = await api.request('GET', `/api/games/${fixture.gameId}/config/versions/3`, { token });
  const { variables, ...scalars } = version.body;
  const versionReply = await gql(api, `{ r: configVersion(game_id: ${fixture.gameId}, version: 3) { ${Object.keys(scalars).join(' ')} variables ${selectionOf(variables)} } }`, { token });
  t.is(versionReply.body.errors, undefined, JSON.stringify(versionReply.body.errors));
  t.deepEqual(withoutNulls(versionReply.body.data.r), withoutNulls(version.body));
  t.deepEqual(version.body.document, { speed: 1.5, title: 'Hi', prices: { a: 1 } });

  const audit = await api.request('GET', `/api/audit?game_id=${fixture.gameId}&limit=5`, { token });
  t.is(audit.body.length, 5);
  const auditReply = await gql(api, `{ r: audit(game_id: ${fixture.gameId}, limit: 5) { ${Object.keys(audit.body[0]).join(' ')} } }`, { token });
  t.is(auditReply.body.errors, undefined, JSON.stringify(auditReply.body.errors));
  t.deepEqual(auditReply.body.data.r, audit.body);
});

import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { type TestApi, useSharedTestApi } from '../helpers/api';
import { errorCodes, gql } from '../helpers/graphql';

// Every error path: the same code (the REST problem code upper-cased), message and field violations
// as the REST call it mirrors, in the same check order; internal errors keep their message to the logs.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
const unique = () => `${process.pid}-${(n += 1)}`;

async function gameWith(api: TestApi, modules: string[]) {
  const game = await api.services.games.create(COMMAND_ACTOR, { name: 'E', slug: `e-${unique()}` });
  for (const key of modules) await api.services.modules.connect(COMMAND_ACTOR, game.id, { module_key: key });
  return game.id;
}

type Pair = [name: string, setup: (api: TestApi) => Promise<{ rest: [method: string, path: string, body?: unknown, headers?: Record<string, string>]; graphql: string }>, as?: 'admin' | 'moderator' | 'user' | 'none'];

const pairs: Pair[] = [
  ['no token', async () => ({ rest: ['GET', '/api/auth/me'], graphql: '{ me { id } }' }), 'none'],
  ['a role below the route', async () => ({ rest: ['GET', '/api/invites'], graphql: '{ invites { id } }' }), 'user'],
  ['another user\'s balances', async (api) => {
    const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.other.id, { game_id: await gameWith(api, []) });
    return { rest: ['GET', `/api/user-games/${ug.id}/balance`], graphql: `{ balances(user_game_id: ${ug.id}) { currency } }` };
  }, 'user'],
  ['an id that is no positive integer', async () => ({ rest: ['GET', '/api/games/0'], graphql: '{ game(id: 0) { id } }' })],
  ['a limit out of bounds', async () => ({ rest: ['GET', '/api/users?limit=201'], graphql: '{ users(limit: 201) { id } }' })],
  ['a missing game', async () => ({ rest: ['GET', '/api/games/987654321'], graphql: '{ game(id: 987654321) { id } }' })],
  ['a variable of another game', async (api) => {
    const owner = await gameWith(api, ['variables']);
    const variable = await api.services.variables.create(COMMAND_ACTOR, owner, { key: 'k', type: 'number', number_value: 1 });
    const other = await gameWith(api, ['variables']);
    return { rest: ['GET', `/api/games/${other}/variables/${variable.id}`], graphql: `{ variable(game_id: ${other}, id: ${variable.id}) { id } }` };
  }],
  ['a group of another leaderboard in rankings', async (api) => {
    const gameId = await gameWith(api, ['leaderboard']);
    const a = await api.services.leaderboards.create(COMMAND_ACTOR, gameId, { key: 'a', name: 'A' });
    const b = await api.services.leaderboards.create(COMMAND_ACTOR, gameId, { key: 'b', name: 'B' });
    const group = await api.services.leaderboardGroups.create(COMMAND_ACTOR, b.id, { key: 'g', name: 'G' });
    return { rest: ['GET', `/api/leaderboards/${a.id}/rankings?group_id=${group.id}`], graphql: `{ rankings(leaderboard_id: ${a.id}, group_id: ${group.id}) { items { rank } } }` };
  }],
  ['a disconnected module', async (api) => {
    const gameId = await gameWith(api, []);
    return { rest: ['GET', `/api/games/${gameId}/notifications`], graphql: `{ notifications(game_id: ${gameId}) { id } }` };
  }],
  ['a missing game before a broken body (404 before 400)', async () => ({
    rest: ['POST', '/api/games/987654321/variables', { key: '', type: 'nope' }],
    graphql: 'mutation { createVariable(game_id: 987654321, input: { key: "", type: "nope" }) { id } }',
  })],
  ['a disabled module before a broken body (403 before 400)', async (api) => {
    const gameId = await gameWith(api, []);
    return { rest: ['POST', `/api/games/${gameId}/leaderboards`, { key: '' }], graphql: `mutation { createLeaderboard(game_id: ${gameId}, input: { key: "" }) { id } }` };
  }],
  ['the role before a missing game (403 before 404)', async () => ({
    rest: ['POST', '/api/games/987654321/variables', {}], graphql: 'mutation { createVariable(game_id: 987654321, input: {}) { id } }',
  }), 'user'],
  ['every violation of a game, with its path', async () => ({
    rest: ['POST', '/api/games', { name: '', slug: 'Not A Slug!', image_url: 'x'.repeat(3000) }],
    graphql: `mutation { createGame(input: { name: "", slug: "Not A Slug!", image_url: "${'x'.repeat(3000)}" }) { id } }`,
  })],
  ['every violation of a variable, items included', async (api) => {
    const gameId = await gameWith(api, ['variables']);
    const items = [{ key: 'a', index: 1, number_value: 1 }, { string_value: 'x' }];
    return {
      rest: ['POST', `/api/games/${gameId}/variables`, { key: 'v', type: 'table', table_value_type: 'number', items }],
      graphql: `mutation { createVariable(game_id: ${gameId}, input: { key: "v", type: "table", table_value_type: "number", items: [{ key: "a", index: 1, number_value: 1 }, { string_value: "x" }] }) { id } }`,
    };
  }],
  ['every violation of a notification', async (api) => {
    const gameId = await gameWith(api, ['notification']);
    return {
      rest: ['POST', `/api/games/${gameId}/notifications`, { name: '', descriptions: [{ language_id: 99999, description: '{{nope}}' }], entries: [] }],
      graphql: `mutation { createNotification(game_id: ${gameId}, input: { name: "", descriptions: [{ language_id: 99999, description: "{{nope}}" }], entries: [] }) { id } }`,
    };
  }],
  ['a top-up out of range', async (api) => {
    const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: await gameWith(api, []) });
    return { rest: ['POST', `/api/user-games/${ug.id}/topup`, { amount: 0, currency: 'eur' }], graphql: `mutation { topup(user_game_id: ${ug.id}, input: { amount: "0", currency: "eur" }) { id } }` };
  }],
  ['a registration without an invite', async () => ({
    rest: ['POST', '/api/auth/register', { email: 'nope', username: 'x', password: 'short' }],
    graphql: 'mutation { register(input: { email: "nope", username: "x", password: "short" }) { access_token } }',
  }), 'none'],
  ['a slug taken', async (api) => {
    const slug = `taken-${unique()}`;
    await api.services.games.create(COMMAND_ACTOR, { name: 'T', slug });
    return { rest: ['POST', '/api/games', { name: 'T', slug }], graphql: `mutation { createGame(input: { name: "T", slug: "${slug}" }) { id } }` };
  }],
  ['an admin demoting themself', async (api) => ({
    rest: ['PATCH', `/api/users/${api.users.admin.id}`, { role: 'user' }],
    graphql: `mutation { updateUser(id: ${api.users.admin.id}, input: { role: "user" }) { id } }`,
  })],
  ['an Idempotency-Key reused with another body', async (api) => {
    const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: await gameWith(api, []) });
    const key = `key-${unique()}`;
    await api.services.balance.topup(COMMAND_ACTOR, ug.id, { amount: 5 }, key);
    return {
      rest: ['POST', `/api/user-games/${ug.id}/topup`, { amount: 6 }, { 'idempotency-key': key }],
      graphql: `mutation { topup(user_game_id: ${ug.id}, input: { amount: "6" }, idempotency_key: "${key}") { id } }`,
    };
  }],
  ['an upload that is no image', async () => ({ rest: ['POST', '/api/images'], graphql: `mutation { uploadImage(input: { content_base64: "${Buffer.from('plain text, not an image').toString('base64')}" }) { path } }` })],
];

for (const [name, setup, as = 'admin'] of pairs) {
  test(`${name}: the REST problem's code, message and violations`, async (t) => {
    const { api } = t.context;
    const token = as === 'none' ? undefined : api.users[as].token;
    const { rest, graphql } = await setup(api);
    const [method, path, body, headers] = rest;
    const restReply = name.startsWith('an upload')
      ? await api.request('POST', '/api/images', { token, raw: uploadForm(Buffer.from('plain text, not an image')) })
      : await api.request(method, path, { token, body, headers });
    t.true(restReply.status >= 400, JSON.stringify(restReply.body));
    const reply = await gql(api, graphql, { token });
    const [field] = Object.keys(reply.body.data ?? {});
    t.is(reply.body.data?.[field!], null, 'the refused field is null');
    t.deepEqual(errorCodes(reply), [restReply.body.code.toUpperCase()]);
    t.is(reply.body.errors[0].message, restReply.body.detail);
    t.deepEqual(reply.body.errors[0].extensions.errors, restReply.body.errors);
  });
}

function uploadForm(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'a.png');
  return form;
}

test('a login over the limit is RATE_LIMITED with the seconds to wait', async (t) => {
  const { api } = t.context;
  const attempt = () => gql(api, `mutation { login(input: { email: "${api.users.other.email}", password: "wrong password" }) { access_token } }`);
  const codes: string[] = [];
  for (let i = 0; i < 12; i += 1) codes.push(...errorCodes(await attempt()));
  t.is(codes.filter((code) => code === 'UNAUTHORIZED').length, 10);
  const limited = await attempt();
  t.deepEqual(errorCodes(limited), ['RATE_LIMITED']);
  t.true(limited.body.errors[0].extensions.retry_after_s > 0);
});

test('a wrong GraphQL type is refused by GraphQL itself: BAD_REQUEST naming the argument, nothing runs', async (t) => {
  const { api } = t.context;
  const reply = await gql(api, 'mutation ($input: GameInput!) { createGame(input: $input) { id } }', { token: api.users.admin.token, variables: { input: { name: 5, slug: 'typed' } } });
  t.deepEqual(errorCodes(reply), ['BAD_REQUEST']);
  t.regex(reply.body.errors[0].message, /\$input.*name/);
  t.deepEqual(await api.services.games.list(COMMAND_ACTOR, 'typed').rows({ limit: 5, offset: 0 }), []);
  const money = await gql(api, 'mutation { topup(user_game_id: 1, input: { amount: 1.5 }) { id } }', { token: api.users.admin.token });
  t.deepEqual(errorCodes(money), ['BAD_REQUEST']);
});

test.serial('an internal error: INTERNAL with a generic message, the cause only in the log (with the request id)', async (t) => {
  const { api } = t.context;
  await api.database.db.raw('RENAME TABLE languages TO languages_away');
  try {
    const reply = await api.request('POST', '/graphql', {
      token: api.users.user.token, headers: { 'x-request-id': 'gql-internal-1' }, body: { query: '{ languages { id } me { id } }' },
    });
    t.deepEqual(errorCodes(reply), ['INTERNAL']);
    t.is(reply.body.errors[0].message, 'Internal Server Error');
    t.notRegex(JSON.stringify(reply.body), /languages_away|ER_NO_SUCH_TABLE|select/i);
    t.is(reply.body.data.me.id, api.users.user.id, 'the other field still answers');
    const logged = api.logs.map((line) => JSON.parse(line)).find((entry) => entry.callerRequestId === 'gql-internal-1' && entry.msg === 'graphql field failed');
    t.regex(JSON.stringify(logged), /languages/);
    t.is(logged.requestId, reply.headers.get('x-request-id'), 'beside the server\'s own id, which the reply names');
  } finally {
    await api.database.db.raw('RENAME TABLE languages_away TO languages');
  }
});

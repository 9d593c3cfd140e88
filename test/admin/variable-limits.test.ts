import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { MAX_VARIABLES_PER_GAME } from '../../src/admin/variables/variables-service';
import { type TestApi, useSharedTestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.4 "Limits": a game holds at most 1000 variables and a config document of at most 1 MiB
// (compact JSON, a sparse vector counting its nulls). A create or PUT past either is a 409 naming the
// limit, and nothing changes, also when writes race.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

let n = 0;
async function game(api: TestApi): Promise<number> {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'Limits', slug: `var-limits-${(n += 1)}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: 'variables' });
  return id;
}
const post = (api: TestApi, gameId: number, body: unknown) =>
  api.request('POST', `/api/games/${gameId}/variables`, { token: api.users.moderator.token, body });
const config = async (api: TestApi, gameId: number) =>
  (await api.request('GET', `/api/games/${gameId}/config`, { token: api.users.user.token })).body as Record<string, unknown>;
/** A vector of one item at the last index: 99 bytes asked for, 327 KB of document (its nulls). */
const sparseVector = (key: string) => ({ key, type: 'vector', table_value_type: 'number', items: [{ index: 65535, number_value: 1 }] });

test('a create past 1 MiB of config document is a 409 naming the limit, and the document stays as it was', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  for (const key of ['v1', 'v2', 'v3']) t.is((await post(api, id, sparseVector(key))).status, 201, key);
  const before = await config(api, id);
  const refused = await post(api, id, sparseVector('v4'));
  t.is(refused.status, 409);
  t.is(refused.body.code, 'conflict');
  t.regex(refused.body.detail, /config document would be \d+ bytes; its limit is 1048576 bytes \(1 MiB\)/);
  t.deepEqual(await config(api, id), before);
  t.is((await api.request('GET', `/api/games/${id}/variables`, { token: api.users.moderator.token })).body.length, 3);
  // The same through GraphQL, which shares the service.
  const mutation = 'mutation ($game: SafeInt!, $input: VariableInput!) { createVariable(game_id: $game, input: $input) { id } }';
  const viaGraphQL = await gql(api, mutation, { token: api.users.moderator.token, variables: { game: id, input: sparseVector('v5') } });
  t.is(viaGraphQL.body.errors[0].extensions.code, 'CONFLICT');
  t.regex(viaGraphQL.body.errors[0].message, /1 MiB/);
});

test('a PUT that would pass 1 MiB is a 409 and the variable keeps its definition', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  for (const key of ['v1', 'v2', 'v3']) await post(api, id, sparseVector(key));
  const small = await post(api, id, { key: 'small', type: 'number', number_value: 7 });
  const refused = await api.request('PUT', `/api/games/${id}/variables/${small.body.id}`, { token: api.users.moderator.token, body: sparseVector('small') });
  t.is(refused.status, 409);
  t.regex(refused.body.detail, /1 MiB/);
  t.like((await api.request('GET', `/api/games/${id}/variables/${small.body.id}`, { token: api.users.moderator.token })).body, { type: 'number', number_value: 7 });
  t.is((await config(api, id)).small, 7);
});

test('the 1001st variable is a 409 naming the limit; racing creates at 999 admit exactly one', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const rows = Array.from({ length: MAX_VARIABLES_PER_GAME - 1 }, (_, i) => ({ game_id: id, key: `k${i}`, type: 'number', number_value: i }));
  await api.database.db('variables').insert(rows);
  const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => post(api, id, { key: `race${i}`, type: 'number', number_value: i })));
  t.deepEqual(racing.map((reply) => reply.status).sort(), [201, 409, 409, 409, 409, 409]);
  const refused = racing.find((reply) => reply.status === 409)!;
  t.is(refused.body.detail, `a game holds at most ${MAX_VARIABLES_PER_GAME} variables`);
  t.is(Object.keys(await config(api, id)).length, MAX_VARIABLES_PER_GAME);
  const existing = racing.find((reply) => reply.status === 201)!.body.id as number;
  t.is((await api.request('PUT', `/api/games/${id}/variables/${existing}`, { token: api.users.moderator.token, body: { key: 'renamed', type: 'number', number_value: 1 } })).status, 200, 'a PUT keeps the count');
});

test('the 1 MiB limit counts UTF-8 bytes: 600,000 two-byte characters (1.2 MB, 600,000 UTF-16 units) are refused', async (t) => {
  const { api } = t.context;
  const id = await game(api);
  const text = 'я'.repeat(60_000);
  // Ten strings of 60,000 two-byte characters: 1.2 MB of document in UTF-8, 0.6 M code units in JavaScript.
  const statuses: number[] = [];
  for (let i = 0; i < 10; i += 1) statuses.push((await post(api, id, { key: `s${i}`, type: 'string', string_value: text })).status);
  const refusedAt = statuses.indexOf(409);
  t.true(refusedAt > 0 && refusedAt < 10, `answers ${statuses.join(',')}`);
  t.is(Buffer.byteLength(JSON.stringify(await config(api, id))) <= 1_048_576, true);
  t.is(refusedAt, 8, 'the ninth would pass 1,048,576 bytes (8 × 120,000 + overhead fits, 9 does not)');
});

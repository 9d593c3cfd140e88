import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createTestApi, useSharedTestApi, type TestApi } from '../helpers/api';
import { errorCodes, gql } from '../helpers/graphql';

// GraphQL over HTTP: methods, media types, the body limit, the depth and cost limits, introspection
// and the explorer.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

test('GET runs a query; a mutation over GET is 405 METHOD_NOT_ALLOWED with Allow: POST and changes nothing', async (t) => {
  const { api } = t.context;
  const token = api.users.admin.token;
  const query = await gql(api, '{ me { id role } }', { token, method: 'GET' });
  t.is(query.status, 200);
  t.deepEqual(query.body.data.me, { id: api.users.admin.id, role: 'admin' });

  const slug = `get-mutation-${Date.now()}`;
  const mutation = await gql(api, `mutation { createGame(input: { name: "G", slug: "${slug}" }) { id } }`, { token, method: 'GET' });
  t.is(mutation.status, 405);
  t.is(mutation.headers.get('allow'), 'POST');
  t.deepEqual(errorCodes(mutation), ['METHOD_NOT_ALLOWED']);
  t.deepEqual(await api.services.games.list(COMMAND_ACTOR, slug).rows({ limit: 10, offset: 0 }), []);
});

test('both reply media types; validation errors are 400 under graphql-response+json and 200 under application/json', async (t) => {
  const { api } = t.context;
  const token = api.users.user.token;
  const modern = await gql(api, '{ nope }', { token, accept: GRAPHQL_RESPONSE });
  t.is(modern.status, 400);
  t.regex(modern.headers.get('content-type') ?? '', /^application\/graphql-response\+json/);
  t.deepEqual(errorCodes(modern), ['BAD_REQUEST']);
  const legacy = await gql(api, '{ nope }', { token, accept: 'application/json' });
  t.is(legacy.status, 200);
  t.regex(legacy.headers.get('content-type') ?? '', /^application\/json/);
  t.deepEqual(errorCodes(legacy), ['BAD_REQUEST']);
  const ok = await gql(api, '{ me { id } }', { token, accept: GRAPHQL_RESPONSE });
  t.is(ok.status, 200);
  t.is(ok.headers.get('cache-control'), 'no-store');
  t.is(ok.headers.get('x-content-type-options'), 'nosniff');
});

test('transport refusals carry GraphQL errors with the REST codes: broken JSON, 2 MiB, wrong media types, other methods', async (t) => {
  const { api } = t.context;
  const broken = await api.request('POST', '/graphql', { raw: '{"query": ', headers: { 'content-type': 'application/json' } });
  t.is(broken.status, 400);
  t.deepEqual(errorCodes(broken), ['BAD_REQUEST']);
  const huge = await api.request('POST', '/graphql', { body: { query: `{ me { id } } # ${'x'.repeat(2 * 1024 * 1024)}` } });
  t.is(huge.status, 413);
  t.deepEqual(errorCodes(huge), ['PAYLOAD_TOO_LARGE']);
  const text = await api.request('POST', '/graphql', { raw: '{ me { id } }', headers: { 'content-type': 'text/plain' } });
  t.is(text.status, 415);
  t.deepEqual(errorCodes(text), ['UNSUPPORTED_MEDIA_TYPE']);
  const xml = await api.request('GET', `/graphql?query=${encodeURIComponent('{ me { id } }')}`, { headers: { accept: 'application/xml' } });
  t.is(xml.status, 406);
  t.deepEqual(errorCodes(xml), ['BAD_REQUEST']);
  const put = await api.request('PUT', '/graphql', { body: { query: '{ me { id } }' } });
  t.is(put.status, 405);
  t.is(put.body.code, 'method_not_allowed');
  const missing = await api.request('POST', '/graphql', { body: { variables: {} } });
  t.is(missing.status, 400);
  t.deepEqual(errorCodes(missing), ['BAD_REQUEST']);
});

/** `game { leaderboards { game { leaderboards … { id } } } }`, `levels` fields deep. */
const deepQuery = (levels: number) => {
  const chain = Array.from({ length: levels - 2 }, (_, i) => (i % 2 === 0 ? 'leaderboards(limit: 1)' : 'game'));
  return `{ game(id: 1) ${chain.reduceRight((inner, field) => `{ ${field} ${inner} }`, '{ id }')} }`;
};

test('depth: 10 levels run, 11 are refused before anything runs (BAD_REQUEST naming the limit)', async (t) => {
  const { api } = t.context;
  const token = api.users.admin.token;
  const ten = await gql(api, deepQuery(10), { token });
  t.false(errorCodes(ten).includes('BAD_REQUEST'), JSON.stringify(ten.body.errors));
  const eleven = await gql(api, deepQuery(11), { token });
  t.is(eleven.status, 400);
  t.deepEqual(errorCodes(eleven), ['BAD_REQUEST']);
  t.regex(eleven.body.errors[0].message, /11 levels deep; the limit is 10/);
  t.is(eleven.body.data, undefined);
  // Fragments count where they are spread.
  const spread = await gql(api, `${deepQuery(11).replace('{ id }', '{ ...F }')} fragment F on Leaderboard { id }`, { token });
  t.regex(spread.body.errors[0].message, /levels deep/);
});

test('cost: lists count limit × parent count, from literals, variables and defaults; over 100,000 objects is refused', async (t) => {
  const { api } = t.context;
  const token = api.users.admin.token;
  const query = 'query ($n: Int = 1000) { games(limit: 1000) { leaderboards(limit: $n) { id } } }';
  const refusedByDefault = await gql(api, query, { token });
  t.deepEqual(errorCodes(refusedByDefault), ['BAD_REQUEST']);
  t.regex(refusedByDefault.body.errors[0].message, /may return 1001000 objects; the limit is 100000/);
  const allowed = await gql(api, query, { token, variables: { n: 99 } });
  t.is(allowed.body.errors, undefined);
  const nestedDefaults = await gql(api, '{ games { leaderboards { groups { id } } } }', { token });
  t.regex(nestedDefaults.body.errors[0].message, /may return 10101000 objects/);
  const small = await gql(api, '{ games(limit: 10) { leaderboards(limit: 10) { groups(limit: 10) { id } rankings(limit: 50) { rank } } } }', { token });
  t.is(small.body.errors, undefined);
});

test('the explorer: a browser GET without a query gets GraphiQL (a Vite build) from this server (no CDN), with a strict CSP', async (t) => {
  const { api } = t.context;
  const page = await fetch(`${api.base}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
  const csp = page.headers.get('content-security-policy') ?? '';
  t.regex(csp, /script-src 'self'/);
  const html = await page.text();
  // The explorer's Vite build: one script and one stylesheet, hashed, from this server.
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  t.deepEqual(sources.map((source) => /\.(js|css)$/.exec(source)?.[1]).sort(), ['css', 'js']);
  for (const source of sources) {
    t.regex(source, /^\/graphql\/explorer\/assets\/[\w-]+\.(js|css)$/);
    const asset = await fetch(`${api.base}${source}`);
    t.is(asset.status, 200, source);
    t.regex(asset.headers.get('cache-control') ?? '', /immutable/, source);
    t.true((await asset.arrayBuffer()).byteLength > 100, source);
  }
  t.is((await fetch(`${api.base}/graphql/explorer/../../package.json`)).status, 404);
  t.is((await fetch(`${api.base}/graphql/explorer/assets/nope.js`)).status, 404);
  t.is((await fetch(`${api.base}/graphql/explorer/index.html`)).status, 404);
  // A GET with a query and a JSON Accept runs it, also from a browser's Accept.
  const run = await gql(t.context.api, '{ modules { key } }', { method: 'GET', token: api.users.user.token, accept: 'application/json' });
  t.true(run.body.data.modules.length >= 3);
});

test('introspection: on by default; off under NODE_ENV=production unless GRAPHQL_INTROSPECTION=true', async (t) => {
  const introspect = (api: TestApi) => gql(api, '{ __schema { queryType { name } } }');
  t.is((await introspect(t.context.api)).body.data.__schema.queryType.name, 'Query');
  const production = await createTestApi({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) });
  const opted = await createTestApi({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), GRAPHQL_INTROSPECTION: 'true' });
  t.teardown(async () => {
    await production.close();
    await opted.close();
  });
  const refused = await introspect(production);
  t.true(errorCodes(refused).length > 0 && errorCodes(refused).every((code) => code === 'BAD_REQUEST'));
  t.is(refused.body.data, undefined);
  t.regex(refused.body.errors[0].message, /introspection/i);
  t.is((await introspect(opted)).body.data.__schema.queryType.name, 'Query');
  // Queries still run in production.
  t.truthy((await gql(production, '{ me { id } }', { token: production.users.user.token })).body.data.me.id);
});

test('with introspection off no error suggests a name ("Did you mean"); with it on they do', async (t) => {
  const production = await createTestApi({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) });
  t.teardown(() => production.close());
  const typo = '{ gmes { id } me { usrname } }';
  const badInput = 'mutation ($input: GameInput!) { createGame(input: $input) { id } }';
  const typoed = { input: { nmae: 'G', slug: 'typo' } };
  const hinted = [
    ...(await gql(t.context.api, typo, { token: t.context.api.users.admin.token })).body.errors,
    ...(await gql(t.context.api, badInput, { token: t.context.api.users.admin.token, variables: typoed })).body.errors,
  ];
  t.true(hinted.some((error: { message: string }) => /Did you mean "games"/.test(error.message)), JSON.stringify(hinted));
  t.true(hinted.some((error: { message: string }) => /"nmae" is not defined by type "GameInput". Did you mean "name"/.test(error.message)), JSON.stringify(hinted));
  const silent = [
    ...(await gql(production, typo, { token: production.users.admin.token })).body.errors,
    ...(await gql(production, badInput, { token: production.users.admin.token, variables: typoed })).body.errors,
  ];
  t.true(silent.length >= 3, JSON.stringify(silent));
  for (const error of silent) t.notRegex(error.message, /Did you mean|"games"|"username"|"name"/);
});

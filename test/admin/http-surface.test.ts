import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createTestApi, PASSWORD, type TestApi, useSharedTestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.1's HTTP surface: the token before the body, problem+json for every status, the headers
// every reply carries, what logs may hold, and bounded lists.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

const TWO_MIB = 'x'.repeat(2 * 1024 * 1024);

test('a protected route without a valid token is 401 whatever its body: broken JSON, 2 MiB', async (t) => {
  const { api } = t.context;
  for (const [name, raw] of [['broken', '{"name": '], ['huge', `{"name":"${TWO_MIB}"}`]] as const) {
    for (const token of [undefined, 'not-a-token']) {
      const reply = await api.request('POST', '/api/games', { raw, token, headers: { 'content-type': 'application/json' } });
      t.is(reply.status, 401, `${name} body, token ${token}`);
      t.is(reply.headers.get('www-authenticate'), 'Bearer');
    }
  }
  const staff = api.users.admin.token;
  const broken = await api.request('POST', '/api/games', { raw: '{"name": ', token: staff, headers: { 'content-type': 'application/json' } });
  t.like(broken, { status: 400, body: { code: 'bad_request', detail: 'the body is not valid JSON' } });
  const huge = await api.request('POST', '/api/games', { raw: `{"name":"${TWO_MIB}"}`, token: staff, headers: { 'content-type': 'application/json' } });
  t.like(huge, { status: 413, body: { code: 'payload_too_large' } });
  const missingGame = await api.request('PUT', '/api/games/999999', { raw: '{"name": ', token: staff, headers: { 'content-type': 'application/json' } });
  t.is(missingGame.status, 404, 'the entity in the path is checked before the body');
  const user = await api.request('POST', '/api/games', { raw: '{"name": ', token: api.users.user.token, headers: { 'content-type': 'application/json' } });
  t.is(user.status, 403, 'the role is checked before the body');
});

test('405 and 501 are problem+json; 405 names the allowed methods in Allow', async (t) => {
  const { api } = t.context;
  const notAllowed = await api.request('PATCH', '/api/games', { token: api.users.admin.token });
  t.is(notAllowed.status, 405);
  t.is(notAllowed.headers.get('content-type'), 'application/problem+json');
  t.like(notAllowed.body, { status: 405, code: 'method_not_allowed' });
  t.deepEqual(notAllowed.headers.get('allow')?.split(', ').sort(), ['GET', 'HEAD', 'POST']);
  const unknown = await api.request('PURGE', '/api/games', { token: api.users.admin.token });
  t.is(unknown.status, 501);
  t.is(unknown.headers.get('content-type'), 'application/problem+json');
  t.like(unknown.body, { status: 501, code: 'not_implemented' });
});

test('every reply carries nosniff; /api/auth/* replies are no-store; a 401 says Bearer', async (t) => {
  const { api } = t.context;
  for (const [method, path] of [['GET', '/healthz'], ['GET', '/api/games'], ['GET', '/api/nowhere'], ['POST', '/api/auth/login']]) {
    const reply = await api.request(method!, path!, { token: api.users.user.token, body: method === 'POST' ? {} : undefined });
    t.is(reply.headers.get('x-content-type-options'), 'nosniff', path);
  }
  for (const [path, body] of [['/api/auth/login', { email: api.users.user.email, password: 'correct horse battery' }], ['/api/auth/login', { email: 'x@example.com', password: 'nope nope' }]] as const) {
    const reply = await api.request('POST', path, { body });
    t.is(reply.headers.get('cache-control'), 'no-store', `${reply.status}`);
  }
  t.is((await api.request('GET', '/api/auth/me', { token: api.users.user.token })).headers.get('cache-control'), 'no-store');
  t.not((await api.request('GET', '/api/games', { token: api.users.user.token })).headers.get('cache-control'), 'no-store');
  const unauthorized = await api.request('GET', '/api/games');
  t.is(unauthorized.headers.get('www-authenticate'), 'Bearer');
});

test('logs hold no SQL values (hashes, emails) and no invite codes', async (t) => {
  const api = await createTestApi();
  t.teardown(api.close);
  const invite = (await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role: 'user', max_uses: 2 } })).body.code as string;
  await api.request('GET', `/api/invites/validate/${invite}`);
  await api.request('DELETE', `/api/invites/does-not-exist-${invite}`, { token: api.users.admin.token });
  // A constraint this email breaks: the INSERT fails inside MySQL, and knex's error quotes its values.
  await api.database.db.raw("ALTER TABLE users ADD CONSTRAINT refuse_leak CHECK (email <> 'leak@example.com')");
  const failed = await api.request('POST', '/api/auth/register', { body: { email: 'leak@example.com', username: 'leaky', password: 'long enough pw', invite_code: invite } });
  t.is(failed.status, 500);
  const logs = api.logs.join('');
  t.regex(logs, /"level":"error".*request failed/, 'the 500 was logged');
  t.regex(logs, /database error/);
  t.notRegex(logs, /scrypt\$/, 'no password hash');
  t.notRegex(logs, /leak@example\.com/, 'no SQL values');
  t.false(logs.includes(invite), 'no invite code');
  t.regex(logs, /\/api\/invites\/validate\/\[redacted\]/);
});

test('image_url is empty, an http(s) URL or a path under /uploads/images/; javascript: and data: are 400', async (t) => {
  const { api } = t.context;
  const create = (imageUrl: string, slug: string) =>
    api.request('POST', '/api/games', { token: api.users.admin.token, body: { name: 'G', slug, image_url: imageUrl } });
  const good = ['', 'https://cdn.example.com/a.png', 'http://example.com/x?y=1', '/uploads/images/0123456789abcdef0123456789abcdef.png'];
  for (const [i, url] of good.entries()) t.is((await create(url, `img-ok-${i}`)).status, 201, url);
  const bad = ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:x', 'ftp://example.com/a.png', 'a.png', '//evil.example.com/a.png', '/uploads/images/../secret', '/etc/passwd', 'https://'];
  for (const [i, url] of bad.entries()) {
    const reply = await create(url, `img-bad-${i}`);
    t.is(reply.status, 400, url);
    t.like(reply.body, { code: 'validation_failed', errors: [{ path: 'image_url' }] });
  }
  const game = (await create('', 'img-put')).body;
  t.is((await api.request('PUT', `/api/games/${game.id}`, { token: api.users.admin.token, body: { image_url: 'javascript:alert(1)' } })).status, 400);
});

test('lists take limit 1–1000 and offset ≥ 0 (anything else 400); games and invites come newest first', async (t) => {
  const { api } = t.context;
  const admin = api.users.admin.token;
  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) ids.push((await api.request('POST', '/api/games', { token: admin, body: { name: `L${i}`, slug: `list-${i}` } })).body.id);
  const all = (await api.request('GET', '/api/games?search=list-', { token: admin })).body.map((g: { id: number }) => g.id);
  t.deepEqual(all, [...ids].reverse());
  t.deepEqual((await api.request('GET', '/api/games?search=list-&limit=1&offset=1', { token: admin })).body.map((g: { id: number }) => g.id), [ids[1]]);
  for (const key of ['variables', 'notification', 'leaderboard']) await api.services.modules.connect(COMMAND_ACTOR, ids[0]!, { module_key: key });
  const board = await api.services.leaderboards.create(COMMAND_ACTOR, ids[0]!, { key: 'lists', name: 'Lists' });
  for (const key of ['a', 'b']) await api.services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key, name: key });
  const modulePaths = [`/api/games/${ids[0]}/variables`, `/api/games/${ids[0]}/notifications`, `/api/games/${ids[0]}/leaderboards`, `/api/leaderboards/${board.id}/groups`];
  for (const path of ['/api/games', '/api/invites', '/api/languages', `/api/games/${ids[0]}/users`, `/api/users/${api.users.user.id}/games`, ...modulePaths]) {
    for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'offset=-1', 'offset=x']) {
      const reply = await api.request('GET', `${path}?${query}`, { token: admin });
      t.is(reply.status, 400, `${path}?${query}`);
    }
    t.is((await api.request('GET', `${path}?limit=1000&offset=0`, { token: admin })).status, 200, path);
  }
  t.is((await api.request('GET', '/api/languages?limit=1', { token: admin })).body.length, 1);
  t.deepEqual((await api.request('GET', `/api/leaderboards/${board.id}/groups?limit=1&offset=1`, { token: admin })).body.map((g: { key: string }) => g.key), ['b']);
});

test('a list that pages answers its total in X-Total-Count, REST and GraphQL alike; users and invites newest first, used-up invites hidden on request', async (t) => {
  const { api } = t.context;
  const admin = api.users.admin.token;
  const prefix = `total-${process.pid}-`;
  const ids: number[] = [];
  for (let i = 0; i < 5; i += 1) ids.push((await api.request('POST', '/api/games', { token: admin, body: { name: `T${i}`, slug: `${prefix}${i}` } })).body.id);
  for (const [query, rows] of [['limit=2&offset=0', 2], ['limit=2&offset=4', 1], ['limit=2&offset=9', 0], ['limit=10', 5]] as const) {
    const reply = await api.request('GET', `/api/games?search=${prefix}&${query}`, { token: admin });
    t.is(reply.headers.get('x-total-count'), '5', query);
    t.is(reply.body.length, rows, query);
  }
  const page = await gql(api, `{ games(search: "${prefix}", limit: 2, offset: 2) { id } gamesTotal(search: "${prefix}") }`, { token: admin });
  t.deepEqual(page.body.data, { games: [{ id: ids[2] }, { id: ids[1] }], gamesTotal: 5 });
  const languages = await api.request('GET', '/api/languages?limit=1', { token: admin });
  t.is(Number(languages.headers.get('x-total-count')), (await gql(api, '{ languagesTotal }', { token: admin })).body.data.languagesTotal);
  t.true(Number(languages.headers.get('x-total-count')) >= 2);

  const users = await api.request('GET', '/api/users?limit=200', { token: admin });
  const userIds = users.body.map((u: { id: number }) => u.id);
  t.deepEqual(userIds, [...userIds].sort((a: number, b: number) => b - a), 'users newest first');
  t.is(users.headers.get('x-total-count'), String((await gql(api, '{ usersTotal }', { token: admin })).body.data.usersTotal));

  const spent = (await api.request('POST', '/api/invites', { token: admin, body: { role: 'user', max_uses: 1 } })).body.code as string;
  const name = `spent_${process.pid}`;
  t.is((await api.request('POST', '/api/auth/register', { body: { email: `${name}@example.com`, username: name, password: PASSWORD, invite_code: spent } })).status, 201);
  const fresh = (await api.request('POST', '/api/invites', { token: admin, body: { role: 'user', max_uses: 1 } })).body.code as string;
  const all = await api.request('GET', '/api/invites?limit=1000', { token: admin });
  const usable = await api.request('GET', '/api/invites?usable=true&limit=1000', { token: admin });
  const codes = (reply: typeof all) => reply.body.map((invite: { code: string }) => invite.code);
  t.deepEqual(codes(all).slice(0, 2), [fresh, spent], 'newest first');
  t.true(codes(usable).includes(fresh));
  t.false(codes(usable).includes(spent), 'a used-up invite is hidden');
  t.is(Number(all.headers.get('x-total-count')) - Number(usable.headers.get('x-total-count')) >= 1, true);
  t.is((await api.request('GET', '/api/invites?usable=maybe', { token: admin })).body.errors?.[0]?.path, 'usable');
});

test('paths match case-sensitively: another spelling is a 404 that gets no token, and its invite code is not logged', async (t) => {
  const api = await createTestApi();
  t.teardown(api.close);
  const body = { email: api.users.admin.email, password: PASSWORD };
  for (const path of ['/API/AUTH/LOGIN', '/api/Auth/login', '/api/auth/LOGIN']) {
    const reply = await api.request('POST', path, { body });
    t.is(reply.status, 404, path);
    t.is(reply.body.access_token, undefined, path);
  }
  t.is((await api.request('POST', '/api/auth/login', { body })).headers.get('cache-control'), 'no-store');
  const invite = (await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role: 'user', max_uses: 1 } })).body.code as string;
  t.is((await api.request('GET', `/API/invites/validate/${invite}`)).status, 404);
  t.is((await api.request('GET', `/api/INVITES/validate/${invite}`)).status, 404);
  t.is((await api.request('GET', '/API/GAMES', { token: api.users.admin.token })).status, 404);
  t.false(api.logs.join('').includes(invite), 'no invite code in any log line');
});

test('GET /favicon.ico is the server\'s icon (a PNG), so no page\'s tab asks in vain', async (t) => {
  const reply = await fetch(`${t.context.api.base}/favicon.ico`);
  t.is(reply.status, 200);
  t.is(reply.headers.get('content-type'), 'image/png');
  const bytes = Buffer.from(await reply.arrayBuffer());
  t.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'the PNG signature');
  t.is(bytes.readUInt32BE(16), 32, '32 pixels wide');
});

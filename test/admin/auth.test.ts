import anyTest, { type TestFn } from 'ava';
import jwt from 'jsonwebtoken';
import { createTestApi, PASSWORD, type TestApi } from '../helpers/api';

const test = anyTest as TestFn<{ api: TestApi; clock: { aheadMs: number } }>;
test.beforeEach(async (t) => {
  // Each test's API has a clock of its own (invite expiry): a test moves it instead of sleeping.
  const clock = { aheadMs: 0 };
  t.context.clock = clock;
  t.context.api = await createTestApi({}, { clock: () => Date.now() + clock.aheadMs });
});
test.afterEach.always(async (t) => {
  await t.context.api?.close();
});

async function invite(api: TestApi, body: Record<string, unknown> = { role: 'user', max_uses: 1 }) {
  return (await api.request('POST', '/api/invites', { token: api.users.admin.token, body })).body;
}

const registration = (code: string, name = 'newbie') => ({ email: `${name}@example.com`, username: name, password: 'long enough pw', invite_code: code });

test('login answers a token reply without any password material; me returns the user', async (t) => {
  const { api } = t.context;
  const reply = await api.request('POST', '/api/auth/login', { body: { email: api.users.user.email, password: PASSWORD } });
  t.is(reply.status, 200);
  t.like(reply.body, { token_type: 'Bearer', expires_in: 3600, user: { id: api.users.user.id, role: 'user', is_active: true } });
  t.deepEqual(Object.keys(reply.body.user).sort(), ['created_at', 'email', 'game_scope', 'id', 'is_active', 'role', 'two_factor_enabled', 'updated_at', 'username']);
  t.notRegex(JSON.stringify(reply.body), /scrypt|password/);
  const claims = jwt.decode(reply.body.access_token, { complete: true })!;
  t.is(claims.header.alg, 'HS256');
  t.like(claims.payload as object, { sub: String(api.users.user.id), role: 'user' });
  t.truthy((claims.payload as jwt.JwtPayload).iat);
  const me = await api.request('GET', '/api/auth/me', { token: reply.body.access_token });
  t.is(me.body.email, api.users.user.email);
});

test('a wrong email and a wrong password get the same 401 with the same message', async (t) => {
  const { api } = t.context;
  const wrongPassword = await api.request('POST', '/api/auth/login', { body: { email: api.users.user.email, password: 'not it at all' } });
  const wrongEmail = await api.request('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: PASSWORD } });
  t.is(wrongPassword.status, 401);
  t.deepEqual(wrongPassword.body, wrongEmail.body);
  t.like(wrongEmail.body, { code: 'unauthorized', detail: 'wrong email or password' });
});

test('ten failed logins for one email from one address within 15 minutes give 429 with Retry-After', async (t) => {
  const { api } = t.context;
  const attempt = (password: string) => api.request('POST', '/api/auth/login', { body: { email: api.users.other.email, password } });
  for (let i = 0; i < 10; i += 1) t.is((await attempt(`wrong-${i}-password`)).status, 401);
  const limited = await attempt(PASSWORD);
  t.is(limited.status, 429);
  t.is(limited.body.code, 'rate_limited');
  const retryAfter = Number(limited.headers.get('retry-after'));
  // The window runs 15 minutes from the first failure; ten hashes on a loaded machine may take a while.
  t.true(retryAfter > 600 && retryAfter <= 900, `Retry-After ${retryAfter}`);
  const otherEmail = await api.request('POST', '/api/auth/login', { body: { email: api.users.user.email, password: PASSWORD } });
  t.is(otherEmail.status, 200, 'another email from the same address is not limited');
});

test('register by invite: 201 with a token, the role comes from the invite even when the body says admin', async (t) => {
  const { api } = t.context;
  const code = (await invite(api, { role: 'moderator', max_uses: 1 })).code;
  const reply = await api.request('POST', '/api/auth/register', { body: { ...registration(code), role: 'admin', is_active: false } });
  t.is(reply.status, 201);
  t.like(reply.body, { token_type: 'Bearer', user: { role: 'moderator', is_active: true, username: 'newbie' } });
  t.truthy(reply.body.access_token);
  t.is(reply.headers.get('location'), `/api/users/${reply.body.user.id}`);
});

test('an unknown, deleted, expired or used-up invite is a 400 on invite_code', async (t) => {
  const { api } = t.context;
  const used = (await invite(api)).code;
  t.is((await api.request('POST', '/api/auth/register', { body: registration(used, 'first') })).status, 201);
  const deleted = (await invite(api)).code;
  await api.request('DELETE', `/api/invites/${deleted}`, { token: api.users.admin.token });
  const expired = (await invite(api, { role: 'user', max_uses: 5, expires_in_s: 1 })).code;
  t.deepEqual((await api.request('GET', `/api/invites/validate/${expired}`)).body.valid, true);
  t.context.clock.aheadMs = 1001; // past its expiry by the API's clock
  for (const code of ['no-such-code', deleted, expired, used]) {
    const reply = await api.request('POST', '/api/auth/register', { body: registration(code, 'second') });
    t.is(reply.status, 400, code);
    t.like(reply.body, { code: 'validation_failed', errors: [{ path: 'invite_code' }] });
  }
  t.deepEqual((await api.request('GET', `/api/invites/validate/${expired}`)).body, { valid: false });
});

test('registration rules: every violation listed; duplicates of email or username are 409', async (t) => {
  const { api } = t.context;
  const code = (await invite(api, { role: 'user', max_uses: 10 })).code;
  const bad = await api.request('POST', '/api/auth/register', { body: { email: 'not-an-email', username: 'a b', password: 'short', invite_code: code } });
  t.is(bad.status, 400);
  t.deepEqual(bad.body.errors.map((e: { path: string }) => e.path).sort(), ['email', 'password', 'username']);
  const longPassword = await api.request('POST', '/api/auth/register', { body: { ...registration(code), password: 'x'.repeat(257) } });
  t.deepEqual(longPassword.body.errors, [{ path: 'password', message: 'must be at most 256 characters' }]);
  const sameEmail = await api.request('POST', '/api/auth/register', { body: { ...registration(code, 'fresh_name'), email: api.users.user.email } });
  t.is(sameEmail.status, 409);
  t.is(sameEmail.body.code, 'conflict');
  t.deepEqual(sameEmail.body.errors, [{ path: 'email', message: 'is already taken' }], 'a 409 names its field');
  const sameUsername = await api.request('POST', '/api/auth/register', { body: { ...registration(code, 'uma_user'), email: 'new@example.com' } });
  t.is(sameUsername.status, 409);
  t.deepEqual(sameUsername.body.errors, [{ path: 'username', message: 'is already taken' }]);
  t.is((await api.request('GET', `/api/invites/validate/${code}`)).body.remaining_uses, 10, 'failed registrations used nothing');
});

test('an invite with max_uses 3 and 10 concurrent registrations admits exactly 3', async (t) => {
  const { api } = t.context;
  const code = (await invite(api, { role: 'user', max_uses: 3 })).code;
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, i) => api.request('POST', '/api/auth/register', { body: registration(code, `racer_${i}`) })),
  );
  t.is(replies.filter((r) => r.status === 201).length, 3);
  t.is(replies.filter((r) => r.status === 400).length, 7);
  t.like((await api.request('GET', '/api/invites', { token: api.users.admin.token })).body.find((i: { code: string }) => i.code === code), { uses: 3 });
});

test('invites: reply shape, 128-bit codes, moderators invite users only, validate answers', async (t) => {
  const { api } = t.context;
  const created = await api.request('POST', '/api/invites', { token: api.users.moderator.token, body: { role: 'user', max_uses: 4, expires_in_s: 3600 } });
  t.is(created.status, 201);
  t.like(created.body, { role: 'user', max_uses: 4, uses: 0, created_by: api.users.moderator.id });
  t.regex(created.body.code, /^[A-Za-z0-9_-]{22}$/);
  t.true(Math.abs(Date.parse(created.body.expires_at) - Date.now() - 3600_000) < 5000);
  for (const role of ['moderator', 'admin']) {
    const refused = await api.request('POST', '/api/invites', { token: api.users.moderator.token, body: { role, max_uses: 1 } });
    t.is(refused.status, 403);
  }
  t.is((await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role: 'admin', max_uses: 1 } })).status, 201);
  const invalid = await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role: 'boss', max_uses: 0 } });
  t.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path).sort(), ['max_uses', 'role']);
  t.is((await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role: 'user', max_uses: 10001 } })).status, 400);
  t.deepEqual((await api.request('GET', `/api/invites/validate/${created.body.code}`)).body, { valid: true, role: 'user', remaining_uses: 4 });
  t.is((await api.request('DELETE', '/api/invites/unknown-code', { token: api.users.admin.token })).status, 404);
});

test('tokens with alg none, another algorithm, another secret, a tampered payload or past expiry are 401', async (t) => {
  const { api } = t.context;
  const id = String(api.users.admin.id);
  const secret = api.config.auth.jwtSecret;
  const valid = api.users.user.token;
  const [header, , signature] = valid.split('.');
  const tamperedPayload = Buffer.from(JSON.stringify({ sub: id, role: 'admin', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
  const tokens = {
    none: jwt.sign({ role: 'admin' }, '', { algorithm: 'none', subject: id }),
    hs512: jwt.sign({ role: 'admin' }, secret, { algorithm: 'HS512', subject: id }),
    otherSecret: jwt.sign({ role: 'admin' }, 'x'.repeat(40), { algorithm: 'HS256', subject: id }),
    tampered: `${header}.${tamperedPayload}.${signature}`,
    expired: jwt.sign({ role: 'admin', exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256', subject: id }),
    garbage: 'not.a.token',
  };
  for (const [name, token] of Object.entries(tokens)) {
    const reply = await api.request('GET', '/api/auth/me', { token });
    t.is(reply.status, 401, name);
    t.is(reply.body.code, 'unauthorized', name);
  }
  t.is((await api.request('GET', '/api/auth/me', { token: valid })).status, 200);
});

test('a deactivated user\'s token gets 401 and a role change applies to the very next request', async (t) => {
  const { api } = t.context;
  const person = await api.createUser('user', 'changing');
  t.is((await api.request('GET', '/api/users', { token: person.token })).status, 403);
  await api.request('PATCH', `/api/users/${person.id}`, { token: api.users.admin.token, body: { role: 'moderator' } });
  t.is((await api.request('GET', '/api/users', { token: person.token })).status, 200);
  await api.request('PATCH', `/api/users/${person.id}`, { token: api.users.admin.token, body: { is_active: false } });
  t.is((await api.request('GET', '/api/auth/me', { token: person.token })).status, 401);
  const login = await api.request('POST', '/api/auth/login', { body: { email: person.email, password: PASSWORD } });
  t.is(login.status, 401);
});

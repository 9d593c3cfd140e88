import anyTest, { type TestFn } from 'ava';
import jwt from 'jsonwebtoken';
import { waitUntil } from '../../src/local-services/process-tools';
import { createTestApi, PASSWORD, type TestApi } from '../helpers/api';

// SPEC §2.2's rules against privilege escalation and guessing: who sees invites, the login limits
// (counted before the hash, on the canonical email, per address), hashing that cannot starve the
// server, admins that cannot vanish, and tokens that must expire.
const test = anyTest as TestFn<{ api: TestApi }>;
test.beforeEach(async (t) => {
  t.context.api = await createTestApi({ LOGIN_ADDRESS_LIMIT: '25', TRUSTED_PROXIES: '127.0.0.1' });
});
test.afterEach.always(async (t) => {
  await t.context.api?.close();
});

const login = (api: TestApi, email: string, password: string, from?: string) =>
  api.request('POST', '/api/auth/login', { body: { email, password }, headers: from ? { 'x-forwarded-for': from } : {} });

test('a moderator sees and deletes only invites of role user; an admin sees all', async (t) => {
  const { api } = t.context;
  const make = async (role: string) => (await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role, max_uses: 1 } })).body.code as string;
  const [user, moderator, admin] = [await make('user'), await make('moderator'), await make('admin')];
  const seenBy = async (token: string) => (await api.request('GET', '/api/invites', { token })).body.map((i: { code: string }) => i.code);
  t.deepEqual(await seenBy(api.users.moderator.token), [user]);
  t.deepEqual(await seenBy(api.users.admin.token), [admin, moderator, user], 'newest first');
  for (const code of [admin, moderator]) {
    t.is((await api.request('DELETE', `/api/invites/${code}`, { token: api.users.moderator.token })).status, 403);
  }
  t.is((await api.request('DELETE', `/api/invites/${user}`, { token: api.users.moderator.token })).status, 204);
  t.deepEqual(await seenBy(api.users.admin.token), [admin, moderator]);
});

test('every spelling of an email counts against one limit; an accented address is another address', async (t) => {
  const { api } = t.context;
  const spellings = ['UMA_USER@example.com', ' uma_user@example.com', 'uma_user@EXAMPLE.com ', 'uma_user@example.com'];
  for (let i = 0; i < 10; i += 1) t.is((await login(api, spellings[i % spellings.length]!, 'wrong password')).status, 401);
  for (const email of spellings) t.is((await login(api, email, PASSWORD)).status, 429, email);
  t.is((await login(api, 'úma_user@example.com', PASSWORD)).status, 401, 'an accent is another (unknown) address, not a way in');
});

test('concurrent wrong guesses get at most the allowance of 401s, the rest 429', async (t) => {
  const { api } = t.context;
  const replies = await Promise.all(Array.from({ length: 30 }, () => login(api, api.users.other.email, 'wrong password')));
  t.is(replies.filter((r) => r.status === 401).length, 10);
  t.is(replies.filter((r) => r.status === 429).length, 20);
});

test('a successful login resets the failure count of its email', async (t) => {
  const { api } = t.context;
  for (let i = 0; i < 9; i += 1) t.is((await login(api, api.users.other.email, 'wrong password')).status, 401);
  t.is((await login(api, api.users.other.email, PASSWORD)).status, 200);
  for (let i = 0; i < 10; i += 1) t.is((await login(api, api.users.other.email, 'wrong password')).status, 401, `failure ${i + 1} after the reset`);
  t.is((await login(api, api.users.other.email, PASSWORD)).status, 429);
});

test('one client address gets at most LOGIN_ADDRESS_LIMIT failed logins over all emails; behind a trusted proxy the forwarded address counts', async (t) => {
  const { api } = t.context;
  for (let i = 0; i < 25; i += 1) t.is((await login(api, `nobody${i}@example.com`, 'wrong password', '203.0.113.7')).status, 401);
  const limited = await login(api, 'someone-else@example.com', 'wrong password', '203.0.113.7');
  t.is(limited.status, 429);
  t.true(Number(limited.headers.get('retry-after')) > 0);
  t.is((await login(api, api.users.user.email, PASSWORD, '198.51.100.9')).status, 200, 'another client behind the same proxy');
  t.is((await login(api, api.users.user.email, PASSWORD, '203.0.113.7')).status, 429, 'even a right password, from the limited address');
});

test('without TRUSTED_PROXIES a forged X-Forwarded-For does not escape the limit', async (t) => {
  const api = await createTestApi();
  t.teardown(api.close);
  for (let i = 0; i < 10; i += 1) t.is((await login(api, api.users.other.email, 'wrong password', `192.0.2.${i}`)).status, 401);
  t.is((await login(api, api.users.other.email, PASSWORD, '192.0.2.200')).status, 429);
});

test('bogus registrations hash nothing (the invite is checked first), and no more hashes run at once than half the thread pool', async (t) => {
  const { api } = t.context;
  const registrations = Array.from({ length: 16 }, (_, i) =>
    api.request('POST', '/api/auth/register', { body: { email: `bogus${i}@example.com`, username: `bogus_${i}`, password: 'long enough pw', invite_code: `nope-${i}` } }),
  );
  for (const reply of await Promise.all(registrations)) t.is(reply.status, 400);
  t.deepEqual(api.services.hasher.stats(), { running: 0, peak: 0, waiting: 0 }, 'not a single hash ran');

  const logins = Array.from({ length: 6 }, (_, i) => login(api, `nobody-${i}@example.com`, 'wrong password'));
  await waitUntil('hashes to queue up', async () => api.services.hasher.stats().waiting > 0, 10_000);
  for (const reply of await Promise.all(logins)) t.is(reply.status, 401);
  t.is(api.services.hasher.stats().peak, api.config.auth.maxConcurrentHashes);
  t.is(api.config.auth.maxConcurrentHashes, 2, 'half of the default thread pool of 4');
});

test('an admin cannot demote or deactivate themself, nor anyone the last active admin (409)', async (t) => {
  const { api } = t.context;
  const self = api.users.admin;
  for (const body of [{ role: 'moderator' }, { is_active: false }, { role: 'user', is_active: false }]) {
    const reply = await api.request('PATCH', `/api/users/${self.id}`, { token: self.token, body });
    t.is(reply.status, 409, JSON.stringify(body));
    t.is(reply.body.code, 'conflict');
  }
  t.is((await api.request('PATCH', `/api/users/${self.id}`, { token: self.token, body: { role: 'admin', is_active: true } })).status, 200);

  const second = await api.createUser('admin', 'second_admin');
  t.is((await api.request('PATCH', `/api/users/${second.id}`, { token: self.token, body: { is_active: false } })).status, 200);
  // `second` is inactive now: self is the last active admin, and another admin's token cannot demote it.
  const third = await api.createUser('admin', 'third_admin');
  t.is((await api.request('PATCH', `/api/users/${third.id}`, { token: self.token, body: { role: 'user' } })).status, 200);
  t.is((await api.request('PATCH', `/api/users/${second.id}`, { token: self.token, body: { is_active: true } })).status, 200);
  // Two admins demoting each other at once: one wins, one admin stays. The other is refused: 409 when
  // it was authenticated before the winner committed, 403 when after (its sender is no admin by then).
  const [a, b] = await Promise.all([
    api.request('PATCH', `/api/users/${second.id}`, { token: self.token, body: { role: 'user' } }),
    api.request('PATCH', `/api/users/${self.id}`, { token: second.token, body: { role: 'user' } }),
  ]);
  const [won, lost] = [a.status, b.status].sort();
  t.is(won, 200);
  t.true(lost === 409 || lost === 403, `the other got ${lost}`);
  const admins = await api.database.db('users').where({ role: 'admin', is_active: true }).count({ n: '*' });
  t.is(Number(admins[0]!.n), 1);
});

test('a token without exp is a 401 even with a valid signature', async (t) => {
  const { api } = t.context;
  const forever = jwt.sign({ role: 'admin', iat: Math.floor(Date.now() / 1000) }, api.config.auth.jwtSecret, { algorithm: 'HS256', subject: String(api.users.admin.id) });
  t.false('exp' in (jwt.decode(forever) as object));
  const reply = await api.request('GET', '/api/auth/me', { token: forever });
  t.is(reply.status, 401);
  t.is(reply.headers.get('www-authenticate'), 'Bearer');
});

import anyTest, { type TestFn } from 'ava';
import { SESSION_TTL_S } from '../../src/admin/queues/dashboard-sessions';
import { DASHBOARD_PATH } from '../../src/admin/queues/queue-dashboard';
import { SYNC_QUEUE } from '../../src/sync/sync-queue';
import { dashboardApp, type DashboardApp } from '../helpers/queue-dashboard';

type Context = DashboardApp;
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = await dashboardApp();
});
test.after.always((t) => t.context.close?.());

const get = (t: { context: Context }, path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.context.base}${DASHBOARD_PATH}${path}`, { headers, redirect: 'manual' });
const openSession = (t: { context: Context }, token?: string) =>
  fetch(`${t.context.base}${DASHBOARD_PATH}/session`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
const cookieOf = (reply: Response) => (reply.headers.get('set-cookie') ?? '').split(';')[0]!;

test('an anonymous request never reaches the board: its API is 401, its pages send the browser to sign in', async (t) => {
  for (const path of ['/api/queues', '/api/redis/stats', `/api/queues/${SYNC_QUEUE}/metrics`, '/static/js/missing.js', '']) {
    const reply = await get(t, path, { accept: 'application/json' });
    t.is(reply.status, 401, path);
    t.is(reply.headers.get('content-type'), 'application/problem+json', path);
  }
  const page = await get(t, '', { accept: 'text/html' });
  t.is(page.status, 302);
  t.is(page.headers.get('location'), `${DASHBOARD_PATH}/login`);
  const forged = await get(t, '/api/queues', { cookie: 'queues_session=not-a-token' });
  t.is(forged.status, 401);
});

test('an API bearer token is not a session, and a session cookie is not an API token', async (t) => {
  const { api } = t.context;
  t.is((await get(t, '/api/queues', { authorization: `Bearer ${api.users.admin.token}` })).status, 401);
  t.is((await get(t, '/api/queues', { cookie: `queues_session=${api.users.admin.token}` })).status, 401);
  const session = await openSession(t, api.users.admin.token);
  const cookieToken = cookieOf(session).split('=')[1]!;
  t.is((await api.request('GET', '/api/auth/me', { token: cookieToken })).status, 401);
});

test('only an admin gets a session: the cookie is HttpOnly, SameSite=Strict, scoped to the board and short-lived', async (t) => {
  const { api } = t.context;
  t.is((await openSession(t)).status, 401);
  t.is((await openSession(t, api.users.moderator.token)).status, 403);
  t.is((await openSession(t, api.users.user.token)).status, 403);
  const session = await openSession(t, api.users.admin.token);
  t.is(session.status, 204);
  const setCookie = session.headers.get('set-cookie') ?? '';
  t.regex(setCookie, /^queues_session=[\w-]{43};/, 'a random session id, not a token');
  t.notRegex(setCookie, /; secure/i, 'PUBLIC_BASE_URL is http here');
  t.regex(setCookie, /; httponly/i);
  t.regex(setCookie, /; samesite=strict/i);
  t.regex(setCookie, new RegExp(`; path=${DASHBOARD_PATH}(;|$)`, 'i'));
  const expires = Date.parse(/expires=([^;]+)/i.exec(setCookie)?.[1] ?? '');
  t.true(expires > Date.now() && expires <= Date.now() + SESSION_TTL_S * 1000 + 5000);
  // The server ends it too, whatever the browser keeps: its record expires with the cookie.
  const sessionId = cookieOf(session).split('=')[1]!;
  const ttl = await api.redis.redis.ttl(`qsess:${sessionId}`);
  t.true(ttl > 0 && ttl <= SESSION_TTL_S, `the session's record lives ${ttl} s`);
});

test('with the session the board shows the ledger-sync queue and its jobs, read-only', async (t) => {
  const cookie = cookieOf(await openSession(t, t.context.api.users.admin.token));
  const queues = await get(t, '/api/queues', { cookie });
  t.is(queues.status, 200);
  const body = (await queues.json()) as { queues: Array<{ name: string; readOnlyMode: boolean; counts: Record<string, number> }> };
  const sync = body.queues.find((queue) => queue.name === SYNC_QUEUE);
  t.truthy(sync);
  t.true(sync!.readOnlyMode);
  t.is(sync!.counts.delayed, 1);
  const page = await get(t, '', { cookie, accept: 'text/html' });
  t.is(page.status, 200);
  t.regex(await page.text(), /<div id="root">/);
  const clean = await fetch(`${t.context.base}${DASHBOARD_PATH}/api/queues/${SYNC_QUEUE}/clean/delayed`, { method: 'PUT', headers: { cookie } });
  t.is(clean.status, 405);
  const counts = await get(t, '/api/queues', { cookie });
  t.is(((await counts.json()) as typeof body).queues.find((queue) => queue.name === SYNC_QUEUE)!.counts.delayed, 1);
});

test('a session ends when its admin is demoted or signs out', async (t) => {
  const { api } = t.context;
  const admin = await api.createUser('admin', 'dora_dashboard');
  const cookie = cookieOf(await openSession(t, admin.token));
  t.is((await get(t, '/api/queues', { cookie })).status, 200);
  t.is((await api.request('PATCH', `/api/users/${admin.id}`, { token: api.users.admin.token, body: { role: 'moderator' } })).status, 200);
  t.is((await get(t, '/api/queues', { cookie })).status, 403);

  const again = cookieOf(await openSession(t, api.users.admin.token));
  const signOut = await fetch(`${t.context.base}${DASHBOARD_PATH}/session`, { method: 'DELETE', headers: { cookie: again } });
  t.is(signOut.status, 204);
  t.regex(signOut.headers.get('set-cookie') ?? '', /^queues_session=;/);
  t.is((await get(t, '/api/queues', { cookie: again })).status, 401, 'the session ended on the server: a kept copy of the cookie is refused');
});

test('behind a TLS proxy (PUBLIC_BASE_URL https) the cookie is Secure, on sign-in and on sign-out', async (t) => {
  const behindProxy = await dashboardApp({ PUBLIC_BASE_URL: 'https://admin.example.com' });
  t.teardown(() => behindProxy.close());
  const session = await openSession({ context: behindProxy }, behindProxy.api.users.admin.token);
  t.is(session.status, 204, await session.text());
  t.regex(session.headers.get('set-cookie') ?? '', /; secure/i);
  const signOut = await fetch(`${behindProxy.base}${DASHBOARD_PATH}/session`, { method: 'DELETE', headers: { cookie: cookieOf(session) } });
  t.regex(signOut.headers.get('set-cookie') ?? '', /; secure/i);
});

test('the sign-in page and its script come from this server under a strict CSP', async (t) => {
  const page = await get(t, '/login');
  t.is(page.status, 200);
  t.regex(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  const html = await page.text();
  t.regex(html, /<script src="\/admin\/queues\/login.js"><\/script>/);
  t.false(/<script>/.test(html), 'no inline script');
  const script = await (await get(t, '/login.js')).text();
  t.regex(script, /\/api\/auth\/login/);
  t.regex(script, /\/admin\/queues\/session/);
});

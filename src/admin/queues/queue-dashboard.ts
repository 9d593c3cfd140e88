import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Queue } from 'bullmq';
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import type { AuthService } from '../auth/auth-service';
import { assertRole } from '../core/roles';
import { PAGE_POLICY, serveHtmlPage, serveStartScript } from '../http/static-page';
import type { AppContext, AppState } from '../koa-types';
import { LOGIN_PAGE, LOGIN_SCRIPT } from './dashboard-login-page';
import type { DashboardSessions } from './dashboard-sessions';

export const DASHBOARD_PATH = '/admin/queues';

/**
 * The board's pages: the server's page policy, but its entry page names its own folder as the base of
 * its relative URLs (`<base href="/admin/queues/">`), which `base-uri 'none'` refused: its scripts
 * were then asked for under /admin/static/ and the board stayed at "Loading".
 */
const BOARD_POLICY = PAGE_POLICY.replace("base-uri 'none'", "base-uri 'self'");

/** The board's page asks Google Fonts for its typeface: the policy refuses other hosts, so it is not asked (the board falls back to the system's). */
const withoutThirdPartyFonts = (html: string) => html.replace(/<link[^>]*fonts\.googleapis\.com[^>]*>/g, '');
export const SESSION_COOKIE = 'queues_session';

export interface QueueDashboardDeps {
  readonly queues: readonly Queue[];
  readonly auth: AuthService;
  readonly sessions: DashboardSessions;
  /** PUBLIC_BASE_URL is https (a TLS proxy in front): the cookie is `Secure` (SPEC §2.10). */
  readonly secureCookie: boolean;
}

/**
 * BullMQ's dashboard (bull-board) under /admin/queues, for admins only. A browser signs in on
 * /admin/queues/login: the page trades the admin's email and password for an access token (POST
 * /api/auth/login), and the token for a session (POST /admin/queues/session): a server-side session
 * of 15 minutes whose random id goes in a cookie that is HttpOnly, SameSite=Strict, scoped to
 * /admin/queues, and Secure behind https. Every other request under the path needs a live session of
 * an active admin, re-checked each time; DELETE on the session ends it on the server. The board is
 * read-only: the sync retries its own jobs, and removing one by hand would only delay the ledger.
 */
export function queueDashboard({ queues, auth, sessions, secureCookie }: QueueDashboardDeps): Middleware<AppState> {
  const adapter = new KoaAdapter();
  adapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true, description: 'outbox batches for the MySQL ledger' })),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Ledger sync', miscLinks: [{ text: 'Back to the console', url: '/console/ops' }] } },
  });
  const board = adapter.registerPlugin() as unknown as Middleware<AppState>;

  return async (ctx, next) => {
    if (ctx.path !== DASHBOARD_PATH && !ctx.path.startsWith(`${DASHBOARD_PATH}/`)) return next();
    const rest = ctx.path.slice(DASHBOARD_PATH.length);
    if (rest === '/login' && ctx.method === 'GET') return serveHtmlPage(ctx, LOGIN_PAGE);
    if (rest === '/login.js' && ctx.method === 'GET') return serveStartScript(ctx, LOGIN_SCRIPT);
    if (rest === '/session') return session(ctx);

    try {
      assertRole(await sessionUser(ctx), 'admin');
    } catch (error) {
      return refuse(ctx, error);
    }
    ctx.set('Content-Security-Policy', BOARD_POLICY);
    ctx.set('Cache-Control', 'no-store');
    await board(ctx, next);
    if (typeof ctx.body === 'string' && ctx.response.is('html')) ctx.body = withoutThirdPartyFonts(ctx.body);
  };

  async function sessionUser(ctx: AppContext) {
    const userId = await sessions.userOf(ctx.cookies.get(SESSION_COOKIE) ?? '');
    if (userId === null) throw new AppError('UNAUTHENTICATED', 'sign in on /admin/queues/login first');
    return auth.activeUser(userId);
  }

  /** POST: an admin's bearer token starts a session (204). DELETE: ends it, on the server too. */
  async function session(ctx: AppContext): Promise<void> {
    // Behind a TLS proxy the connection to this server is plain http: the cookie jar would refuse a
    // Secure cookie over it, but the browser's connection is the proxy's, which PUBLIC_BASE_URL names.
    if (secureCookie) (ctx.cookies as unknown as { secure: boolean }).secure = true;
    if (ctx.method === 'DELETE') {
      await sessions.end(ctx.cookies.get(SESSION_COOKIE) ?? '');
      ctx.cookies.set(SESSION_COOKIE, null, { path: DASHBOARD_PATH, secure: secureCookie });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST, DELETE');
      throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
    }
    const user = await auth.authenticate(ctx.get('authorization') || undefined);
    assertRole(user, 'admin');
    auth.assertEnrolled(user);
    ctx.cookies.set(SESSION_COOKIE, await sessions.start(user.id), {
      httpOnly: true, sameSite: 'strict', path: DASHBOARD_PATH, maxAge: sessions.ttlS * 1000, secure: secureCookie, overwrite: true,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
    ctx.body = null;
  }

  /** A browser asking for a page goes to the login page; anything else gets the problem (401 or 403). */
  function refuse(ctx: AppContext, error: unknown): void {
    if (ctx.method === 'GET' && ctx.accepts('json', 'html') === 'html') {
      ctx.redirect(`${DASHBOARD_PATH}/login`);
      return;
    }
    throw error;
  }
}

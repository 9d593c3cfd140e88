import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Queue } from 'bullmq';
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import type { AuthService } from '../auth/auth-service';
import type { TokenService } from '../auth/token-service';
import { assertRole } from '../http/access';
import { PAGE_POLICY, serveHtmlPage, serveStartScript } from '../http/static-page';
import type { AppContext, AppState } from '../koa-types';
import { LOGIN_PAGE, LOGIN_SCRIPT } from './dashboard-login-page';

export const DASHBOARD_PATH = '/admin/queues';
export const SESSION_COOKIE = 'queues_session';
/** The cookie's token is for this use only: the API refuses it as a bearer token, and the other way round. */
const SESSION_AUDIENCE = 'queue-dashboard';
export const SESSION_TTL_S = 15 * 60;

export interface QueueDashboardDeps {
  readonly queues: readonly Queue[];
  readonly auth: AuthService;
  readonly tokens: TokenService;
}

/**
 * BullMQ's dashboard (bull-board) under /admin/queues, for admins only. A browser signs in on
 * /admin/queues/login: the page trades the admin's email and password for an access token (POST
 * /api/auth/login), and the token for a session cookie (POST /admin/queues/session) that is HttpOnly,
 * SameSite=Strict, scoped to /admin/queues and valid 15 minutes. Every other request under the path
 * needs that cookie, re-checked (an active admin) each time. The board is read-only: the sync
 * retries its own jobs, and removing one by hand would only delay the ledger.
 */
export function queueDashboard({ queues, auth, tokens }: QueueDashboardDeps): Middleware<AppState> {
  const adapter = new KoaAdapter();
  adapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true, description: 'outbox batches for the MySQL ledger' })),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Ledger sync' } },
  });
  const board = adapter.registerPlugin() as unknown as Middleware<AppState>;

  return async (ctx, next) => {
    if (ctx.path !== DASHBOARD_PATH && !ctx.path.startsWith(`${DASHBOARD_PATH}/`)) return next();
    const rest = ctx.path.slice(DASHBOARD_PATH.length);
    if (rest === '/login' && ctx.method === 'GET') return serveHtmlPage(ctx, LOGIN_PAGE);
    if (rest === '/login.js' && ctx.method === 'GET') return serveStartScript(ctx, LOGIN_SCRIPT);
    if (rest === '/session') return session(ctx);

    const token = ctx.cookies.get(SESSION_COOKIE);
    if (!token) return refuse(ctx, new AppError('UNAUTHENTICATED', 'sign in on /admin/queues/login first'));
    try {
      assertRole(await auth.authenticateFor(SESSION_AUDIENCE, token), 'admin');
    } catch (error) {
      return refuse(ctx, error);
    }
    ctx.set('Content-Security-Policy', PAGE_POLICY);
    ctx.set('Cache-Control', 'no-store');
    return board(ctx, next);
  };

  /** POST: an admin's bearer token becomes the cookie (204). DELETE: signs out. */
  async function session(ctx: AppContext): Promise<void> {
    if (ctx.method === 'DELETE') {
      ctx.cookies.set(SESSION_COOKIE, null, { path: DASHBOARD_PATH });
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
    ctx.cookies.set(SESSION_COOKIE, tokens.issueFor(SESSION_AUDIENCE, user.id, user.role, SESSION_TTL_S), {
      httpOnly: true, sameSite: 'strict', path: DASHBOARD_PATH, maxAge: SESSION_TTL_S * 1000, secure: ctx.secure, overwrite: true,
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

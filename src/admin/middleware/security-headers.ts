import type { Middleware } from 'koa';
import type { AppState } from '../koa-types';

/**
 * SPEC §2.1's headers on every reply, errors included: `nosniff` everywhere, and `no-store` on
 * /api/auth/* (token replies must not sit in a cache). Set before the rest of the chain runs, so a
 * problem reply keeps them.
 */
export function securityHeaders(): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.path.startsWith('/api/auth/')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

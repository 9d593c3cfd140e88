import type { Middleware } from 'koa';
import { actingAs } from '../core/actor-scope';
import type { AppState } from '../koa-types';

/**
 * Every write of this request is audited (SPEC §2.11) as done by the request's user (set by the access
 * guard, or by GraphQL once it checks the token), from its address, under its request id.
 */
export function actingUser(): Middleware<AppState> {
  return (ctx, next) =>
    actingAs(
      () => ({
        userId: ctx.state.user?.id ?? null,
        role: ctx.state.user?.role ?? null,
        requestId: ctx.state.requestId,
        ip: ctx.state.clientAddress,
      }),
      next,
    );
}

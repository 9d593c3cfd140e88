import type { AppContext } from '../koa-types';

/** 201 with the created thing as body, and its URL in Location when it has one. */
export function created(ctx: AppContext, body: unknown, location?: string): void {
  ctx.status = 201;
  ctx.body = body;
  if (location) ctx.set('Location', location);
}

export function noContent(ctx: AppContext): void {
  ctx.status = 204;
  ctx.body = null;
}

import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../logging/logger';
import type { AppState } from '../koa-types';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Paths that carry an invite code (a secret that admits a registration): logged without it. */
const INVITE_CODE_IN_PATH = /^(\/api\/invites\/(?:validate\/)?)[^/]+/i; // any spelling: such a path is a 404, its code still a secret

export function redactPath(path: string): string {
  return path.replace(INVITE_CODE_IN_PATH, '$1[redacted]');
}

/**
 * Gives each request an id of the server's own (a UUID: what the audit log stores and the reply's
 * X-Request-Id names, so no caller can forge or reuse one) and binds it to a child logger, with the
 * caller's own X-Request-Id beside it as `callerRequestId` when it is sane (a correlation id finds
 * the request's log lines, which name the server's); logs one line per request when it ends.
 */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child(INCOMING_ID.test(incoming) ? { requestId, callerRequestId: incoming } : { requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { method: ctx.method, path: redactPath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}

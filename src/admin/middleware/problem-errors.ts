import type { Middleware } from 'koa';
import { translateMysqlError } from '../../db/mysql-errors';
import { AppError, toAppError } from '../../errors';
import type { AppState } from '../koa-types';

/** Statuses Koa itself (or a body parser) raises, mapped onto our error codes. */
const HTTP_ERROR_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
} as const;

/**
 * Turns every error into `application/problem+json` (RFC 9457) through the one error table; an
 * unmatched route is a 404 problem, a method the route lacks a 405 (the router sets `Allow`), one the
 * server does not know a 501. A lost database connection is a 503. A 500 carries no stack, SQL or
 * driver message; a 401 says how to authenticate (`WWW-Authenticate: Bearer`).
 */
export function problemErrors(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) throwForEmptyStatus(ctx.status, ctx.method, ctx.path);
    } catch (thrown) {
      const error = fromHttpError(thrown) ?? toAppError(translateMysqlError(thrown));
      if (error.spec.httpStatus >= 500) ctx.state.log?.error({ err: thrown }, 'request failed');
      ctx.status = error.spec.httpStatus;
      ctx.type = 'application/problem+json';
      if (error.details.retryAfterS !== undefined) ctx.set('Retry-After', String(error.details.retryAfterS));
      if (error.spec.httpStatus === 401) ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = {
        type: 'about:blank',
        title: error.spec.title,
        status: error.spec.httpStatus,
        code: error.spec.problemCode,
        detail: error.publicMessage,
        ...(error.details.errors ? { errors: error.details.errors } : {}),
      };
    }
  };
}

/** Statuses the router leaves without a body: no route, a method the route lacks, an unknown method. */
function throwForEmptyStatus(status: number, method: string, path: string): void {
  if (status === 404) throw new AppError('NOT_FOUND', `no route for ${method} ${path}`);
  if (status === 405) throw new AppError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
  if (status === 501) throw new AppError('NOT_IMPLEMENTED', `this server does not support the method ${method}`);
}

/** Errors from Koa's `ctx.throw` and body parsers carry `status` and `expose`. */
function fromHttpError(thrown: unknown): AppError | null {
  if (thrown instanceof AppError || !(thrown instanceof Error)) return null;
  const { status, expose, type } = thrown as Error & { status?: number; expose?: boolean; type?: string };
  const code = status === undefined ? undefined : HTTP_ERROR_CODES[status as keyof typeof HTTP_ERROR_CODES];
  if (!code) return null;
  const message =
    type === 'entity.parse.failed' || thrown instanceof SyntaxError ? 'the body is not valid JSON'
    : type === 'entity.too.large' ? 'the body is larger than the limit of 1 MiB'
    : expose ? thrown.message : 'the request could not be read';
  return new AppError(code, message, {}, { cause: thrown });
}

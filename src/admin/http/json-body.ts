import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AppError } from '../../errors';
import { MALFORMED_JSON } from '../core/validation';
import type { AppState } from '../koa-types';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;


/**
 * JSON bodies up to 1 MiB (413 beyond). Mounted after the access guard on protected routes, so a
 * request without a valid token is a 401 whatever its body, and its body is never read.
 */
export function jsonBody(): Middleware<AppState> {
  return koaBody({
    json: true,
    jsonLimit: JSON_BODY_LIMIT_BYTES,
    jsonStrict: false,
    urlencoded: false,
    text: false,
    multipart: false,
    // DELETE too: turning two-factor sign-in off sends its code in the body (SPEC §2.12).
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError: (error, ctx) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', 'the body is larger than the limit of 1 MiB');
      if (status === 415) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'the body must be UTF-8 JSON');
      (ctx.request as { body: unknown }).body = MALFORMED_JSON;
    },
  }) as Middleware<AppState>;
}

import type { Middleware } from 'koa';
import { assertRole, type Access } from '../core/roles';
import type { SessionUser } from '../core/session-user';
import type { AppState } from '../koa-types';
import { jsonBody } from './json-body';

export type { Access } from '../core/roles';

/** What the guard needs of authentication: the user a request's Authorization header names (401 otherwise). */
export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<SessionUser>;
  /** STAFF_2FA_REQUIRED: 403 for staff who have not enrolled in two-factor sign-in. */
  assertEnrolled(user: SessionUser): void;
}

/**
 * The first two checks of SPEC §2.1, in order: a valid token (401), then a role allowed here (403).
 * Only then is a JSON body read (SPEC §2.1: the token is checked before the body).
 */
export function createAccessGuard(auth: Authenticator) {
  const body = jsonBody();
  return (access: Access, options: { enrolment?: boolean } = {}): Middleware<AppState> =>
    async (ctx, next) => {
      ctx.state.user = await auth.authenticate(ctx.get('authorization') || undefined);
      assertRole(ctx.state.user, access);
      if (!options.enrolment) auth.assertEnrolled(ctx.state.user);
      await body(ctx, next);
    };
}

export type AccessGuard = ReturnType<typeof createAccessGuard>;

import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import type { AuthService } from '../auth/auth-service';
import type { Role } from '../auth/token-service';
import type { AppState } from '../koa-types';
import { jsonBody } from './json-body';

/** Who may call a route: any authenticated user, staff (admin or moderator), or admins only. */
export type Access = 'any' | 'staff' | 'admin';

const ALLOWED: Record<Access, readonly Role[]> = {
  any: ['user', 'moderator', 'admin'],
  staff: ['moderator', 'admin'],
  admin: ['admin'],
};

/** SPEC §2.1's second check: the caller's role is one allowed here (403 otherwise). */
export function assertRole(user: { role: Role }, access: Access): void {
  if (!ALLOWED[access].includes(user.role)) throw new AppError('FORBIDDEN', `this needs the role ${ALLOWED[access].join(' or ')}`);
}

/**
 * The first two checks of SPEC §2.1, in order: a valid token (401), then a role allowed here (403).
 * Only then is a JSON body read (SPEC §2.1: the token is checked before the body).
 */
export function createAccessGuard(auth: AuthService) {
  const body = jsonBody();
  return (access: Access): Middleware<AppState> =>
    async (ctx, next) => {
      ctx.state.user = await auth.authenticate(ctx.get('authorization') || undefined);
      assertRole(ctx.state.user, access);
      await body(ctx, next);
    };
}

export type AccessGuard = ReturnType<typeof createAccessGuard>;

export const isStaff = (role: Role) => role === 'admin' || role === 'moderator';

/** For "staff, or the user themself" routes: checked after the path id is known. */
export function assertSelfOrStaff(actor: { id: number; role: Role }, userId: number): void {
  if (actor.id !== userId && !isStaff(actor.role)) throw new AppError('FORBIDDEN', 'only staff or the user themself may read this');
}

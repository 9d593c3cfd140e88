import { AppError } from '../../errors';

/** The three roles (SPEC §2.2). */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route or a service: any authenticated user, staff (admin or moderator), or admins only. */
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

export const isStaff = (role: Role) => role === 'admin' || role === 'moderator';

/** Who reads under a "staff, or the user themself" rule: a moderator may be limited to games (SPEC §2.12). */
export interface Reader {
  readonly id: number;
  readonly role: Role;
  readonly game_scope?: readonly number[] | null;
}

/**
 * For "staff, or the user themself" rules, checked once the path's entity is known: the user
 * themself, or staff; with `gameId` (what is read belongs to that game), staff acting on that game
 * (a moderator limited to games reads only theirs, as for every staff read: SPEC §2.12).
 */
export function assertSelfOrStaff(reader: Reader, userId: number, gameId?: number): void {
  if (reader.id === userId) return;
  if (!isStaff(reader.role)) throw new AppError('FORBIDDEN', 'only staff or the user themself may read this');
  if (gameId !== undefined) assertActsOnGame({ gameScope: gameScopeOf(reader) }, gameId);
}

/** The games a user acts on as staff: a moderator's scope when set; null (every game) for anyone else. */
export function gameScopeOf(user: { readonly role: Role; readonly game_scope?: readonly number[] | null }): readonly number[] | null {
  return user.role === 'moderator' && user.game_scope?.length ? user.game_scope : null;
}

/** Whether a scoped actor may act on this game as staff (an unscoped one on every game). */
export const actsOnGame = (actor: { readonly gameScope: readonly number[] | null }, gameId: number): boolean => actor.gameScope === null || actor.gameScope.includes(gameId);

/** 403 unless the actor may act on this game as staff (SPEC §2.12's scoped moderators). */
export function assertActsOnGame(actor: { readonly gameScope: readonly number[] | null }, gameId: number): void {
  if (!actsOnGame(actor, gameId)) throw new AppError('FORBIDDEN', `not one of the games you act on: an admin limits the games you manage (game ${gameId})`);
}

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

/** For "staff, or the user themself" rules: checked after the path id is known. */
export function assertSelfOrStaff(actor: { id: number; role: Role }, userId: number): void {
  if (actor.id !== userId && !isStaff(actor.role)) throw new AppError('FORBIDDEN', 'only staff or the user themself may read this');
}

import type { Actor } from '../../src/admin/core/actor';
import type { Role } from '../../src/admin/core/roles';

/** A test user acting through a service directly (a fixture): no request id, no address. */
export function userActor(user: { readonly id: number; readonly role: Role }): Actor {
  return { userId: user.id, role: user.role, requestId: null, ip: null, gameScope: null };
}

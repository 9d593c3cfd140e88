import type { Knex } from 'knex';
import * as yup from 'yup';
import { AppError } from '../../errors';
import { changedFields } from '../audit/audit-changes';
import type { AuditLog } from '../audit/audit-service';
import { ROLES, type Role } from '../auth/token-service';
import type { AdminCaches } from '../cache/admin-caches';
import { assertSelfOrStaff } from '../core/roles';
import { flag, namedFields, oneOf, validateBody } from '../core/validation';
import { findUserById, listUsers, lockActiveAdminIds, toPublicUser, updateUser, type PublicUser } from './users-repository';

export const patchUserSchema = yup.object({
  role: oneOf(ROLES).optional(),
  is_active: flag().optional(),
});
export type PatchUserInput = yup.InferType<typeof patchUserSchema>;

export function createUsersService(db: Knex, caches: AdminCaches, audit: AuditLog) {
  async function mustFind(id: number): Promise<PublicUser> {
    const row = await findUserById(db, id);
    if (!row) throw new AppError('NOT_FOUND', `user ${id} not found`);
    return toPublicUser(row);
  }

  return {
    mustFind,

    async list(options: { search?: string; limit: number; offset: number }): Promise<PublicUser[]> {
      return (await listUsers(db, options)).map(toPublicUser);
    },

    async get(actor: { id: number; role: Role }, id: number): Promise<PublicUser> {
      assertSelfOrStaff(actor, id);
      return mustFind(id);
    },

    /**
     * Admins change a user's role or active flag; it applies to that user's very next request. No admin
     * demotes or deactivates themself, and the last active admin stays one (409): the active admins'
     * rows are locked in id order, so two admins demoting each other at once cannot both succeed.
     */
    async patch(actor: { id: number }, id: number, body: PatchUserInput): Promise<PublicUser> {
      await mustFind(id);
      const input = validateBody(patchUserSchema, body);
      const changes = namedFields({ role: input.role, is_active: input.is_active });
      if (Object.keys(changes).length === 0) return mustFind(id);
      await db.transaction(async (trx) => {
        const activeAdmins = await lockActiveAdminIds(trx);
        const losesAdmin = activeAdmins.includes(id) && ((changes.role ?? 'admin') !== 'admin' || changes.is_active === false);
        if (losesAdmin && actor.id === id) throw new AppError('CONFLICT', 'an admin cannot demote or deactivate themself');
        if (losesAdmin && activeAdmins.length === 1) {
          throw new AppError('CONFLICT', 'the last active admin cannot be demoted or deactivated');
        }
        const before = toPublicUser((await findUserById(trx, id))!);
        await updateUser(trx, id, changes);
        await audit.record(trx, { action: 'user.update', targetId: id, changes: changedFields(before, changes) });
      });
      await caches.userChanged(id); // every instance's next request of this user reads the change
      return mustFind(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

import * as yup from 'yup';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import { ROLES, type Role } from '../auth/token-service';
import { assertSelfOrStaff } from '../core/roles';
import { flag, namedFields, oneOf, validateBody } from '../core/validation';
import { toPublicUser, type PublicUser } from './users-repository';

export const patchUserSchema = yup.object({
  role: oneOf(ROLES).optional(),
  is_active: flag().optional(),
});
export type PatchUserInput = yup.InferType<typeof patchUserSchema>;

/** A changed user says `user` changed: every instance's next request of that user reads the change. */
export function createUsersService(store: Store<'users'>) {
  const { read } = store;
  async function mustFind(id: number): Promise<PublicUser> {
    const row = await read.users.findUserById(id);
    if (!row) throw new AppError('NOT_FOUND', `user ${id} not found`);
    return toPublicUser(row);
  }

  return {
    mustFind,

    /** Newest first, a page at a time, with the total. */
    list(search: string | undefined): Listing<PublicUser> {
      return mapListing(read.users.listUsers(search), (rows) => rows.map(toPublicUser));
    },

    async get(caller: { id: number; role: Role }, id: number): Promise<PublicUser> {
      assertSelfOrStaff(caller, id);
      return mustFind(id);
    },

    /**
     * Admins change a user's role or active flag; it applies to that user's very next request. No admin
     * demotes or deactivates themself, and the last active admin stays one (409): the active admins'
     * rows are locked in id order, so two admins demoting each other at once cannot both succeed.
     */
    async patch(actor: Actor, id: number, body: PatchUserInput): Promise<PublicUser> {
      await mustFind(id);
      const input = validateBody(patchUserSchema, body);
      const changes = namedFields({ role: input.role, is_active: input.is_active });
      if (Object.keys(changes).length === 0) return mustFind(id);
      await store.run(actor, async ({ repos, audit, changed }) => {
        const activeAdmins = await repos.users.lockActiveAdminIds();
        const losesAdmin = activeAdmins.includes(id) && ((changes.role ?? 'admin') !== 'admin' || changes.is_active === false);
        if (losesAdmin && actor.userId === id) throw new AppError('CONFLICT', 'an admin cannot demote or deactivate themself');
        if (losesAdmin && activeAdmins.length === 1) {
          throw new AppError('CONFLICT', 'the last active admin cannot be demoted or deactivated');
        }
        const before = toPublicUser((await repos.users.findUserById(id))!);
        await repos.users.updateUser(id, changes);
        audit({ action: 'user.update', targetId: id, changes: changedFields(before, changes) });
        changed('user', id);
      });
      return mustFind(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
/** What other features ask of users (their port). */
export type UsersPort = Pick<UsersService, 'mustFind'>;

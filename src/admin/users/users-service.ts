import type { Knex } from 'knex';
import * as yup from 'yup';
import { AppError } from '../../errors';
import { ROLES, type Role } from '../auth/token-service';
import { assertSelfOrStaff } from '../http/access';
import { flag, oneOf, validateBody } from '../http/validation';
import { findUserById, listUsers, toPublicUser, updateUser, type PublicUser } from './users-repository';

const patchUserSchema = yup.object({
  role: oneOf(ROLES).optional(),
  is_active: flag().optional(),
});

export function createUsersService(db: Knex) {
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

    /** Admins change a user's role or active flag; it applies to that user's very next request. */
    async patch(id: number, body: unknown): Promise<PublicUser> {
      await mustFind(id);
      const input = validateBody(patchUserSchema, body);
      const changes = {
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
      };
      if (Object.keys(changes).length > 0) await updateUser(db, id, changes);
      return mustFind(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

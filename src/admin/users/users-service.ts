import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import { ROLES } from '../auth/token-service';
import { assertSelfOrStaff, type Reader } from '../core/roles';
import { flag, gameIdList, namedFields, oneOf, validateBody } from '../core/validation';
import type { GamesPort } from '../games/games-service';
import { toPublicUser, type PublicUser } from './users-repository';

export const patchUserSchema = bodySchema({ component: 'UserPatch' }, yup.object({
  role: oneOf(ROLES).optional(),
  is_active: flag().optional(),
}));
export type PatchUserInput = yup.InferType<typeof patchUserSchema>;

export const gameScopeSchema = bodySchema({ component: 'GameScopeInput' }, yup.object({
  game_ids: gameIdList().defined('is required')
    .meta({ description: 'the games the moderator acts on as staff; empty: every game' }),
}));
export type GameScopeInput = Partial<yup.InferType<typeof gameScopeSchema>>;

/** A changed user says `user` changed: every instance's next request of that user reads the change. */
export function createUsersService(store: Store<'users' | 'userStanding'>, games: Pick<GamesPort, 'exists'>) {
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

    async get(caller: Reader, id: number): Promise<PublicUser> {
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
        await repos.userStanding.lockUnerasedUser(id);
        const activeAdmins = await repos.users.lockActiveAdminIds();
        const losesAdmin = activeAdmins.includes(id) && ((changes.role ?? 'admin') !== 'admin' || changes.is_active === false);
        if (losesAdmin && actor.userId === id) throw new AppError('CONFLICT', 'an admin cannot demote or deactivate themself');
        if (losesAdmin && activeAdmins.length === 1) {
          throw new AppError('CONFLICT', 'the last active admin cannot be demoted or deactivated');
        }
        const before = toPublicUser((await repos.users.findUserById(id))!);
        await repos.users.updateUser(id, changes);
        // A game scope is a moderator's: a user who stops being one loses it (it does not come back with the role).
        const scopeGoes = changes.role !== undefined && changes.role !== 'moderator' && before.game_scope !== null;
        if (scopeGoes) await repos.users.setGameScope(id, null);
        audit({ action: 'user.update', targetId: id, changes: changedFields(before, { ...changes, ...(scopeGoes ? { game_scope: null } : {}) }) });
        changed('user', id);
      });
      return mustFind(id);
    },

    /**
     * SPEC §2.12: an admin limits a moderator to games (empty: every game). It applies to the
     * moderator's very next request on every instance (the user's cache entry goes). Only a
     * moderator has a scope (409 for others); every game named must exist (400 naming game_ids).
     */
    async setGameScope(actor: Actor, id: number, body: GameScopeInput): Promise<PublicUser> {
      const user = await mustFind(id);
      const input = validateBody(gameScopeSchema, body);
      const gameIds = input.game_ids.length === 0 ? null : [...new Set(input.game_ids)].sort((a, b) => a - b);
      if (gameIds !== null && user.role !== 'moderator') throw new AppError('CONFLICT', `user ${id} is ${user.role === 'admin' ? 'an admin' : 'a user'}: only a moderator is limited to games`);
      for (const gameId of gameIds ?? []) {
        if (!(await games.exists(gameId))) throw new AppError('INVALID_ARGUMENT', `game ${gameId} not found`, { errors: [{ path: 'game_ids', message: `game ${gameId} does not exist` }] });
      }
      await store.run(actor, async ({ repos, audit, changed }) => {
        await repos.userStanding.lockUnerasedUser(id);
        await repos.users.setGameScope(id, gameIds);
        audit({ action: 'user.game_scope', targetId: id, changes: changedFields({ game_scope: user.game_scope }, { game_scope: gameIds }) });
        changed('user', id);
      });
      return mustFind(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
/** What other features ask of users (their port). */
export type UsersPort = Pick<UsersService, 'mustFind'>;

import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { GamesPort } from '../games/games-service';
import { assertSelfOrStaff, gameScopeOf, type Reader } from '../core/roles';
import { positiveId, validateBody } from '../core/validation';
import type { UsersPort } from '../users/users-service';
import type { UserGameRow } from './connections-repository';
import type { GameOfUser, PublicConnection, PublicUserGame, UserOfGame } from './connections-replies';

export const connectGameSchema = bodySchema({ component: 'ConnectGameInput' }, yup.object({ game_id: positiveId().defined('is required') }));
export type ConnectGameInput = Partial<yup.InferType<typeof connectGameSchema>>;


const toPublic = (row: UserGameRow): PublicConnection => ({
  id: row.id,
  user_id: row.user_id,
  game_id: row.game_id,
  created_at: row.created_at.toISOString(),
});

/** A removed user-game takes its scores along: it says `game.ranking` changed (the game's rank indexes are stale). */
export function createConnectionsService(store: Store<'connections' | 'userStanding'>, users: UsersPort, games: GamesPort) {
  const { read } = store;
  return {
    /** A game_id in the body that names no game is a 400 on that field (it is not part of the path). */
    async connect(actor: Actor, userId: number, body: ConnectGameInput): Promise<PublicConnection> {
      await users.mustFind(userId);
      const { game_id: gameId } = validateBody(connectGameSchema, body);
      if (!(await games.exists(gameId))) {
        throw new AppError('VALIDATION_FAILED', `game ${gameId} does not exist`, { errors: [{ path: 'game_id', message: 'names no game' }] });
      }
      const id = await store.run(actor, async ({ repos, audit }) => {
        await repos.userStanding.lockUnerasedUser(userId);
        const userGameId = await repos.connections.insertConnection(userId, gameId);
        audit({ action: 'user_game.create', targetId: userGameId, gameId, changes: createdFields({ user_id: userId, game_id: gameId }) });
        return userGameId;
      });
      return toPublic((await read.connections.findUserGame(id))!);
    },

    async disconnect(actor: Actor, userId: number, gameId: number): Promise<void> {
      await users.mustFind(userId);
      await games.mustFind(gameId);
      await store.run(actor, async ({ repos, audit, changed }) => {
        const connection = await repos.connections.findConnection(userId, gameId);
        if (!connection || !(await repos.connections.deleteConnection(userId, gameId))) {
          throw new AppError('NOT_FOUND', `user ${userId} is not connected to game ${gameId}`);
        }
        audit({ action: 'user_game.delete', targetId: connection.id, gameId, changes: deletedFields({ user_id: userId, game_id: gameId }) });
        changed('game.ranking', gameId);
      });
    },

    /** A user's games: all of them for the user themself; for staff, the games they act on (a scoped moderator's only). */
    async gamesOf(caller: Reader, userId: number): Promise<Listing<GameOfUser>> {
      assertSelfOrStaff(caller, userId);
      await users.mustFind(userId);
      const scope = caller.id === userId ? null : gameScopeOf(caller);
      return mapListing(read.connections.gamesOfUser(userId, scope), async (rows) => {
        const publicGames = await games.withModules(rows);
        return publicGames.map((game, i) => ({ ...game, user_game_id: rows[i]!.user_game_id }));
      });
    },

    async usersOf(gameId: number, search: string | undefined): Promise<Listing<UserOfGame>> {
      await games.mustFind(gameId);
      return read.connections.usersOfGame(gameId, search);
    },

    /** A user-game by name (the user themself or staff). */
    async describe(caller: Reader, id: number): Promise<PublicUserGame> {
      const row = await read.connections.findUserGameNamed(id);
      if (!row) throw new AppError('NOT_FOUND', `user-game ${id} not found`);
      assertSelfOrStaff(caller, row.user_id, row.game_id);
      return { id: row.id, user_id: row.user_id, username: row.username, game_id: row.game_id, game_name: row.game_name, created_at: row.created_at.toISOString() };
    },

    async mustFindUserGame(id: number): Promise<UserGameRow> {
      const row = await read.connections.findUserGame(id);
      if (!row) throw new AppError('NOT_FOUND', `user-game ${id} not found`);
      return row;
    },

    /** A user-game its reader may read: the user's own, or staff acting on its game (404, then 403). */
    async mustFindReadableUserGame(caller: Reader, id: number): Promise<UserGameRow> {
      const row = await this.mustFindUserGame(id);
      assertSelfOrStaff(caller, row.user_id, row.game_id);
      return row;
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
/** What other features ask of connections (their port): the user-game of an id (404 otherwise). */
export type ConnectionsPort = Pick<ConnectionsService, 'mustFindUserGame' | 'mustFindReadableUserGame'>;

import type { Knex } from 'knex';
import * as yup from 'yup';
import type { Page } from '../../db/page';
import { AppError } from '../../errors';
import { createdFields, deletedFields } from '../audit/audit-changes';
import type { AuditLog } from '../audit/audit-service';
import type { Role } from '../auth/token-service';
import type { GamesService } from '../games/games-service';
import { assertSelfOrStaff } from '../core/roles';
import { integer, validateBody } from '../core/validation';
import type { UsersService } from '../users/users-service';
import {
  deleteConnection,
  findConnection,
  findUserGame,
  gamesOfUser,
  insertConnection,
  usersOfGame,
  type UserGameRow,
} from './connections-repository';
import type { GameOfUser, PublicConnection, UserOfGame } from './connections-replies';

export const connectGameSchema = yup.object({ game_id: integer().min(1, 'must be a positive integer').defined('is required') });
export type ConnectGameInput = Partial<yup.InferType<typeof connectGameSchema>>;


const toPublic = (row: UserGameRow): PublicConnection => ({
  id: row.id,
  user_id: row.user_id,
  game_id: row.game_id,
  created_at: row.created_at.toISOString(),
});

/** `disconnected` runs after a user-game is removed (its scores went with it: rank indexes of the game are stale). */
export function createConnectionsService(db: Knex, users: UsersService, games: GamesService, audit: AuditLog, disconnected: (gameId: number) => Promise<void> = async () => undefined) {
  return {
    /** A game_id in the body that names no game is a 400 on that field (it is not part of the path). */
    async connect(userId: number, body: ConnectGameInput): Promise<PublicConnection> {
      await users.mustFind(userId);
      const { game_id: gameId } = validateBody(connectGameSchema, body);
      if (!(await games.exists(gameId))) {
        throw new AppError('VALIDATION_FAILED', `game ${gameId} does not exist`, { errors: [{ path: 'game_id', message: 'names no game' }] });
      }
      const id = await db.transaction(async (trx) => {
        const userGameId = await insertConnection(trx, userId, gameId);
        const changes = createdFields({ user_id: userId, game_id: gameId });
        await audit.record(trx, { action: 'user_game.create', targetId: userGameId, gameId, changes });
        return userGameId;
      });
      return toPublic((await findUserGame(db, id))!);
    },

    async disconnect(userId: number, gameId: number): Promise<void> {
      await users.mustFind(userId);
      await games.mustFind(gameId);
      await db.transaction(async (trx) => {
        const connection = await findConnection(trx, userId, gameId);
        if (!connection || !(await deleteConnection(trx, userId, gameId))) {
          throw new AppError('NOT_FOUND', `user ${userId} is not connected to game ${gameId}`);
        }
        const changes = deletedFields({ user_id: userId, game_id: gameId });
        await audit.record(trx, { action: 'user_game.delete', targetId: connection.id, gameId, changes });
      });
      await disconnected(gameId);
    },

    async gamesOf(actor: { id: number; role: Role }, userId: number, page: Page): Promise<GameOfUser[]> {
      assertSelfOrStaff(actor, userId);
      await users.mustFind(userId);
      const rows = await gamesOfUser(db, userId, page);
      const publicGames = await games.withModules(rows);
      return publicGames.map((game, i) => ({ ...game, user_game_id: rows[i]!.user_game_id }));
    },

    async usersOf(gameId: number, search: string | undefined, page: Page): Promise<UserOfGame[]> {
      await games.mustFind(gameId);
      return usersOfGame(db, gameId, search, page);
    },

    async mustFindUserGame(id: number): Promise<UserGameRow> {
      const row = await findUserGame(db, id);
      if (!row) throw new AppError('NOT_FOUND', `user-game ${id} not found`);
      return row;
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;

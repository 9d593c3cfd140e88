import type { Knex } from 'knex';
import type { Page } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { AuditLog } from '../audit/audit-service';
import { namedFields, validateBody } from '../core/validation';
import { modulesOfGames } from '../modules/modules-reads';
import type { PublicGame } from './games-replies';
import { createGameSchema, updateGameSchema, type CreateGameInput, type UpdateGameInput } from './games-schemas';
import { deleteGame, findGame, findGames, insertGame, listGames, lockGame, updateGame, type GameRow } from './games-repository';


/** The fields of a game an audit entry shows. */
const auditedFields = (row: GameRow) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  image_url: row.image_url,
  is_active: Boolean(row.is_active),
});

/** `removed` runs after a game is deleted (with its module data: the foreign keys cascade). */
export function createGamesService(db: Knex, audit: AuditLog, removed: (gameId: number) => Promise<void> = async () => undefined) {
  async function withModules(rows: GameRow[]): Promise<PublicGame[]> {
    const modules = await modulesOfGames(db, rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      image_url: row.image_url,
      is_active: Boolean(row.is_active),
      modules: modules.get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }

  const notFound = (id: number) => new AppError('NOT_FOUND', `game ${id} not found`);

  async function mustFind(id: number): Promise<GameRow> {
    const row = await findGame(db, id);
    if (!row) throw notFound(id);
    return row;
  }

  return {
    mustFind,
    withModules,

    async exists(id: number): Promise<boolean> {
      return (await findGame(db, id)) !== undefined;
    },

    /**
     * Locks the game inside `trx` so that writes to its children that check a limit over all of them
     * (a game's variables) apply one at a time; NOT_FOUND when it is gone.
     */
    async lockForChange(trx: Knex.Transaction, id: number): Promise<void> {
      if (!(await lockGame(trx, id))) throw notFound(id);
    },

    async list(search: string | undefined, page: Page): Promise<PublicGame[]> {
      return withModules(await listGames(db, search, page));
    },

    async get(id: number): Promise<PublicGame> {
      return (await withModules([await mustFind(id)]))[0]!;
    },

    /** Several games by id (GraphQL's batched references), two statements in all; NOT_FOUND for a missing one. */
    async getMany(ids: readonly number[]): Promise<Array<PublicGame | AppError>> {
      const found = new Map((await withModules(await findGames(db, ids))).map((game) => [game.id, game]));
      return ids.map((id) => found.get(id) ?? notFound(id));
    },

    async create(body: CreateGameInput): Promise<PublicGame> {
      const input = { description: '', image_url: '', is_active: true, ...validateBody(createGameSchema, body) };
      const id = await db.transaction(async (trx) => {
        const gameId = await insertGame(trx, input);
        await audit.record(trx, { action: 'game.create', targetId: gameId, gameId, changes: createdFields(input) });
        return gameId;
      });
      return this.get(id);
    },

    async update(id: number, body: UpdateGameInput): Promise<PublicGame> {
      await mustFind(id);
      const input = validateBody(updateGameSchema, body);
      const changes = namedFields(input);
      if (Object.keys(changes).length > 0) {
        await db.transaction(async (trx) => {
          const before = await findGame(trx, id, true);
          if (!before) throw notFound(id);
          await updateGame(trx, id, changes);
          await audit.record(trx, { action: 'game.update', targetId: id, gameId: id, changes: changedFields(auditedFields(before), changes) });
        });
      }
      return this.get(id);
    },

    async remove(id: number): Promise<void> {
      await mustFind(id);
      await db.transaction(async (trx) => {
        const before = await findGame(trx, id, true);
        if (!before) throw notFound(id);
        await deleteGame(trx, id);
        await audit.record(trx, { action: 'game.delete', targetId: id, gameId: id, changes: deletedFields(auditedFields(before)) });
      });
      await removed(id);
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;

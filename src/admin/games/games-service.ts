import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import { namedFields, validateBody } from '../core/validation';
import type { PublicGame } from './games-replies';
import { createGameSchema, updateGameSchema, type CreateGameInput, type UpdateGameInput } from './games-schemas';
import type { Store } from '../unit-of-work';
import type { GameRow } from './games-repository';


/** The fields of a game an audit entry shows. */
const auditedFields = (row: GameRow) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  image_url: row.image_url,
  is_active: Boolean(row.is_active),
});

/** A deleted game goes with its module data (the foreign keys cascade): its removal is told to the change subscribers. */
export function createGamesService(store: Store<'games' | 'modulesReads'>) {
  const { read } = store;
  async function withModules(rows: GameRow[]): Promise<PublicGame[]> {
    const modules = await read.modulesReads.modulesOfGames(rows.map((row) => row.id));
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
    const row = await read.games.findGame(id);
    if (!row) throw notFound(id);
    return row;
  }

  return {
    mustFind,
    withModules,

    async exists(id: number): Promise<boolean> {
      return (await read.games.findGame(id)) !== undefined;
    },

    /** Newest first, a page at a time, with the total. */
    /** Newest first; a moderator limited to games sees only those (SPEC §2.12). */
    list(actor: Pick<Actor, 'gameScope'>, search: string | undefined): Listing<PublicGame> {
      return mapListing(read.games.listGames(search, actor.gameScope), withModules);
    },

    async get(id: number): Promise<PublicGame> {
      return (await withModules([await mustFind(id)]))[0]!;
    },

    /** Several games by id (GraphQL's batched references), two statements in all; NOT_FOUND for a missing one. */
    async getMany(ids: readonly number[]): Promise<Array<PublicGame | AppError>> {
      const found = new Map((await withModules(await read.games.findGames(ids))).map((game) => [game.id, game]));
      return ids.map((id) => found.get(id) ?? notFound(id));
    },

    async create(actor: Actor, body: CreateGameInput): Promise<PublicGame> {
      const input = { description: '', image_url: '', is_active: true, ...validateBody(createGameSchema, body) };
      const id = await store.run(actor, async ({ repos, audit }) => {
        const gameId = await repos.games.insertGame(input);
        audit({ action: 'game.create', targetId: gameId, gameId, changes: createdFields(input) });
        return gameId;
      });
      return this.get(id);
    },

    async update(actor: Actor, id: number, body: UpdateGameInput): Promise<PublicGame> {
      await mustFind(id);
      const input = validateBody(updateGameSchema, body);
      const changes = namedFields(input);
      if (Object.keys(changes).length > 0) {
        await store.run(actor, async ({ repos, audit }) => {
          const before = await repos.games.findGame(id, true);
          if (!before) throw notFound(id);
          await repos.games.updateGame(id, changes);
          audit({ action: 'game.update', targetId: id, gameId: id, changes: changedFields(auditedFields(before), changes) });
        });
      }
      return this.get(id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await mustFind(id);
      await store.run(actor, async ({ repos, audit, changed }) => {
        const before = await repos.games.findGame(id, true);
        if (!before) throw notFound(id);
        await repos.games.deleteGame(id);
        audit({ action: 'game.delete', targetId: id, gameId: id, changes: deletedFields(auditedFields(before)) });
        changed('game.removed', id);
      });
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
/** What other features ask of games (their port): is it there (404 otherwise), and its public shape. */
export type GamesPort = Pick<GamesService, 'mustFind' | 'exists' | 'get' | 'withModules'>;

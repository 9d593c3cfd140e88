import type { Knex } from 'knex';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { isDuplicateKey } from '../../db/mysql-errors';
import type { Page } from '../../db/page';
import { mapPerParent } from '../../db/per-parent';
import { AppError } from '../../errors';
import type { GamesService } from '../games/games-service';
import { perEnabledGame, type GameWithModules, type ModulesService } from '../modules/modules-service';
import { buildConfigDocument, configDocumentBody, MAX_CONFIG_DOCUMENT_BYTES, type ConfigDocument } from './config-document';
import type { ConfigVersions } from './config-versions';
import { checkVariable, type VariableDefinition, type VariableInput } from './variable-rules';
import {
  deleteVariable,
  findVariable,
  insertVariable,
  listVariables,
  replaceVariable,
  variablesOfGames,
  type StoredVariable,
} from './variables-repository';

export const VARIABLES_MODULE = 'variables';
/** SPEC §2.4: a game holds at most this many variables. */
export const MAX_VARIABLES_PER_GAME = 1000;
/** A cached config document is rebuilt after this long even without a version bump (a lost bump). */
export const CONFIG_CACHE_MAX_AGE_MS = 30_000;
const CONFIG_CACHE_GAMES = 10_000;

/** A variable as clients see it: only the fields of its type, vector items by index. */
export type PublicVariable = VariableDefinition & { id: number; game_id: number; created_at: string; updated_at: string };

const toPublic = ({ created_at, updated_at, ...definition }: StoredVariable): PublicVariable => ({
  ...definition,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

export interface VariablesDeps {
  readonly db: Knex;
  readonly games: GamesService;
  readonly modules: ModulesService;
  readonly versions: ConfigVersions;
  readonly clock?: () => number;
}

export function createVariablesService({ db, games, modules, versions, clock = Date.now }: VariablesDeps) {
  const cache = new Map<number, { version: string; builtAt: number; document: ConfigDocument }>();

  /** SPEC §2.1's order: the game (404), the variable in its path (404), then the module (403). */
  async function scope(gameId: number, variableId?: number): Promise<StoredVariable | undefined> {
    await games.mustFind(gameId);
    const variable = variableId === undefined ? undefined : await findVariable(db, gameId, variableId);
    if (variableId !== undefined && !variable) throw new AppError('NOT_FOUND', `variable ${variableId} of game ${gameId} not found`);
    await modules.assertEnabled(gameId, VARIABLES_MODULE);
    return variable;
  }

  const keyTaken = (error: unknown, key: string) =>
    isDuplicateKey(error) ? new AppError('CONFLICT', `game already has a variable with key "${key}"`) : error;

  /**
   * A create or PUT: `write` runs in a transaction holding the game's lock, then the game's variables
   * are read back whole; past a limit of SPEC §2.4 the transaction rolls back (409 naming the limit),
   * so nothing changes, also when writes race.
   */
  function withinLimits<T>(gameId: number, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return retryOnDeadlock(() =>
      db.transaction(async (trx) => {
        await games.lockForChange(trx, gameId);
        const result = await write(trx);
        const variables = await listVariables(trx, gameId);
        if (variables.length > MAX_VARIABLES_PER_GAME) {
          throw new AppError('CONFLICT', `a game holds at most ${MAX_VARIABLES_PER_GAME} variables`);
        }
        const bytes = Buffer.byteLength(configDocumentBody(variables));
        if (bytes > MAX_CONFIG_DOCUMENT_BYTES) {
          throw new AppError('CONFLICT', `the config document would be ${bytes} bytes; its limit is ${MAX_CONFIG_DOCUMENT_BYTES} bytes (1 MiB)`);
        }
        return result;
      }),
    );
  }

  /**
   * Config documents from this instance's cache while a game's version in Redis is unchanged (a poll
   * costs one Redis GET); the games that miss are checked by `checkMisses` and rebuilt from MySQL in
   * one statement.
   */
  async function documents(gameIds: readonly number[], checkMisses: (gameIds: number[]) => Promise<void>): Promise<Map<number, ConfigDocument>> {
    const current = new Map(await Promise.all(gameIds.map(async (gameId) => [gameId, await versions.current(gameId)] as const)));
    const found = new Map<number, ConfigDocument>();
    const misses: number[] = [];
    for (const [gameId, version] of current) {
      const cached = cache.get(gameId);
      const fresh = cached && version !== null && cached.version === version && clock() - cached.builtAt < CONFIG_CACHE_MAX_AGE_MS;
      if (fresh) found.set(gameId, cached.document);
      else misses.push(gameId);
    }
    if (misses.length === 0) return found;
    await checkMisses(misses);
    const variables = await variablesOfGames(db, misses);
    for (const gameId of misses) {
      const document = buildConfigDocument(variables.get(gameId)!);
      const version = current.get(gameId);
      if (version !== null && version !== undefined) remember(gameId, version, document);
      found.set(gameId, document);
    }
    return found;
  }

  function remember(gameId: number, version: string, document: ConfigDocument): void {
    cache.delete(gameId);
    if (cache.size >= CONFIG_CACHE_GAMES) cache.delete(cache.keys().next().value!);
    cache.set(gameId, { version, builtAt: clock(), document });
  }

  async function written(gameId: number, id: number): Promise<PublicVariable> {
    await versions.bump(gameId);
    return toPublic((await findVariable(db, gameId, id))!);
  }

  return {
    async list(gameId: number, page: Page): Promise<PublicVariable[]> {
      await scope(gameId);
      return (await listVariables(db, gameId, page)).map(toPublic);
    },

    async get(gameId: number, variableId: number): Promise<PublicVariable> {
      return toPublic((await scope(gameId, variableId))!);
    },

    async create(gameId: number, input: VariableInput): Promise<PublicVariable> {
      await scope(gameId);
      const definition = checkVariable(input);
      const id = await withinLimits(gameId, (trx) =>
        insertVariable(trx, gameId, definition).catch((error: unknown) => {
          throw keyTaken(error, definition.key);
        }),
      );
      return written(gameId, id);
    },

    /** PUT replaces the whole definition; the type may change. */
    async replace(gameId: number, variableId: number, input: VariableInput): Promise<PublicVariable> {
      await scope(gameId, variableId);
      const definition = checkVariable(input);
      await withinLimits(gameId, (trx) =>
        replaceVariable(trx, gameId, variableId, definition).catch((error: unknown) => {
          throw keyTaken(error, definition.key);
        }),
      );
      return written(gameId, variableId);
    },

    async remove(gameId: number, variableId: number): Promise<void> {
      await scope(gameId, variableId);
      await deleteVariable(db, gameId, variableId);
      await versions.bump(gameId);
    },

    /** The config document game clients poll (any authenticated user); see `documents` for its cache. */
    async configDocument(gameId: number): Promise<ConfigDocument> {
      return (await documents([gameId], () => scope(gameId).then(() => undefined))).get(gameId)!;
    },

    /** Variables of games read in this request (GraphQL lists): one statement for all of them. */
    async listOfGames(games: readonly GameWithModules[], page: Page): Promise<Array<PublicVariable[] | AppError>> {
      return perEnabledGame(games, VARIABLES_MODULE, async (ids) => mapPerParent(await variablesOfGames(db, ids, page), toPublic));
    },

    /** Config documents of games read in this request (GraphQL lists). */
    async configDocumentsOf(games: readonly GameWithModules[]): Promise<Array<ConfigDocument | AppError>> {
      return perEnabledGame(games, VARIABLES_MODULE, (ids) => documents(ids, async () => undefined));
    },
  };
}

export type VariablesService = ReturnType<typeof createVariablesService>;

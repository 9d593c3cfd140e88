import type { Knex } from 'knex';
import { isDuplicateKey } from '../../db/mysql-errors';
import type { Page } from '../../db/page';
import { AppError } from '../../errors';
import type { GamesService } from '../games/games-service';
import type { ModulesService } from '../modules/modules-service';
import { buildConfigDocument, type ConfigDocument } from './config-document';
import type { ConfigVersions } from './config-versions';
import { checkVariable, type VariableDefinition, type VariableInput } from './variable-rules';
import {
  deleteVariable,
  findVariable,
  insertVariable,
  listVariables,
  replaceVariable,
  type StoredVariable,
} from './variables-repository';

export const VARIABLES_MODULE = 'variables';
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
      const id = await insertVariable(db, gameId, definition).catch((error: unknown) => {
        throw keyTaken(error, definition.key);
      });
      return written(gameId, id);
    },

    /** PUT replaces the whole definition; the type may change. */
    async replace(gameId: number, variableId: number, input: VariableInput): Promise<PublicVariable> {
      await scope(gameId, variableId);
      const definition = checkVariable(input);
      await replaceVariable(db, gameId, variableId, definition).catch((error: unknown) => {
        throw keyTaken(error, definition.key);
      });
      return written(gameId, variableId);
    },

    async remove(gameId: number, variableId: number): Promise<void> {
      await scope(gameId, variableId);
      await deleteVariable(db, gameId, variableId);
      await versions.bump(gameId);
    },

    /**
     * The config document game clients poll (any authenticated user). Served from this instance's
     * cache while the game's version in Redis is unchanged, so a poll costs one Redis GET; rebuilt
     * from MySQL after any change, on every instance.
     */
    async configDocument(gameId: number): Promise<ConfigDocument> {
      const version = await versions.current(gameId);
      const cached = cache.get(gameId);
      if (cached && version !== null && cached.version === version && clock() - cached.builtAt < CONFIG_CACHE_MAX_AGE_MS) {
        return cached.document;
      }
      await scope(gameId);
      const document = buildConfigDocument(await listVariables(db, gameId));
      if (version !== null) {
        cache.delete(gameId);
        if (cache.size >= CONFIG_CACHE_GAMES) cache.delete(cache.keys().next().value!);
        cache.set(gameId, { version, builtAt: clock(), document });
      }
      return document;
    },
  };
}

export type VariablesService = ReturnType<typeof createVariablesService>;

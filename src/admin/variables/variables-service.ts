import type { Page } from '../../db/page';
import { groupByParent, mapPerParent } from '../../db/per-parent';
import { AppError } from '../../errors';
import type { GamesPort } from '../games/games-service';
import { perEnabledGame, type GameWithModules, type ModulesPort } from '../modules/modules-service';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { ConfigDocument } from './config-document';
import { timedOverrideOf } from './config-overrides-repository';
import { documentAt, type ConfigSource, type DocumentAt } from './timed-config';
import type { ConfigVersions } from './config-versions';
import { VARIABLES_MODULE, type ConfigWriter } from './config-writer';
import { checkVariable, type VariableDefinition, type VariableInput } from './variable-rules';
import { definitionOf, toPublicVariable, type PublicVariable } from './variable-view';
import type { StoredVariable } from './variables-repository';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';

/** A cached config document is rebuilt after this long even without a version bump (a lost bump). */
export const CONFIG_CACHE_MAX_AGE_MS = 30_000;
const CONFIG_CACHE_GAMES = 10_000;

/**
 * A game's document as this instance keeps it: the document now and until when it holds, and (only
 * when the game has overrides that have not ended) what to merge it again from at their boundaries.
 */
interface CachedConfig {
  readonly version: string;
  readonly builtAt: number;
  readonly source: ConfigSource | undefined;
  current: DocumentAt;
}

export interface VariablesDeps {
  readonly store: Store<'variables' | 'configOverrides'>;
  readonly games: GamesPort;
  readonly modules: ModulesPort;
  readonly versions: ConfigVersions;
  readonly writer: ConfigWriter;
  readonly clock?: () => number;
}

export function createVariablesService({ store: { read }, games, modules, versions, writer, clock = Date.now }: VariablesDeps) {
  const cache = new Map<number, CachedConfig>();

  /** SPEC §2.1's order: the game (404), the variable in its path (404), then the module (403). */
  async function scope(gameId: number, variableId?: number): Promise<StoredVariable | undefined> {
    await games.mustFind(gameId);
    const variable = variableId === undefined ? undefined : await read.variables.findVariable(gameId, variableId);
    if (variableId !== undefined && !variable) throw new AppError('NOT_FOUND', `variable ${variableId} of game ${gameId} not found`);
    await modules.assertEnabled(gameId, VARIABLES_MODULE);
    return variable;
  }

  /**
   * Config documents from this instance's cache while a game's version in Redis is unchanged (a poll
   * costs one Redis GET) and no override window has opened or closed since (then the document is
   * merged again from the cached variables, with no read); the games that miss are checked by
   * `checkMisses` and rebuilt from MySQL in two statements.
   */
  async function documents(gameIds: readonly number[], checkMisses: (gameIds: number[]) => Promise<void>): Promise<Map<number, ConfigDocument>> {
    const current = new Map(await Promise.all(gameIds.map(async (gameId) => [gameId, await versions.current(gameId)] as const)));
    const found = new Map<number, ConfigDocument>();
    const misses: number[] = [];
    for (const [gameId, version] of current) {
      const cached = cache.get(gameId);
      const fresh = cached && version !== null && cached.version === version && clock() - cached.builtAt < CONFIG_CACHE_MAX_AGE_MS;
      if (fresh) found.set(gameId, documentNow(cached));
      else misses.push(gameId);
    }
    if (misses.length === 0) return found;
    await checkMisses(misses);
    const pending = new Map<number, Promise<DocumentAt>>();
    const fresh: number[] = [];
    for (const gameId of misses) {
      const under = building.get(gameId);
      if (under && under.version !== null && under.version === current.get(gameId)) pending.set(gameId, under.built);
      else fresh.push(gameId);
    }
    if (fresh.length > 0) {
      const sources = readSources(fresh);
      for (const gameId of fresh) pending.set(gameId, startBuild(gameId, current.get(gameId) ?? null, sources));
    }
    const built = await Promise.all(misses.map((gameId) => pending.get(gameId)!));
    misses.forEach((gameId, i) => found.set(gameId, built[i]!.document));
    return found;
  }

  /** The cached document, merged again when an override window opened or closed since it was made. */
  function documentNow(cached: CachedConfig): ConfigDocument {
    const now = clock();
    if (now < cached.current.until) return cached.current.document;
    cached.current = documentAt(cached.source!, now);
    return cached.current.document;
  }

  /** The games' variables and their overrides that have not ended: two statements for all of them. */
  async function readSources(gameIds: number[]): Promise<Map<number, ConfigSource>> {
    const [variables, overrides] = await Promise.all([
      read.variables.variablesOfGames(gameIds),
      read.configOverrides.pendingOverridesOfGames(gameIds, new Date(clock())),
    ]);
    const overridesOf = groupByParent(gameIds, overrides, 'game_id');
    return new Map(gameIds.map((gameId) => [gameId, { variables: variables.get(gameId)!, overrides: overridesOf.get(gameId)!.map(timedOverrideOf) }]));
  }

  /** Builds under way, per game: concurrent misses of one version share one build (a 1 MiB document is costly). */
  const building = new Map<number, { version: string | null; built: Promise<DocumentAt> }>();

  function startBuild(gameId: number, version: string | null, sources: Promise<Map<number, ConfigSource>>): Promise<DocumentAt> {
    const built = sources.then((all) => {
      const source = all.get(gameId)!;
      const made = documentAt(source, clock());
      if (version !== null) remember(gameId, { version, builtAt: clock(), source: source.overrides.length > 0 ? source : undefined, current: made });
      return made;
    });
    building.set(gameId, { version, built });
    const done = () => {
      if (building.get(gameId)?.built === built) building.delete(gameId);
    };
    built.then(done, done);
    return built;
  }

  function remember(gameId: number, entry: CachedConfig): void {
    cache.delete(gameId);
    if (cache.size >= CONFIG_CACHE_GAMES) cache.delete(cache.keys().next().value!);
    cache.set(gameId, entry);
  }

  const reread = async (gameId: number, id: number) => toPublicVariable((await read.variables.findVariable(gameId, id))!);

  return {
    async list(gameId: number, page: Page): Promise<PublicVariable[]> {
      await scope(gameId);
      return (await read.variables.listVariables(gameId, page)).map(toPublicVariable);
    },

    async get(gameId: number, variableId: number): Promise<PublicVariable> {
      return toPublicVariable((await scope(gameId, variableId))!);
    },

    async create(actor: Actor, gameId: number, input: VariableInput): Promise<PublicVariable> {
      await scope(gameId);
      const definition = checkVariable(input);
      const { result: id } = await writer.write(actor, gameId, async ({ repos }) => {
        const variableId = await repos.variables.insertVariable(gameId, definition);
        return { result: variableId, change: 'create', key: definition.key, audit: { action: 'variable.create', targetId: variableId, gameId, changes: createdFields(definition) } };
      });
      return reread(gameId, id);
    },

    /** PUT replaces the whole definition; the type may change. */
    async replace(actor: Actor, gameId: number, variableId: number, input: VariableInput): Promise<PublicVariable> {
      await scope(gameId, variableId);
      const definition = checkVariable(input);
      await writer.write(actor, gameId, async ({ repos }) => {
        const before = await repos.variables.findVariable(gameId, variableId);
        if (!before) throw new AppError('NOT_FOUND', `variable ${variableId} of game ${gameId} not found`);
        await repos.variables.replaceVariable(gameId, variableId, definition);
        const changes = changedFields(valueFields(definitionOf(before)), valueFields(definition));
        return { result: undefined, change: 'update', key: definition.key, audit: { action: 'variable.update', targetId: variableId, gameId, changes } };
      });
      return reread(gameId, variableId);
    },

    async remove(actor: Actor, gameId: number, variableId: number): Promise<void> {
      await scope(gameId, variableId);
      await writer.write(actor, gameId, async ({ repos }) => {
        const before = await repos.variables.findVariable(gameId, variableId);
        if (!before) throw new AppError('NOT_FOUND', `variable ${variableId} of game ${gameId} not found`);
        await repos.variables.deleteVariable(gameId, variableId);
        const changes = deletedFields(definitionOf(before));
        return { result: undefined, change: 'delete', key: before.key, audit: { action: 'variable.delete', targetId: variableId, gameId, changes } };
      });
    },

    /** The config document game clients poll (any authenticated user); see `documents` for its cache. */
    async configDocument(gameId: number): Promise<ConfigDocument> {
      return (await documents([gameId], () => scope(gameId).then(() => undefined))).get(gameId)!;
    },

    /** Variables of games read in this request (GraphQL lists): one statement for all of them. */
    async listOfGames(games: readonly GameWithModules[], page: Page): Promise<Array<PublicVariable[] | AppError>> {
      return perEnabledGame(games, VARIABLES_MODULE, async (ids) => mapPerParent(await read.variables.variablesOfGames(ids, page), toPublicVariable));
    },

    /** Config documents of games read in this request (GraphQL lists). */
    async configDocumentsOf(games: readonly GameWithModules[]): Promise<Array<ConfigDocument | AppError>> {
      return perEnabledGame(games, VARIABLES_MODULE, (ids) => documents(ids, async () => undefined));
    },
  };
}

export type VariablesService = ReturnType<typeof createVariablesService>;

export type { PublicVariable } from './variable-view';
export { MAX_VARIABLES_PER_GAME, VARIABLES_MODULE } from './config-writer';

/** A definition's fields without the key's own: an audit entry of a PUT shows what changed in each. */
function valueFields(definition: VariableDefinition): Record<string, unknown> {
  const fields: Record<string, unknown> = { key: definition.key, type: definition.type, number_value: null, string_value: null, table_value_type: null, items: null };
  return { ...fields, ...definition };
}

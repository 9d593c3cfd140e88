import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields, type Changes } from '../audit/audit-changes';
import type { AuditAction } from '../audit/audit-actions';
import type { Actor } from '../core/actor';
import type { GamesPort } from '../games/games-service';
import type { ModulesPort } from '../modules/modules-service';
import type { Store, Work } from '../unit-of-work';
import { checkOverride, MAX_OVERRIDES_PER_GAME, type CheckedOverride, type ConfigOverrideInput } from './config-override-rules';
import type { PublicConfigOverride } from './config-overrides-replies';
import { overrideOf, type ConfigOverrideRow } from './config-overrides-repository';
import { VARIABLES_MODULE } from './config-writer';
import { assertGameDocumentsFit } from './config-document-bound';
import { definitionOf } from './variable-view';

export type ConfigOverrideRepositories = 'configOverrides' | 'variables' | 'games';

type Repos = Work<ConfigOverrideRepositories>['repos'];

/** What an audit entry shows of an override (large values by their digest and size: audit-changes.ts). */
const auditedFields = (o: CheckedOverride) => ({ name: o.name, starts_at: o.startsAt.toISOString(), ends_at: o.endsAt.toISOString(), variables: o.variables });

/**
 * Timed config overrides (SPEC §2.12): CRUD under the variables module, checked against the game's
 * variables, audited, and not config versions. A write says `game.config` changed, so every HTTP
 * instance rebuilds the game's document at once; the windows' starts and ends need no write (the
 * document knows its next boundary, see variables-service).
 */
export function createConfigOverridesService(deps: { store: Store<ConfigOverrideRepositories>; games: GamesPort; modules: ModulesPort; clock?: () => number }) {
  const { store, games, modules, clock = Date.now } = deps;
  const { read } = store;

  const toPublic = (row: ConfigOverrideRow): PublicConfigOverride => ({
    id: row.id, game_id: row.game_id, name: row.name, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString(),
    live: row.starts_at.getTime() <= clock() && clock() < row.ends_at.getTime(),
    variables: overrideOf(row).variables,
    created_by: row.created_by, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
  });

  /** SPEC §2.1's order: the game (404), the override in the path (404), then the module (403). */
  async function scope(gameId: number, overrideId?: number): Promise<ConfigOverrideRow | undefined> {
    await games.mustFind(gameId);
    const row = overrideId === undefined ? undefined : await read.configOverrides.findConfigOverride(gameId, overrideId);
    if (overrideId !== undefined && !row) throw new AppError('NOT_FOUND', `config override ${overrideId} of game ${gameId} not found`);
    await modules.assertEnabled(gameId, VARIABLES_MODULE);
    return row;
  }

  /** The body checked against the game's variables; a window that has ended already is refused (it could never apply). */
  async function check(gameId: number, body: unknown): Promise<CheckedOverride> {
    const variables = (await read.variables.listVariables(gameId)).map(definitionOf);
    const override = checkOverride(body, new Map(variables.map((v) => [v.key, v])));
    if (override.endsAt.getTime() <= clock()) {
      throw new AppError('VALIDATION_FAILED', 'an override must end in the future', { errors: [{ path: 'ends_at', message: 'must be in the future' }] });
    }
    return override;
  }

  /**
   * One write of a game's overrides, in a transaction holding the game's lock, so the limits hold over
   * racing writes: at most MAX_OVERRIDES_PER_GAME stored (ended ones count until deleted), and the
   * document within 1 MiB at every instant from now on, whatever overlaps (409 otherwise).
   */
  async function write<T>(actor: Actor, gameId: number, work: (repos: Repos) => Promise<{ result: T; action: AuditAction; targetId: number; changes: Changes }>): Promise<T> {
    return store.run(actor, async ({ repos, audit, changed }) => {
      if (!(await repos.games.lockGame(gameId))) throw new AppError('NOT_FOUND', `game ${gameId} not found`);
      const done = await work(repos);
      await assertGameDocumentsFit(repos, gameId, clock());
      audit({ action: done.action, targetId: done.targetId, gameId, changes: done.changes });
      changed('game.config', gameId);
      return done.result;
    });
  }

  async function assertRoom(repos: Repos, gameId: number, except?: number) {
    if ((await repos.configOverrides.countOverrides(gameId, except)) >= MAX_OVERRIDES_PER_GAME) {
      throw new AppError('CONFLICT', `a game holds at most ${MAX_OVERRIDES_PER_GAME} overrides (ended ones count until they are deleted)`);
    }
  }

  const reread = async (gameId: number, id: number) => toPublic((await read.configOverrides.findConfigOverride(gameId, id))!);

  return {
    async list(gameId: number): Promise<Listing<PublicConfigOverride>> {
      await scope(gameId);
      return mapListing(read.configOverrides.listConfigOverrides(gameId), (rows) => rows.map(toPublic));
    },

    async get(gameId: number, id: number): Promise<PublicConfigOverride> {
      return toPublic((await scope(gameId, id))!);
    },

    async create(actor: Actor, gameId: number, body: ConfigOverrideInput): Promise<PublicConfigOverride> {
      await scope(gameId);
      const override = await check(gameId, body);
      const id = await write(actor, gameId, async (repos) => {
        await assertRoom(repos, gameId);
        const overrideId = await repos.configOverrides.insertConfigOverride(gameId, override, actor.userId);
        return { result: overrideId, action: 'config_override.create', targetId: overrideId, changes: createdFields(auditedFields(override)) };
      });
      return reread(gameId, id);
    },

    /** PUT replaces the override whole. */
    async replace(actor: Actor, gameId: number, id: number, body: ConfigOverrideInput): Promise<PublicConfigOverride> {
      await scope(gameId, id);
      const override = await check(gameId, body);
      await write(actor, gameId, async (repos) => {
        const before = await repos.configOverrides.findConfigOverride(gameId, id);
        if (!before) throw new AppError('NOT_FOUND', `config override ${id} of game ${gameId} not found`);
        await repos.configOverrides.replaceConfigOverride(gameId, id, override);
        return { result: undefined, action: 'config_override.update', targetId: id, changes: changedFields(auditedFields(overrideOf(before)), auditedFields(override)) };
      });
      return reread(gameId, id);
    },

    async remove(actor: Actor, gameId: number, id: number): Promise<void> {
      await scope(gameId, id);
      await write(actor, gameId, async (repos) => {
        const before = await repos.configOverrides.findConfigOverride(gameId, id);
        if (!before) throw new AppError('NOT_FOUND', `config override ${id} of game ${gameId} not found`);
        await repos.configOverrides.deleteConfigOverride(gameId, id);
        return { result: undefined, action: 'config_override.delete', targetId: id, changes: deletedFields(auditedFields(overrideOf(before))) };
      });
    },
  };
}

export type ConfigOverridesService = ReturnType<typeof createConfigOverridesService>;

import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { AppError } from '../../errors';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { AdminCaches } from '../cache/admin-caches';
import type { GamesPort } from '../games/games-service';
import { text, validateBody } from '../core/validation';
import { toPublicModule } from './modules-repository';
import type { PublicModule } from './modules-replies';

export const connectModuleSchema = bodySchema({ component: 'ModuleConnectInput', graphql: 'ModuleInput' }, yup.object({ module_key: text(1, 64).defined('is required') }));
export type ConnectModuleInput = Partial<yup.InferType<typeof connectModuleSchema>>;

/** A game as read in this request, with the modules connected to it. */
export interface GameWithModules {
  readonly id: number;
  readonly modules: readonly { readonly key: string }[];
}

const moduleDisabled = (gameId: number, key: string) => new AppError('MODULE_DISABLED', `module ${key} is not enabled for game ${gameId}`);

/**
 * SPEC §2.1 step 5 for batched reads (GraphQL's lists) of games read earlier in the same request: each
 * game's result from one `load` of the games that have the module, MODULE_DISABLED for the others.
 */
export async function perEnabledGame<T>(
  games: readonly GameWithModules[],
  key: string,
  load: (gameIds: number[]) => Promise<Map<number, T>>,
): Promise<Array<T | AppError>> {
  const enabled = games.filter((game) => game.modules.some((module) => module.key === key)).map((game) => game.id);
  const loaded = enabled.length > 0 ? await load(enabled) : new Map<number, T>();
  return games.map((game) => (loaded.has(game.id) ? loaded.get(game.id)! : moduleDisabled(game.id, key)));
}

/**
 * Which modules a game has is read through the caches (every module endpoint asks); a connect or
 * disconnect says `game.modules` changed, which drops them from the caches and moves the config
 * document's version.
 */
export function createModulesService(store: Store<'modules'>, games: GamesPort, caches: AdminCaches) {
  const { read } = store;
  async function mustFindModule(key: string) {
    const module = await read.modules.findModuleByKey(key);
    if (!module) throw new AppError('NOT_FOUND', `module ${key} not found`);
    return module;
  }

  return {
    async list(): Promise<PublicModule[]> {
      return (await read.modules.listModules()).map(toPublicModule);
    },

    async ofGame(gameId: number): Promise<readonly PublicModule[]> {
      return (await games.get(gameId)).modules;
    },

    async connect(actor: Actor, gameId: number, body: ConnectModuleInput): Promise<PublicModule> {
      await games.mustFind(gameId);
      const { module_key: key } = validateBody(connectModuleSchema, body);
      const module = await mustFindModule(key);
      await store.run(actor, async ({ repos, audit, changed }) => {
        await repos.modules.connectModule(gameId, module);
        audit({ action: 'module.connect', targetId: key, gameId, changes: { connected: [false, true] } });
        changed('game.modules', gameId);
      });
      return toPublicModule(module);
    },

    /** The module's data stays; its endpoints answer 403 module_disabled until it is connected again. */
    async disconnect(actor: Actor, gameId: number, key: string): Promise<void> {
      await games.mustFind(gameId);
      const module = await mustFindModule(key);
      await store.run(actor, async ({ repos, audit, changed }) => {
        if (!(await repos.modules.disconnectModule(gameId, module.id))) {
          throw new AppError('NOT_FOUND', `module ${key} is not connected to game ${gameId}`);
        }
        audit({ action: 'module.disconnect', targetId: key, gameId, changes: { connected: [true, false] } });
        changed('game.modules', gameId);
      });
    },

    /** SPEC §2.1 step 5: after the entities in the path are found, the game must have the module. */
    async assertEnabled(gameId: number, key: string): Promise<void> {
      const connected = await caches.modulesOf(gameId, () => read.modules.connectedModuleKeys(gameId));
      if (!connected.has(key)) throw moduleDisabled(gameId, key);
    },
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
/** What other features ask of modules (their port): SPEC §2.1 step 5, the game has the module. */
export type ModulesPort = Pick<ModulesService, 'assertEnabled'>;

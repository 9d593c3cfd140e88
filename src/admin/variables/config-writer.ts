import { AppError } from '../../errors';
import type { AuditRecord } from '../audit/audit-service';
import type { Actor } from '../core/actor';
import type { GamesPort } from '../games/games-service';
import type { ModulesPort } from '../modules/modules-service';
import type { Store, Work } from '../unit-of-work';
import { assertGameDocumentsFit } from './config-document-bound';
import type { ConfigChange } from './config-history-repository';
import { toPublicVariable } from './variable-view';
import type { StoredVariable } from './variables-repository';

/** What a change of a game's variables may use in its transaction. */
export type ConfigRepositories = 'games' | 'variables' | 'configHistory' | 'configOverrides';

export const VARIABLES_MODULE = 'variables';
/** SPEC §2.4: a game holds at most this many variables. */
export const MAX_VARIABLES_PER_GAME = 1000;
/** SPEC §2.4: at least the last 300 versions of a game are kept. */
export const CONFIG_VERSIONS_KEPT = 300;

/** What one change of a game's variables did, for its version and its audit entry. */
export interface ConfigWrite<T> {
  readonly result: T;
  readonly change: ConfigChange;
  readonly key: string | null;
  readonly audit: AuditRecord;
}

/**
 * Every change of a game's variables goes through here (SPEC §2.4): in one transaction holding the
 * game's lock, the write, then the game's variables read back whole and held to the limits (409
 * naming the limit, and the transaction rolls back), the new numbered version with them, and the
 * audit entry. It says `game.config` changed, so after the commit the config document's version in
 * Redis moves and every HTTP instance serves the new document (and its new ETag) at once.
 */
export function createConfigWriter({ store, games, modules, clock = Date.now }: { store: Store<ConfigRepositories>; games: GamesPort; modules: ModulesPort; clock?: () => number }) {

  return {
    /** SPEC §2.1's order for a game's variables: the game (404), then the module (403). */
    async assertScope(gameId: number): Promise<void> {
      await games.mustFind(gameId);
      await modules.assertEnabled(gameId, VARIABLES_MODULE);
    },

    async write<T>(
      actor: Actor,
      gameId: number,
      work: (tx: Work<ConfigRepositories>) => Promise<ConfigWrite<T>>,
    ): Promise<{ result: T; version: number; variables: StoredVariable[] }> {
      return store.run(
        actor,
        async (tx) => {
          // Writes to a game's variables apply one at a time: the limits hold over all of them.
          if (!(await tx.repos.games.lockGame(gameId))) throw new AppError('NOT_FOUND', `game ${gameId} not found`);
          const done = await work(tx);
          const variables = await tx.repos.variables.listVariables(gameId);
          if (variables.length > MAX_VARIABLES_PER_GAME) throw new AppError('CONFLICT', `a game holds at most ${MAX_VARIABLES_PER_GAME} variables`);
          await assertGameDocumentsFit(tx.repos, gameId, clock()); // with the overrides still to come (SPEC §2.12)
          const next = { change: done.change, key: done.key, createdBy: actor.userId, variables: variables.map(toPublicVariable) };
          const version = await tx.repos.configHistory.appendConfigVersion(gameId, next, CONFIG_VERSIONS_KEPT);
          tx.audit(done.audit);
          tx.changed('game.config', gameId);
          return { result: done.result, version, variables };
        },
        { retryOnDeadlock: true },
      );
    },
  };
}

export type ConfigWriter = ReturnType<typeof createConfigWriter>;

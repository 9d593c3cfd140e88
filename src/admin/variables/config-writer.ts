import type { Knex } from 'knex';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { AppError } from '../../errors';
import type { AuditLog, AuditRecord } from '../audit/audit-service';
import { currentActor } from '../core/actor-scope';
import type { GamesService } from '../games/games-service';
import type { ModulesService } from '../modules/modules-service';
import { configDocumentBody, MAX_CONFIG_DOCUMENT_BYTES } from './config-document';
import { appendConfigVersion, type ConfigChange } from './config-history-repository';
import type { ConfigVersions } from './config-versions';
import { toPublicVariable } from './variable-view';
import { listVariables, type StoredVariable } from './variables-repository';

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
 * audit entry. Afterwards the config document's version in Redis moves, so every HTTP instance serves
 * the new document (and its new ETag) at once.
 */
export function createConfigWriter({ db, games, modules, versions, audit }: { db: Knex; games: GamesService; modules: ModulesService; versions: ConfigVersions; audit: AuditLog }) {
  function assertWithinLimits(variables: readonly StoredVariable[]): void {
    if (variables.length > MAX_VARIABLES_PER_GAME) throw new AppError('CONFLICT', `a game holds at most ${MAX_VARIABLES_PER_GAME} variables`);
    const bytes = Buffer.byteLength(configDocumentBody(variables));
    if (bytes > MAX_CONFIG_DOCUMENT_BYTES) {
      throw new AppError('CONFLICT', `the config document would be ${bytes} bytes; its limit is ${MAX_CONFIG_DOCUMENT_BYTES} bytes (1 MiB)`);
    }
  }

  return {
    /** SPEC §2.1's order for a game's variables: the game (404), then the module (403). */
    async assertScope(gameId: number): Promise<void> {
      await games.mustFind(gameId);
      await modules.assertEnabled(gameId, VARIABLES_MODULE);
    },

    async write<T>(gameId: number, work: (trx: Knex.Transaction) => Promise<ConfigWrite<T>>): Promise<{ result: T; version: number; variables: StoredVariable[] }> {
      const outcome = await retryOnDeadlock(() =>
        db.transaction(async (trx) => {
          await games.lockForChange(trx, gameId);
          const done = await work(trx);
          const variables = await listVariables(trx, gameId);
          assertWithinLimits(variables);
          const next = { change: done.change, key: done.key, createdBy: currentActor().userId, variables: variables.map(toPublicVariable) };
          const version = await appendConfigVersion(trx, gameId, next, CONFIG_VERSIONS_KEPT);
          await audit.record(trx, done.audit);
          return { result: done.result, version, variables };
        }),
      );
      await versions.bump(gameId);
      return outcome;
    },
  };
}

export type ConfigWriter = ReturnType<typeof createConfigWriter>;

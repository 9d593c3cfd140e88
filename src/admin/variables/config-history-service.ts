import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import type { Page } from '../../db/page';
import { AppError } from '../../errors';
import { integer, validateBody } from '../core/validation';
import { buildConfigDocument } from './config-document';
import type { ConfigVersionRow } from './config-history-repository';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { ConfigWriter } from './config-writer';
import type { ConfigVersionDetail, PublicConfigVersion, RollbackResult } from './config-history-replies';
import { definitionOf, type PublicVariable } from './variable-view';


const toPublic = (row: ConfigVersionRow): PublicConfigVersion => ({
  version: row.version,
  change: row.change,
  key: row.key,
  created_by: row.created_by,
  created_by_username: row.created_by_username,
  created_at: row.created_at.toISOString(),
});

export const rollbackSchema = bodySchema({ component: 'RollbackInput' }, yup.object({ version: integer().min(1, 'must be a positive integer').defined('is required') }));
export type RollbackInput = Partial<yup.InferType<typeof rollbackSchema>>;

const documentOf = (variables: readonly PublicVariable[]) => JSON.parse(buildConfigDocument(variables.map(definitionOf)).body) as Record<string, unknown>;
const same = (a: PublicVariable, b: PublicVariable) => JSON.stringify(definitionOf(a)) === JSON.stringify(definitionOf(b));

/** A game's config history (SPEC §2.4): its numbered versions, each one's document, and rollback to one. */
export function createConfigHistoryService({ store: { read }, writer }: { store: Store<'configHistory'>; writer: ConfigWriter }) {
  async function mustFind(gameId: number, version: number) {
    const found = await read.configHistory.findConfigVersion(gameId, version);
    if (!found) throw new AppError('NOT_FOUND', `version ${version} of game ${gameId}'s config not found`);
    return found;
  }

  return {
    async list(gameId: number, page: Page): Promise<PublicConfigVersion[]> {
      await writer.assertScope(gameId);
      return (await read.configHistory.listConfigVersions(gameId, page)).map(toPublic);
    },

    /** One version: the config document right after that change, and the variables' definitions then. */
    async get(gameId: number, version: number): Promise<ConfigVersionDetail> {
      await writer.assertScope(gameId);
      const found = await mustFind(gameId, version);
      return { ...toPublic(found), document: documentOf(found.variables), variables: found.variables };
    },

    /**
     * Makes the variables exactly what they were at `version` (keys, types, values; created and
     * deleted as needed) in one transaction, as a new version with change `rollback`.
     */
    async rollback(actor: Actor, gameId: number, body: RollbackInput): Promise<RollbackResult> {
      await writer.assertScope(gameId);
      const { version: target } = validateBody(rollbackSchema, body);
      const { variables: wanted } = await mustFind(gameId, target);
      const { version, variables } = await writer.write(actor, gameId, async ({ repos }) => {
        const current = new Map((await repos.variables.listVariables(gameId)).map((variable) => [variable.key, variable]));
        const wantedKeys = new Set(wanted.map((variable) => variable.key));
        await repos.variables.writeVariables(gameId, {
          deleted: [...current.values()].filter((variable) => !wantedKeys.has(variable.key)).map((variable) => variable.id),
          created: wanted.filter((variable) => !current.has(variable.key)).map(definitionOf),
          replaced: wanted.flatMap((variable) => {
            const existing = current.get(variable.key);
            return existing && !same(variable, { ...existing, created_at: '', updated_at: '' }) ? [{ id: existing.id, definition: definitionOf(variable) }] : [];
          }),
        });
        const changes = { rolled_back_to: [null, target] as [unknown, unknown], keys: [[...current.keys()], [...wantedKeys]] as [unknown, unknown] };
        return { result: undefined, change: 'rollback', key: null, audit: { action: 'config.rollback', targetId: gameId, gameId, changes } };
      });
      return { version, document: JSON.parse(buildConfigDocument(variables).body) as Record<string, unknown> };
    },
  };
}

export type ConfigHistoryService = ReturnType<typeof createConfigHistoryService>;

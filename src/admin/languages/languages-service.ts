import type { Knex } from 'knex';
import * as yup from 'yup';
import type { Page } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { AuditLog } from '../audit/audit-service';
import { namedFields, text, validateBody } from '../core/validation';
import { deleteLanguage, findLanguage, insertLanguage, languageInUseMessage, listLanguages, updateLanguage, type LanguageRow } from './languages-repository';
import type { PublicLanguage } from './languages-replies';


const code = () => text(2, 16).matches(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, 'must be a language tag such as en or pt-BR');
export const createLanguageSchema = yup.object({ code: code().defined('is required'), name: text(1, 255).defined('is required') });
export const updateLanguageSchema = yup.object({ code: code().optional(), name: text(1, 255).optional() });
export type CreateLanguageInput = Partial<yup.InferType<typeof createLanguageSchema>>;
export type UpdateLanguageInput = yup.InferType<typeof updateLanguageSchema>;

const toPublic = (row: LanguageRow): PublicLanguage => ({ id: row.id, code: row.code, name: row.name });

/** Languages of texts. Deleting one that a notification uses is refused (409). */
export function createLanguagesService(db: Knex, audit: AuditLog, languageInUse: (id: number) => Promise<boolean> = async () => false) {
  /** Inside a transaction `trx`, the row stays locked until it ends. */
  async function mustFind(id: number, trx?: Knex.Transaction): Promise<LanguageRow> {
    const row = await findLanguage(trx ?? db, id, trx !== undefined);
    if (!row) throw new AppError('NOT_FOUND', `language ${id} not found`);
    return row;
  }

  return {
    async list(page: Page): Promise<PublicLanguage[]> {
      return (await listLanguages(db, page)).map(toPublic);
    },
    async get(id: number): Promise<PublicLanguage> {
      return toPublic(await mustFind(id));
    },
    async create(body: CreateLanguageInput): Promise<PublicLanguage> {
      const input = validateBody(createLanguageSchema, body);
      const id = await db.transaction(async (trx) => {
        const languageId = await insertLanguage(trx, input);
        await audit.record(trx, { action: 'language.create', targetId: languageId, changes: createdFields(input) });
        return languageId;
      });
      return toPublic(await mustFind(id));
    },
    async update(id: number, body: UpdateLanguageInput): Promise<PublicLanguage> {
      await mustFind(id);
      const input = validateBody(updateLanguageSchema, body);
      const changes = namedFields(input);
      if (Object.keys(changes).length > 0) {
        await db.transaction(async (trx) => {
          const before = toPublic(await mustFind(id, trx));
          await updateLanguage(trx, id, changes);
          await audit.record(trx, { action: 'language.update', targetId: id, changes: changedFields(before, changes) });
        });
      }
      return toPublic(await mustFind(id));
    },
    async remove(id: number): Promise<void> {
      await mustFind(id);
      if (await languageInUse(id)) throw new AppError('CONFLICT', languageInUseMessage(id));
      await db.transaction(async (trx) => {
        const { id: _id, ...before } = toPublic(await mustFind(id, trx));
        await deleteLanguage(trx, id); // a 409 too when a notification took it up meanwhile
        await audit.record(trx, { action: 'language.delete', targetId: id, changes: deletedFields(before) });
      });
    },
  };
}

export type LanguagesService = ReturnType<typeof createLanguagesService>;

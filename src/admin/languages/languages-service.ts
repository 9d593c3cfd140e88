import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store, Work } from '../unit-of-work';
import { namedFields, text, validateBody } from '../core/validation';
import { languageInUseMessage, type LanguageRow } from './languages-repository';
import type { PublicLanguage } from './languages-replies';


const code = () => text(2, 16).matches(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, 'must be a language tag such as en or pt-BR');
export const createLanguageSchema = bodySchema({ component: 'LanguageCreateInput', graphql: 'LanguageInput' }, yup.object({ code: code().defined('is required'), name: text(1, 255).defined('is required') }));
export const updateLanguageSchema = bodySchema({ component: 'LanguageUpdateInput', graphql: 'LanguageInput' }, yup.object({ code: code().optional(), name: text(1, 255).optional() }));
export type CreateLanguageInput = Partial<yup.InferType<typeof createLanguageSchema>>;
export type UpdateLanguageInput = yup.InferType<typeof updateLanguageSchema>;

const toPublic = (row: LanguageRow): PublicLanguage => ({ id: row.id, code: row.code, name: row.name });

/** Languages of texts. Deleting one that a notification uses is refused (409). */
export function createLanguagesService(store: Store<'languages'>, languageInUse: (id: number) => Promise<boolean> = async () => false) {
  const { read } = store;
  const notFound = (id: number) => new AppError('NOT_FOUND', `language ${id} not found`);

  async function mustFind(id: number): Promise<LanguageRow> {
    const row = await read.languages.findLanguage(id);
    if (!row) throw notFound(id);
    return row;
  }

  /** Its row inside a write, locked until the write ends. */
  async function lockedRow(repos: Work<'languages'>['repos'], id: number): Promise<LanguageRow> {
    const row = await repos.languages.findLanguage(id, true);
    if (!row) throw notFound(id);
    return row;
  }

  return {
    list(): Listing<PublicLanguage> {
      return mapListing(read.languages.listLanguages(), (rows) => rows.map(toPublic));
    },
    async get(id: number): Promise<PublicLanguage> {
      return toPublic(await mustFind(id));
    },
    async create(actor: Actor, body: CreateLanguageInput): Promise<PublicLanguage> {
      const input = validateBody(createLanguageSchema, body);
      const id = await store.run(actor, async ({ repos, audit }) => {
        const languageId = await repos.languages.insertLanguage(input);
        audit({ action: 'language.create', targetId: languageId, changes: createdFields(input) });
        return languageId;
      });
      return toPublic(await mustFind(id));
    },
    async update(actor: Actor, id: number, body: UpdateLanguageInput): Promise<PublicLanguage> {
      await mustFind(id);
      const input = validateBody(updateLanguageSchema, body);
      const changes = namedFields(input);
      if (Object.keys(changes).length > 0) {
        await store.run(actor, async ({ repos, audit }) => {
          const before = toPublic(await lockedRow(repos, id));
          await repos.languages.updateLanguage(id, changes);
          audit({ action: 'language.update', targetId: id, changes: changedFields(before, changes) });
        });
      }
      return toPublic(await mustFind(id));
    },
    async remove(actor: Actor, id: number): Promise<void> {
      await mustFind(id);
      if (await languageInUse(id)) throw new AppError('CONFLICT', languageInUseMessage(id));
      await store.run(actor, async ({ repos, audit }) => {
        const { id: _id, ...before } = toPublic(await lockedRow(repos, id));
        await repos.languages.deleteLanguage(id); // a 409 too when a notification took it up meanwhile
        audit({ action: 'language.delete', targetId: id, changes: deletedFields(before) });
      });
    },
  };
}

export type LanguagesService = ReturnType<typeof createLanguagesService>;

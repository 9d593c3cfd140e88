import type { Knex } from 'knex';
import { lockedIf } from '../../db/row-lock';
import { listingOf, type Listing } from '../../db/page';
import { conflictOnDuplicate, conflictOnReferenced } from '../../db/mysql-errors';

export const LANGUAGES = 'languages';

export interface LanguageRow {
  id: number;
  code: string;
  name: string;
}

export function listLanguages(db: Knex): Listing<LanguageRow> {
  return listingOf(db<LanguageRow>(LANGUAGES).select('id', 'code', 'name').orderBy('id'));
}

/** Which of `ids` name a language. */
export async function existingLanguageIds(db: Knex, ids: readonly number[]): Promise<Set<number>> {
  return new Set<number>(await db(LANGUAGES).whereIn('id', ids).pluck('id'));
}

export function findLanguage(db: Knex, id: number, forUpdate = false): Promise<LanguageRow | undefined> {
  return lockedIf(db<LanguageRow>(LANGUAGES).where({ id }), forUpdate).first('id', 'code', 'name');
}

const codeTaken = (code: string | undefined) => () => `a language with code "${code}" already exists`;

export async function insertLanguage(db: Knex, fields: Pick<LanguageRow, 'code' | 'name'>): Promise<number> {
  const [id] = await conflictOnDuplicate(db(LANGUAGES).insert(fields), codeTaken(fields.code), 'code');
  return id as number;
}

export async function updateLanguage(db: Knex, id: number, fields: Partial<Pick<LanguageRow, 'code' | 'name'>>): Promise<void> {
  await conflictOnDuplicate(db(LANGUAGES).where({ id }).update({ ...fields, updated_at: db.fn.now(3) }), codeTaken(fields.code), 'code');
}

/** The message of a language a notification uses: the service checks first, this catches one taken up meanwhile. */
export const languageInUseMessage = (id: number) => `language ${id} is used by a notification`;

export async function deleteLanguage(db: Knex, id: number): Promise<void> {
  await conflictOnReferenced(db(LANGUAGES).where({ id }).delete(), () => languageInUseMessage(id));
}

import type { Knex } from 'knex';

/** Rows every installation starts with (SPEC §2.3). Inserted when missing; edits by admins are kept. */
export const SEED_MODULES = [
  { key: 'variables', name: 'Variables' },
  { key: 'notification', name: 'Notifications' },
  { key: 'leaderboard', name: 'Leaderboards' },
] as const;

export const SEED_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
] as const;

export async function runSeeds(db: Knex): Promise<void> {
  await db('modules').insert(SEED_MODULES.map((row) => ({ ...row }))).onConflict('key').ignore();
  await db('languages').insert(SEED_LANGUAGES.map((row) => ({ ...row }))).onConflict('code').ignore();
}

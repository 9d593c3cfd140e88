import type { Knex } from 'knex';

/**
 * Dates users choose (an API key's expiry, an override's window) are DATETIME(3) in UTC: a TIMESTAMP
 * stops at 2038-01-19, and a key meant to last until 2040 must be storable (issue 47, review item
 * 14). The inputs are held to DATETIME's years, 1000 to 9999 (src/admin/core/validation.ts). The
 * conversion keeps each instant: it runs in UTC, as the application writes.
 */
const COLUMNS: ReadonlyArray<[table: string, column: string, nullable: boolean]> = [
  ['api_keys', 'expires_at', true],
  ['config_overrides', 'starts_at', false],
  ['config_overrides', 'ends_at', false],
];

async function retype(knex: Knex, type: 'DATETIME(3)' | 'TIMESTAMP(3)'): Promise<void> {
  await knex.raw("SET time_zone = '+00:00'");
  for (const [table, column, nullable] of COLUMNS) {
    await knex.raw(`ALTER TABLE ?? MODIFY ?? ${type} ${nullable ? 'NULL' : 'NOT NULL'}`, [table, column]);
  }
}

export async function up(knex: Knex): Promise<void> {
  await retype(knex, 'DATETIME(3)');
}

export async function down(knex: Knex): Promise<void> {
  await retype(knex, 'TIMESTAMP(3)');
}

import type { Knex } from 'knex';

/**
 * Config versions store their variables deflated (`variables_packed`): each version holds the whole
 * set, up to a 1 MiB document, and a game keeps its last 300. Versions stored before stay readable in
 * `variables`, which new versions leave NULL.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('config_versions', (table) => {
    table.text('variables', 'longtext').nullable().alter();
    table.binary('variables_packed').nullable();
  });
  // knex's binary() is a BLOB (64 KiB) on MySQL: a version may need more.
  await knex.raw('ALTER TABLE config_versions MODIFY variables_packed LONGBLOB NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('config_versions', (table) => table.dropColumn('variables_packed'));
}

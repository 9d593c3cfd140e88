import type { Knex } from 'knex';

/**
 * A game's config history (SPEC §2.4): every change of its variables is a numbered version holding the
 * full definitions right after it (the document is built from them), so reading or rolling back to a
 * version is one row. The service keeps the last CONFIG_VERSIONS_KEPT of each game.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('config_versions', (table) => {
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.integer('version').unsigned().notNullable();
    table.enu('change', ['create', 'update', 'delete', 'rollback']).notNullable();
    table.string('key', 128).nullable();
    table.integer('created_by').unsigned().nullable();
    table.text('variables', 'longtext').notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.primary(['game_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('config_versions');
}

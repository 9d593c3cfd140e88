import type { Knex } from 'knex';

// The catalog the whole backend refers to: modules a game can connect and the languages of texts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('modules', (table) => {
    table.increments('id').primary();
    table.string('key', 64).notNullable().unique();
    table.string('name', 255).notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });
  await knex.schema.createTable('languages', (table) => {
    table.increments('id').primary();
    table.string('code', 16).notNullable().unique();
    table.string('name', 255).notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('languages');
  await knex.schema.dropTable('modules');
}

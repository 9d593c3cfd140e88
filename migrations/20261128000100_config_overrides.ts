import type { Knex } from 'knex';

/**
 * Timed config overrides (SPEC §2.12): values of a game's variables that the config document serves
 * instead of the base ones while `starts_at ≤ now < ends_at`. `variables` holds each overridden
 * variable's whole definition (key, type and value), so the document can tell an override that no
 * longer fits its variable (deleted, or retyped since) and skip it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('config_overrides', (table) => {
    table.increments('id').primary();
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.string('name', 64).notNullable();
    table.timestamp('starts_at', { precision: 3 }).notNullable();
    table.timestamp('ends_at', { precision: 3 }).notNullable();
    table.specificType('variables', 'LONGTEXT').notNullable();
    table.integer('created_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.timestamp('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['game_id', 'ends_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('config_overrides');
}

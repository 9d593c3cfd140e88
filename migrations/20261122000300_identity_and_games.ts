import type { Knex } from 'knex';

// Identity (users, invites), games with their module links, and user-game connections.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.increments('id').primary();
    table.string('email', 254).notNullable().unique();
    table.string('username', 32).notNullable().unique();
    table.string('password_hash', 255).notNullable();
    table.enu('role', ['user', 'moderator', 'admin']).notNullable().defaultTo('user');
    table.boolean('is_active').notNullable().defaultTo(true);
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });

  await knex.schema.createTable('invites', (table) => {
    table.increments('id').primary();
    table.string('code', 64).notNullable().unique();
    table.enu('role', ['user', 'moderator', 'admin']).notNullable();
    table.integer('max_uses').unsigned().notNullable();
    table.integer('uses').unsigned().notNullable().defaultTo(0);
    table.datetime('expires_at', { precision: 3 }).nullable();
    table.integer('created_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });

  await knex.schema.createTable('games', (table) => {
    table.increments('id').primary();
    table.string('name', 255).notNullable();
    table.string('slug', 255).notNullable().unique();
    table.text('description').notNullable();
    table.string('image_url', 2048).notNullable().defaultTo('');
    table.boolean('is_active').notNullable().defaultTo(true);
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });

  await knex.schema.createTable('game_modules', (table) => {
    table.increments('id').primary();
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.integer('module_id').unsigned().notNullable().references('id').inTable('modules').onDelete('CASCADE');
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['game_id', 'module_id']);
  });

  await knex.schema.createTable('user_games', (table) => {
    table.increments('id').primary();
    table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['user_id', 'game_id']);
    table.index(['game_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_games', 'game_modules', 'games', 'invites', 'users']) await knex.schema.dropTable(table);
}

import type { Knex } from 'knex';
import { exactCollation } from '../src/db/exact-collation';

/**
 * The three game modules (SPEC §2.4–2.6): variables, notifications and leaderboards. Everything hangs
 * off its game (ON DELETE CASCADE), so deleting a game removes its module data; the money ledger has
 * no foreign key to games and stays. Keys are ids: compared byte for byte (binary NO PAD collation).
 */
export async function up(knex: Knex): Promise<void> {
  const exact = await exactCollation(knex);
  await knex.schema.createTable('variables', (table) => {
    table.increments('id').primary();
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.string('key', 128).notNullable().collate(exact);
    table.enu('type', ['number', 'string', 'table', 'vector']).notNullable();
    table.double('number_value').nullable();
    table.text('string_value', 'mediumtext').nullable();
    table.enu('table_value_type', ['number', 'string']).nullable();
    // Table and vector items as JSON: [{key|index, number_value|string_value}], in reply order.
    table.text('items', 'longtext').nullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['game_id', 'key']);
  });

  await knex.schema.createTable('notifications', (table) => {
    table.increments('id').primary();
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    // The shared custom variable keys, and the entries, as JSON in the order given.
    table.text('variables', 'mediumtext').notNullable();
    table.text('entries', 'longtext').notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['game_id']);
  });
  // A row per description, so a language in use is one indexed lookup (and cannot be deleted).
  await knex.schema.createTable('notification_descriptions', (table) => {
    table.integer('notification_id').unsigned().notNullable().references('id').inTable('notifications').onDelete('CASCADE');
    table.integer('position').unsigned().notNullable();
    table.integer('language_id').unsigned().notNullable().references('id').inTable('languages').onDelete('RESTRICT');
    table.text('description').notNullable();
    table.primary(['notification_id', 'position']);
    table.index(['language_id']);
  });

  await knex.schema.createTable('leaderboards', (table) => {
    table.increments('id').primary();
    table.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    table.string('key', 64).notNullable().collate(exact);
    table.string('name', 255).notNullable();
    table.enu('sort_order', ['asc', 'desc']).notNullable();
    table.enu('period_type', ['all_time', 'daily', 'weekly', 'monthly']).notNullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['game_id', 'key']);
  });
  await knex.schema.createTable('leaderboard_groups', (table) => {
    table.increments('id').primary();
    table.integer('leaderboard_id').unsigned().notNullable().references('id').inTable('leaderboards').onDelete('CASCADE');
    table.string('key', 64).notNullable().collate(exact);
    table.string('name', 255).notNullable();
    table.boolean('is_default').notNullable().defaultTo(false);
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['leaderboard_id', 'key']);
  });
  await knex.schema.createTable('leaderboard_group_members', (table) => {
    table.integer('group_id').unsigned().notNullable().references('id').inTable('leaderboard_groups').onDelete('CASCADE');
    table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.primary(['group_id', 'user_id']);
  });
  await knex.schema.createTable('leaderboard_scores', (table) => {
    table.integer('leaderboard_id').unsigned().notNullable().references('id').inTable('leaderboards').onDelete('CASCADE');
    table.datetime('period_start', { precision: 3 }).notNullable();
    table.integer('user_game_id').unsigned().notNullable().references('id').inTable('user_games').onDelete('CASCADE');
    table.double('score').notNullable();
    // The score as the ranking orders it: score for asc leaderboards, -score for desc, so one
    // ascending index serves both (ties: the earlier save, then the lower user_game_id).
    table.double('rank_score').notNullable();
    table.datetime('updated_at', { precision: 3 }).notNullable();
    table.primary(['leaderboard_id', 'period_start', 'user_game_id']);
    table.index(['leaderboard_id', 'period_start', 'rank_score', 'updated_at', 'user_game_id'], 'leaderboard_scores_ranking');
    table.index(['user_game_id']);
  });
  // The scores of each group's members, kept in step with leaderboard_scores (same transaction), so a
  // group's ranking is a short range scan too instead of a sort of all its members' scores.
  await knex.schema.createTable('leaderboard_group_scores', (table) => {
    table.integer('group_id').unsigned().notNullable().references('id').inTable('leaderboard_groups').onDelete('CASCADE');
    table.datetime('period_start', { precision: 3 }).notNullable();
    table.integer('user_game_id').unsigned().notNullable().references('id').inTable('user_games').onDelete('CASCADE');
    table.double('score').notNullable();
    table.double('rank_score').notNullable();
    table.datetime('updated_at', { precision: 3 }).notNullable();
    table.primary(['group_id', 'period_start', 'user_game_id']);
    table.index(['group_id', 'period_start', 'rank_score', 'updated_at', 'user_game_id'], 'leaderboard_group_scores_ranking');
    table.index(['user_game_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'leaderboard_group_scores', 'leaderboard_scores', 'leaderboard_group_members', 'leaderboard_groups', 'leaderboards',
    'notification_descriptions', 'notifications', 'variables',
  ]) {
    await knex.schema.dropTable(table);
  }
}

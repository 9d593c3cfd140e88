import type { Knex } from 'knex';
import { ISO_CURRENCIES } from '../src/wallet/iso-currencies';

/**
 * Wallet controls (SPEC §1.11): the currencies money may move in, freezes of users and user-games, and
 * the limits per wallet. The engine's Redis holds what the Reserve script reads and counts; these rows
 * hold what admins set (a wallet's limits as they stood after the last change, a loosening pending
 * with its time), for the console and for `restore`, which rebuilds Redis from them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('currencies', (table) => {
    table.string('code', 3).primary();
    table.tinyint('exponent').unsigned().notNullable();
    table.boolean('enabled').notNullable().defaultTo(true);
    table.timestamp('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.timestamp('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });
  await knex('currencies').insert(ISO_CURRENCIES.map(({ code, exponent }) => ({ code, exponent })));
  for (const name of ['users', 'user_games']) {
    await knex.schema.alterTable(name, (table) => {
      table.string('frozen_reason', 255).nullable();
      table.timestamp('frozen_at', { precision: 3 }).nullable();
    });
  }
  await knex.schema.createTable('wallet_limits', (table) => {
    table.integer('user_game_id').unsigned().notNullable().references('id').inTable('user_games').onDelete('CASCADE');
    table.string('currency', 3).notNullable();
    table.bigInteger('max_bet').nullable();
    table.bigInteger('loss_limit').nullable();
    table.string('loss_period', 5).nullable();
    table.bigInteger('pending_max_bet').nullable();
    table.bigInteger('pending_loss_limit').nullable();
    table.string('pending_loss_period', 5).nullable();
    table.timestamp('pending_at', { precision: 3 }).nullable();
    table.timestamp('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.primary(['user_game_id', 'currency']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wallet_limits');
  for (const name of ['users', 'user_games']) {
    await knex.schema.alterTable(name, (table) => table.dropColumns('frozen_reason', 'frozen_at'));
  }
  await knex.schema.dropTable('currencies');
}

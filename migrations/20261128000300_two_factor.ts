import type { Knex } from 'knex';

/**
 * Two-factor sign-in (SPEC §2.12): a user's TOTP secret (base32; set at setup, in force once
 * `totp_enabled_at` is set by a confirmed code), the last time step a code was accepted at (a code is
 * accepted once), and ten single-use recovery codes kept as SHA-256 hashes (each is 80 random bits).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('totp_secret', 64).nullable();
    table.timestamp('totp_enabled_at', { precision: 3 }).nullable();
    table.bigInteger('totp_last_step').nullable();
  });
  await knex.schema.createTable('recovery_codes', (table) => {
    table.increments('id').primary();
    table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('code_hash', 64).notNullable();
    table.timestamp('used_at', { precision: 3 }).nullable();
    table.unique(['user_id', 'code_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('totp_secret');
    table.dropColumn('totp_enabled_at');
    table.dropColumn('totp_last_step');
  });
}

import type { Knex } from 'knex';

/**
 * SPEC §2.14: an admin's closing move takes a wallet's available balance out before a player's data
 * is erased. The ledger gains the kind `close` (appended to the enum: no row is rewritten), and the
 * report rollups count closes and sum what they took (zero for the rows already there, as the ledger
 * holds no close yet).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE ledger_entries MODIFY kind ENUM('topup', 'reserve', 'confirm', 'cancel', 'expire', 'close') NOT NULL`);
  await knex.raw(`ALTER TABLE report_rollups
    ADD COLUMN closes_count BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN closes_amount DECIMAL(30, 0) NOT NULL DEFAULT 0`);
}

export async function down(knex: Knex): Promise<void> {
  const closes = await knex('ledger_entries').where({ kind: 'close' }).first('id');
  if (closes) throw new Error('the ledger holds close moves: the kind cannot be removed without losing them');
  await knex.raw(`ALTER TABLE ledger_entries MODIFY kind ENUM('topup', 'reserve', 'confirm', 'cancel', 'expire') NOT NULL`);
  await knex.raw('ALTER TABLE report_rollups DROP COLUMN closes_amount, DROP COLUMN closes_count');
}

import type { Knex } from 'knex';

/**
 * WatchLedger's sequence (SPEC §1.11), in commit order: each sync transaction takes its rows'
 * sequence numbers from one counter row as its last write, and holds that row until it commits, so
 * a later sequence never commits before an earlier one, and every sequence up to the counter's
 * committed value is final (the ledger stream reads up to it, with no gap to wait for). The rows
 * already there keep their id as their sequence; the counter starts after them. Indexes serve the
 * stream's catch-up by game and by user.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_entries', (table) => {
    table.bigInteger('seq').unsigned().nullable();
  });
  await knex.raw('UPDATE ledger_entries SET seq = id');
  await knex.schema.alterTable('ledger_entries', (table) => {
    table.unique(['seq'], { indexName: 'ledger_sequence' });
    table.index(['game_id', 'seq'], 'ledger_game_sequence');
    table.index(['user_id', 'seq'], 'ledger_user_sequence');
  });
  await knex.schema.createTable('ledger_sequence', (table) => {
    table.tinyint('id').unsigned().primary();
    table.bigInteger('last').unsigned().notNullable();
  });
  await knex.raw('INSERT INTO ledger_sequence (id, last) SELECT 1, COALESCE(MAX(id), 0) FROM ledger_entries');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_sequence');
  await knex.schema.alterTable('ledger_entries', (table) => {
    table.dropIndex(['user_id', 'seq'], 'ledger_user_sequence');
    table.dropIndex(['game_id', 'seq'], 'ledger_game_sequence');
    table.dropUnique(['seq'], 'ledger_sequence');
    table.dropColumn('seq');
  });
}

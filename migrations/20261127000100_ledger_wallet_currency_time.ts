import type { Knex } from 'knex';

/**
 * A wallet's moves per currency in time order: the balances at an instant (SPEC §1.11) read the last
 * move of each currency at or before it, in a few index lookups however many moves the wallet holds
 * (the index ends in outbox order, so moves of one millisecond come in the order they were made).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_entries', (table) => {
    table.index(['user_id', 'game_id', 'currency', 'created_at', 'stream_ms', 'stream_seq'], 'ledger_wallet_currency_time');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_entries', (table) => table.dropIndex(['user_id', 'game_id', 'currency', 'created_at', 'stream_ms', 'stream_seq'], 'ledger_wallet_currency_time'));
}

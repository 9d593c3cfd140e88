import type { Knex } from 'knex';

// The durable record of the engine (SPEC §1.7): every transaction, and one ledger row per balance move.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('transactions', (table) => {
    table.string('transaction_id', 128).primary();
    table.string('user_id', 128).notNullable();
    table.string('game_id', 128).notNullable();
    table.string('currency', 3).notNullable();
    table.string('round_id', 128).notNullable();
    table.bigInteger('amount').notNullable();
    table.bigInteger('win_amount').notNullable().defaultTo(0);
    table.enu('status', ['reserved', 'confirmed', 'canceled']).notNullable();
    table.string('reason', 256).nullable();
    table.string('reserve_request_id', 128).nullable();
    table.datetime('created_at', { precision: 3 }).notNullable();
    table.datetime('settled_at', { precision: 3 }).nullable();
    table.index(['user_id', 'game_id', 'currency'], 'transactions_wallet');
  });

  await knex.schema.createTable('ledger_entries', (table) => {
    table.bigIncrements('id').primary();
    // `<partition>-<outbox stream id>`: unique, so a re-delivered batch inserts nothing twice.
    table.string('event_id', 40).notNullable().unique();
    // The outbox stream id's parts: per wallet (one partition, one stream) they order the moves exactly.
    table.bigInteger('stream_ms').notNullable();
    table.integer('stream_seq').unsigned().notNullable();
    table.enu('kind', ['topup', 'reserve', 'confirm', 'cancel', 'expire']).notNullable();
    table.string('user_id', 128).notNullable();
    table.string('game_id', 128).notNullable();
    table.string('currency', 3).notNullable();
    table.bigInteger('amount').notNullable();
    table.bigInteger('win_amount').notNullable().defaultTo(0);
    table.bigInteger('available_balance').notNullable();
    table.bigInteger('reserved_balance').notNullable();
    table.string('transaction_id', 128).nullable();
    table.string('round_id', 128).nullable();
    table.string('request_id', 128).nullable();
    table.bigInteger('topup_id').nullable();
    table.string('comment', 256).nullable();
    table.datetime('created_at', { precision: 3 }).notNullable();
    table.index(['user_id', 'game_id', 'stream_ms', 'stream_seq'], 'ledger_wallet_newest');
    table.index(['transaction_id', 'kind'], 'ledger_transaction');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_entries');
  await knex.schema.dropTable('transactions');
}

import type { Knex } from 'knex';

/**
 * A user-game's history filtered by kind, by round or by time (SPEC §1.11) reads only the moves that
 * match (issue 47, review item 11): kind and round in the history's order (newest first, outbox order),
 * and the time range for `since`/`until`. Without them a filter that matches little walked every move
 * of the wallet.
 */
const INDEXES: ReadonlyArray<[name: string, columns: string[]]> = [
  ['ledger_wallet_kind', ['user_id', 'game_id', 'kind', 'stream_ms', 'stream_seq']],
  ['ledger_wallet_round', ['user_id', 'game_id', 'round_id', 'stream_ms', 'stream_seq']],
  ['ledger_wallet_time', ['user_id', 'game_id', 'created_at']],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_entries', (table) => {
    for (const [name, columns] of INDEXES) table.index(columns, name);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_entries', (table) => {
    for (const [name, columns] of INDEXES) table.dropIndex(columns, name);
  });
}

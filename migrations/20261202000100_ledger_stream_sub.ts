import type { Knex } from 'knex';
import { exactCollation } from '../src/db/exact-collation';

/**
 * Issue 50: a call writes one outbox entry per partition it touched, its moves in order inside it, so
 * a ledger row's place in its wallet's order is its entry's id and then its place in the entry
 * (`stream_sub`, 0 for the first; the rows already there were each alone in their entry). Its
 * event_id gains `/<sub>` after the first (`<pp>-<ms>-<seq>/<sub>`), so the column widens; the indexes
 * that serve the wallet's order end with the new column.
 */
const ORDERED_INDEXES: ReadonlyArray<[name: string, columns: string[]]> = [
  ['ledger_wallet_newest', ['user_id', 'game_id', 'stream_ms', 'stream_seq']],
  ['ledger_wallet_currency_time', ['user_id', 'game_id', 'currency', 'created_at', 'stream_ms', 'stream_seq']],
  ['ledger_wallet_kind', ['user_id', 'game_id', 'kind', 'stream_ms', 'stream_seq']],
  ['ledger_wallet_round', ['user_id', 'game_id', 'round_id', 'stream_ms', 'stream_seq']],
];

export async function up(knex: Knex): Promise<void> {
  const collation = await exactCollation(knex);
  const indexes = ORDERED_INDEXES.map(([name, columns]) => `DROP INDEX ${name}, ADD INDEX ${name} (${[...columns, 'stream_sub'].join(', ')})`);
  await knex.raw(`ALTER TABLE ledger_entries
    ADD COLUMN stream_sub SMALLINT UNSIGNED NOT NULL DEFAULT 0 AFTER stream_seq,
    MODIFY event_id VARCHAR(48) CHARACTER SET utf8mb4 COLLATE ${collation} NOT NULL,
    ${indexes.join(',\n    ')}`);
}

export async function down(knex: Knex): Promise<void> {
  const collation = await exactCollation(knex);
  const indexes = ORDERED_INDEXES.map(([name, columns]) => `DROP INDEX ${name}, ADD INDEX ${name} (${columns.join(', ')})`);
  await knex.raw(`ALTER TABLE ledger_entries
    ${indexes.join(',\n    ')},
    MODIFY event_id VARCHAR(40) CHARACTER SET utf8mb4 COLLATE ${collation} NOT NULL,
    DROP COLUMN stream_sub`);
}

import type { Knex } from 'knex';
import { exactCollation } from '../src/db/exact-collation';

/**
 * SPEC §1.2: ids compare byte for byte, as in Redis. MySQL's default collations fold case, accents and
 * trailing spaces (`bob`, `BOB`, `bob `, `böb` would be one user), and even `utf8mb4_bin` pads trailing
 * spaces, so every column that holds an id, a code, a currency or a (canonical) email gets a binary
 * NO PAD collation: `utf8mb4_0900_bin` on MySQL 8, `utf8mb4_nopad_bin` on MariaDB.
 *
 * Also: emails are stored in their canonical form (trimmed, lower-cased), and the ledger keeps the
 * round_id a Confirm gave (possibly empty), so a replay from MySQL compares the same fingerprint as the
 * confirm script.
 */
const EXACT_COLUMNS: Record<string, Array<[column: string, type: string, nullable: boolean]>> = {
  transactions: [
    ['transaction_id', 'VARCHAR(128)', false],
    ['user_id', 'VARCHAR(128)', false],
    ['game_id', 'VARCHAR(128)', false],
    ['currency', 'VARCHAR(3)', false],
    ['round_id', 'VARCHAR(128)', false],
    ['reserve_request_id', 'VARCHAR(128)', true],
  ],
  ledger_entries: [
    ['event_id', 'VARCHAR(40)', false],
    ['user_id', 'VARCHAR(128)', false],
    ['game_id', 'VARCHAR(128)', false],
    ['currency', 'VARCHAR(3)', false],
    ['transaction_id', 'VARCHAR(128)', true],
    ['round_id', 'VARCHAR(128)', true],
    ['request_id', 'VARCHAR(128)', true],
  ],
  users: [['email', 'VARCHAR(254)', false]],
  invites: [['code', 'VARCHAR(64)', false]],
  modules: [['key', 'VARCHAR(64)', false]],
};

export async function up(knex: Knex): Promise<void> {
  const collation = await exactCollation(knex);
  await knex.raw('UPDATE ?? SET email = LOWER(TRIM(email))', ['users']);
  await alterColumns(knex, collation);
  await knex.raw(`ALTER TABLE ledger_entries ADD COLUMN request_round_id VARCHAR(128) CHARACTER SET utf8mb4 COLLATE ${collation} NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_entries', (table) => table.dropColumn('request_round_id'));
  await alterColumns(knex, 'utf8mb4_unicode_ci');
}

async function alterColumns(knex: Knex, collation: string): Promise<void> {
  for (const [table, columns] of Object.entries(EXACT_COLUMNS)) {
    const changes = columns.map(
      ([column, type, nullable]) => `MODIFY ${knex.raw('??', [column]).toQuery()} ${type} CHARACTER SET utf8mb4 COLLATE ${collation} ${nullable ? 'NULL' : 'NOT NULL'}`,
    );
    await knex.raw(`ALTER TABLE ${knex.raw('??', [table]).toQuery()} ${changes.join(', ')}`);
  }
}

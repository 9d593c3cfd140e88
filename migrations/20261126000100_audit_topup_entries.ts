import type { Knex } from 'knex';
import { exactCollation } from '../src/db/exact-collation';

/**
 * A top-up's audit entry (SPEC §2.11) is written by whoever gets there first, the management API or
 * the operator command right after the credit, or the sync with the top-up's ledger row: `dedupe_key`
 * (`topup:<topup_id>`) makes the second write a no-op. `target_id` holds any wallet's ids: a wallet the
 * management API does not know is named `<user_id>:<game_id>`, each id up to 128 bytes.
 */
export async function up(knex: Knex): Promise<void> {
  const exact = await exactCollation(knex);
  await knex.schema.alterTable('audit_log', (table) => {
    table.string('target_id', 300).nullable().collate(exact).alter();
    table.string('dedupe_key', 64).nullable().collate(exact);
    table.unique(['dedupe_key'], { indexName: 'audit_log_dedupe' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (table) => {
    table.dropUnique(['dedupe_key'], 'audit_log_dedupe');
    table.dropColumn('dedupe_key');
  });
}

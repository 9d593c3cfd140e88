import type { Knex } from 'knex';
import { exactCollation } from '../src/db/exact-collation';

/**
 * A top-up's audit entry (SPEC §2.11) is written by whoever gets there first, the management API or
 * the operator command right after the credit, or the sync with the top-up's ledger row: `dedupe_key`
 * (`topup:<topup_id>`) makes the second write a no-op. `target_id` holds any wallet's ids: a wallet the
 * management API does not know is named `<user_id>:<game_id>`, each id up to 128 bytes.
 *
 * Filters that come together (a game's entries of one kind or action, a user's in one game) read along
 * an index of their own, newest first, instead of one filter's index and a scan for the other.
 */
export async function up(knex: Knex): Promise<void> {
  const exact = await exactCollation(knex);
  await knex.schema.alterTable('audit_log', (table) => {
    table.string('target_id', 300).nullable().collate(exact).alter();
    table.string('dedupe_key', 64).nullable().collate(exact);
    table.unique(['dedupe_key'], { indexName: 'audit_log_dedupe' });
    table.index(['game_id', 'target_type', 'id'], 'audit_log_game_target');
    table.index(['game_id', 'action', 'id'], 'audit_log_game_action');
    table.index(['actor_user_id', 'game_id', 'id'], 'audit_log_actor_game');
    table.index(['target_type', 'action', 'id'], 'audit_log_target_action');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (table) => {
    for (const index of ['audit_log_game_target', 'audit_log_game_action', 'audit_log_actor_game', 'audit_log_target_action']) table.dropIndex([], index);
    table.dropUnique(['dedupe_key'], 'audit_log_dedupe');
    table.dropColumn('dedupe_key');
  });
}

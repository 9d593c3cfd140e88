import type { Knex } from 'knex';

/**
 * SPEC §2.14: an erased user keeps their row (the ledger, transactions and audit entries name its id)
 * under a pseudonym; `erased_at` says when it was erased, and makes a repeated erase answer the same.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.datetime('erased_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('erased_at');
  });
}

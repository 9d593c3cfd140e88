import type { Knex } from 'knex';

/**
 * The active admins are locked in id order by every change that could take the last one away (a role
 * or active-flag change, an erase: src/admin/users/users-repository.ts lockActiveAdminIds). Without an
 * index that read scanned, and locked, every user's row, so it held up every write that takes a
 * user's row lock (top-ups, score saves, second-factor changes: SPEC §2.14) for as long. With
 * (role, is_active) it reads and locks the admins only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => table.index(['role', 'is_active'], 'users_role_active'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => table.dropIndex(['role', 'is_active'], 'users_role_active'));
}

import type { Knex } from 'knex';

/**
 * Scoped moderators (SPEC §2.12): the games a moderator may act on as staff, as a JSON array of game
 * ids; NULL means every game. It rides on the user's row, so the request's user (read on every
 * request, cached and invalidated on change) carries it with no read of its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.json('game_scope').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('game_scope');
  });
}

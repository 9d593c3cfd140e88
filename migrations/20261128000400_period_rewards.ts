import type { Knex } from 'knex';

/**
 * Period rewards (SPEC §2.12): a leaderboard's reward table (JSON `[{rank_from, rank_to, amount,
 * currency}]`), and what the worker pays when a period closes: one row per (board, period, user-game),
 * made before the top-up (its id is the top-up's idempotency key) and marked paid with the top-up's
 * id; and one row per (board, period) saying its payouts were planned and when they were all paid.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leaderboards', (table) => {
    table.json('rewards').nullable();
    // When the board last went from no rewards to some: periods that ended before then are not paid.
    table.timestamp('rewards_since', { precision: 3 }).nullable();
  });
  await knex.schema.createTable('leaderboard_payout_periods', (table) => {
    table.integer('leaderboard_id').unsigned().notNullable().references('id').inTable('leaderboards').onDelete('CASCADE');
    table.timestamp('period_start', { precision: 3 }).notNullable();
    table.timestamp('planned_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.timestamp('paid_at', { precision: 3 }).nullable();
    table.primary(['leaderboard_id', 'period_start']);
  });
  await knex.schema.createTable('leaderboard_payouts', (table) => {
    table.bigIncrements('id').primary();
    table.integer('leaderboard_id').unsigned().notNullable().references('id').inTable('leaderboards').onDelete('CASCADE');
    table.timestamp('period_start', { precision: 3 }).notNullable();
    table.integer('user_game_id').unsigned().notNullable();
    table.integer('user_id').unsigned().notNullable();
    table.integer('rank').unsigned().notNullable();
    table.bigInteger('amount').notNullable();
    table.specificType('currency', 'CHAR(3) CHARACTER SET ascii COLLATE ascii_bin').notNullable();
    table.string('topup_id', 64).nullable();
    table.timestamp('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.timestamp('paid_at', { precision: 3 }).nullable();
    table.unique(['leaderboard_id', 'period_start', 'user_game_id'], { indexName: 'leaderboard_payouts_once' });
    table.index(['leaderboard_id', 'period_start', 'rank'], 'leaderboard_payouts_by_rank');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leaderboard_payouts');
  await knex.schema.dropTable('leaderboard_payout_periods');
  await knex.schema.alterTable('leaderboards', (table) => {
    table.dropColumn('rewards');
    table.dropColumn('rewards_since');
  });
}

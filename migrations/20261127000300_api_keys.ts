import type { Knex } from 'knex';

/**
 * Server API keys (SPEC §2.12): game servers' credentials for the gRPC service, made and revoked by
 * admins. Only a SHA-256 of the secret is kept (the secret is 256 random bits: a slow hash adds nothing
 * but cost on the hot path); `game_ids` null means every game.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (table) => {
    table.increments('id').primary();
    table.string('name', 255).notNullable();
    table.string('secret_hash', 64).notNullable().unique();
    table.json('game_ids').nullable();
    table.integer('created_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.timestamp('expires_at', { precision: 3 }).nullable();
    table.timestamp('last_used_at', { precision: 3 }).nullable();
    table.timestamp('revoked_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
}

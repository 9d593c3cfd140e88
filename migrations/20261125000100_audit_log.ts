import type { Knex } from 'knex';
import { exactCollation } from '../src/db/exact-collation';

/**
 * The audit log (SPEC §2.11): one row per successful write of the management API or an operator
 * command, written in the transaction of the write it records. No foreign keys: an entry outlives the
 * game, user or leaderboard it names. Triggers refuse UPDATE and DELETE, so no interface (nor a bug in
 * one) can change or remove an entry; only dropping the table can.
 */
export async function up(knex: Knex): Promise<void> {
  const exact = await exactCollation(knex);
  await knex.schema.createTable('audit_log', (table) => {
    table.bigIncrements('id').primary();
    table.string('action', 64).notNullable().collate(exact);
    table.integer('actor_user_id').unsigned().nullable();
    table.string('actor_role', 16).nullable().collate(exact);
    table.string('target_type', 32).notNullable().collate(exact);
    table.string('target_id', 64).nullable().collate(exact);
    table.integer('game_id').unsigned().nullable();
    table.string('request_id', 128).nullable().collate(exact);
    table.string('ip', 64).nullable();
    // {field: [before, after]} as JSON.
    table.text('changes', 'longtext').notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    // Every filter of GET /api/audit reads newest first along one of these.
    table.index(['action', 'id'], 'audit_log_action');
    table.index(['actor_user_id', 'id'], 'audit_log_actor');
    table.index(['target_type', 'target_id', 'id'], 'audit_log_target');
    table.index(['game_id', 'id'], 'audit_log_game');
    table.index(['created_at'], 'audit_log_created');
  });
  await knex.raw(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit entries cannot be changed'`);
  await knex.raw(`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit entries cannot be deleted'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS audit_log_no_update');
  await knex.raw('DROP TRIGGER IF EXISTS audit_log_no_delete');
  await knex.schema.dropTable('audit_log');
}

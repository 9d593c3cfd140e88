import type { Knex } from 'knex';

/**
 * SPEC §2.14, a player's data rights.
 * - `users.erased_at`: an erased user keeps their row (the ledger, transactions and audit entries name
 *   its id) under a pseudonym; it says when, and makes a repeated erase answer the same.
 * - `users.invite_id`: the invite a user registered with (the export names it; the registration's audit
 *   entry redacts the code). Null for users made otherwise, and for those registered before.
 * - The audit log stays append-only with one exception: the erase of a user rewrites the email and
 *   username in the entries that created them (`user.create`, `user.register`), and nothing else of
 *   them. The erase names its user in the session variable `@audit_erasure_user` for that one
 *   statement; any other change of an entry is refused as before. The trigger compares every other
 *   column: a column added to audit_log later must be added to it.
 */
const NO_UPDATE = `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit entries cannot be changed'`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.datetime('erased_at', { precision: 3 }).nullable();
    table.integer('invite_id').unsigned().nullable();
  });
  await knex.raw('DROP TRIGGER IF EXISTS audit_log_no_update');
  await knex.raw(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW
  BEGIN
    IF NOT (@audit_erasure_user IS NOT NULL AND OLD.target_type = 'user' AND OLD.target_id = CAST(@audit_erasure_user AS CHAR)
        AND OLD.action IN ('user.create', 'user.register')
        AND JSON_REMOVE(NEW.changes, '$.email[1]', '$.username[1]') <=> JSON_REMOVE(OLD.changes, '$.email[1]', '$.username[1]')
        AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.actor_user_id <=> OLD.actor_user_id AND NEW.actor_role <=> OLD.actor_role
        AND NEW.target_type = OLD.target_type AND NEW.target_id <=> OLD.target_id AND NEW.game_id <=> OLD.game_id
        AND NEW.request_id <=> OLD.request_id AND NEW.ip <=> OLD.ip AND NEW.created_at <=> OLD.created_at AND NEW.dedupe_key <=> OLD.dedupe_key) THEN
      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit entries cannot be changed';
    END IF;
  END`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS audit_log_no_update');
  await knex.raw(NO_UPDATE);
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('invite_id');
    table.dropColumn('erased_at');
  });
}

import type { Knex } from 'knex';

/**
 * SPEC §2.14: an export or an erase costs in proportion to the user's own rows. The user-games a user
 * ever had (connected now or not) and the leaderboard groups they were ever in were found by reading
 * every `user_game.create` entry's JSON (every connection of the installation) and every membership
 * entry (`target_id LIKE '%:<user>'`). These tables keep them by user, written with the connection or
 * the membership; filled here from what exists and from the audit log (once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE user_games_ever (
    user_id INT UNSIGNED NOT NULL, user_game_id INT UNSIGNED NOT NULL, game_id INT UNSIGNED NOT NULL,
    PRIMARY KEY (user_id, user_game_id)
  ) ENGINE=InnoDB`);
  await knex.raw(`CREATE TABLE leaderboard_groups_ever (
    user_id INT UNSIGNED NOT NULL, group_id INT UNSIGNED NOT NULL,
    PRIMARY KEY (user_id, group_id)
  ) ENGINE=InnoDB`);
  await knex.raw('INSERT IGNORE INTO user_games_ever (user_id, user_game_id, game_id) SELECT user_id, id, game_id FROM user_games');
  await knex.raw(`INSERT IGNORE INTO user_games_ever (user_id, user_game_id, game_id)
    SELECT CAST(JSON_VALUE(changes, '$.user_id[1]') AS UNSIGNED), CAST(target_id AS UNSIGNED), game_id FROM audit_log
    WHERE action = 'user_game.create' AND target_type = 'user_game' AND game_id IS NOT NULL AND JSON_VALUE(changes, '$.user_id[1]') IS NOT NULL`);
  await knex.raw('INSERT IGNORE INTO leaderboard_groups_ever (user_id, group_id) SELECT user_id, group_id FROM leaderboard_group_members');
  await knex.raw(`INSERT IGNORE INTO leaderboard_groups_ever (user_id, group_id)
    SELECT CAST(SUBSTRING_INDEX(target_id, ':', -1) AS UNSIGNED), CAST(SUBSTRING_INDEX(target_id, ':', 1) AS UNSIGNED) FROM audit_log
    WHERE target_type = 'leaderboard_member' AND action = 'leaderboard_member.add'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leaderboard_groups_ever');
  await knex.schema.dropTable('user_games_ever');
}

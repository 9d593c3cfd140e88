import type { Knex } from 'knex';

/**
 * Leaderboard operators (SPEC §2.6): `set` replaces the period's score, `best` keeps a save only when
 * strictly better by sort order, `incr` adds to it (|stored| ≤ 1e15). The save procedure applies the
 * operator under the score row's lock and, in the same transaction, appends the save's audit entry
 * (SPEC §2.11) when asked to, so a save stays one round trip. It answers one row:
 *   saved    1 written or kept as it was (best), 0 user-game not of the game, -1 leaderboard changed
 *            or gone (the caller reads it again), -2 an incr past the bound (nothing written)
 *   score, updated_at                  the period's stored score after the save
 *   old_rank_score, old_updated_at     the row before the save (NULL when there was none)
 *   kept     1 when the row changed
 */
export const CREATE = `
CREATE PROCEDURE save_leaderboard_score(
  IN p_leaderboard INT UNSIGNED, IN p_game INT UNSIGNED, IN p_sort_order VARCHAR(4), IN p_period_type VARCHAR(16),
  IN p_operator VARCHAR(4), IN p_period DATETIME(3), IN p_user_game INT UNSIGNED, IN p_score DOUBLE, IN p_at DATETIME(3),
  IN p_audit TINYINT, IN p_actor_user INT UNSIGNED, IN p_actor_role VARCHAR(16), IN p_request_id VARCHAR(128), IN p_ip VARCHAR(64))
BEGIN
  DECLARE v_user INT UNSIGNED;
  DECLARE v_same INT;
  DECLARE v_old DOUBLE DEFAULT NULL;
  DECLARE v_old_rank DOUBLE DEFAULT NULL;
  DECLARE v_old_at DATETIME(3) DEFAULT NULL;
  DECLARE v_new DOUBLE;
  DECLARE v_at DATETIME(3);
  DECLARE v_kept TINYINT DEFAULT 1;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    ROLLBACK;
    RESIGNAL;
  END;
  START TRANSACTION;
  -- (The audit entry's JSON is written by CONCAT: MariaDB's JSON_ARRAY quotes DOUBLE values as strings.)
  -- The enums are compared as bytes: the parameters take the database's collation, the columns the table's.
  SELECT COUNT(*) INTO v_same FROM leaderboards
    WHERE id = p_leaderboard AND game_id = p_game AND is_active
      AND CAST(sort_order AS BINARY) = CAST(p_sort_order AS BINARY) AND CAST(period_type AS BINARY) = CAST(p_period_type AS BINARY)
      AND CAST(operator AS BINARY) = CAST(p_operator AS BINARY)
    LOCK IN SHARE MODE;
  SELECT MAX(user_id) INTO v_user FROM user_games WHERE id = p_user_game AND game_id = p_game LOCK IN SHARE MODE;
  IF v_same = 0 THEN
    ROLLBACK;
    SELECT -1 AS saved;
  ELSEIF v_user IS NULL THEN
    ROLLBACK;
    SELECT 0 AS saved;
  ELSE
    SELECT score, rank_score, updated_at INTO v_old, v_old_rank, v_old_at FROM leaderboard_scores
      WHERE leaderboard_id = p_leaderboard AND period_start = p_period AND user_game_id = p_user_game FOR UPDATE;
    SET v_new = p_score, v_at = p_at;
    IF p_operator = 'incr' THEN
      SET v_new = COALESCE(v_old, 0) + p_score;
    ELSEIF p_operator = 'best' AND v_old IS NOT NULL
        AND NOT ((p_sort_order = 'desc' AND p_score > v_old) OR (p_sort_order = 'asc' AND p_score < v_old)) THEN
      SET v_kept = 0, v_new = v_old, v_at = v_old_at;
    END IF;
    IF ABS(v_new) > 1e15 THEN
      ROLLBACK;
      SELECT -2 AS saved;
    ELSE
      IF v_kept = 1 THEN
        INSERT INTO leaderboard_scores (leaderboard_id, period_start, user_game_id, score, rank_score, updated_at)
          SELECT * FROM (SELECT p_leaderboard AS leaderboard_id, p_period AS period_start, p_user_game AS user_game_id,
                                v_new AS score, IF(p_sort_order = 'desc', -v_new, v_new) AS rank_score, v_at AS updated_at) AS incoming
          ON DUPLICATE KEY UPDATE score = incoming.score, rank_score = incoming.rank_score, updated_at = incoming.updated_at;
        INSERT INTO leaderboard_group_scores (group_id, period_start, user_game_id, score, rank_score, updated_at)
          SELECT * FROM (
            SELECT m.group_id, p_period AS period_start, p_user_game AS user_game_id, v_new AS score,
                   IF(p_sort_order = 'desc', -v_new, v_new) AS rank_score, v_at AS updated_at
            FROM leaderboard_group_members m JOIN leaderboard_groups g ON g.id = m.group_id
            WHERE g.leaderboard_id = p_leaderboard AND m.user_id = v_user
          ) AS incoming
          ON DUPLICATE KEY UPDATE score = incoming.score, rank_score = incoming.rank_score, updated_at = incoming.updated_at;
      END IF;
      IF p_audit = 1 THEN
        INSERT INTO audit_log (action, actor_user_id, actor_role, target_type, target_id, game_id, request_id, ip, changes, created_at)
          VALUES ('score.save', p_actor_user, p_actor_role, 'score', CONCAT(p_leaderboard, ':', p_user_game), p_game, p_request_id, p_ip,
                  IF(v_kept = 1 AND (v_old IS NULL OR v_old <> v_new), CONCAT('{"score":[', COALESCE(v_old, 'null'), ',', v_new, ']}'), '{}'), p_at);
      END IF;
      COMMIT;
      SELECT 1 AS saved, v_new AS score, v_at AS updated_at, v_old_rank AS old_rank_score, v_old_at AS old_updated_at, v_kept AS kept;
    END IF;
  END IF;
END`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leaderboards', (table) => {
    table.enu('operator', ['set', 'best', 'incr']).notNullable().defaultTo('set').after('period_type');
  });
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.raw(CREATE);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.schema.alterTable('leaderboards', (table) => table.dropColumn('operator'));
}

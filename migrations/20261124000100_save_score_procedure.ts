import type { Knex } from 'knex';

/**
 * A score save in one round trip (issue 23: a save made eight, and its transaction's BEGIN, two
 * statements and COMMIT were most of its time). The procedure runs the save's transaction on the
 * server. Under shared locks it checks that the leaderboard is still as the caller read it (from a
 * cache: its sort order decides rank_score, its period type the period, and it must be active) and
 * that the user-game is a connection of its game; then it writes the score of the period and copies
 * it into every group of the leaderboard the user belongs to. It answers one row, `saved`:
 *    1  saved
 *    0  the user-game is not of the leaderboard's game (nothing written)
 *   -1  the leaderboard changed or is gone (nothing written: the caller reads it again)
 * Any error rolls the transaction back and reaches the caller (a deadlock is retried there).
 */
const CREATE = `
CREATE PROCEDURE save_leaderboard_score(
  IN p_leaderboard INT UNSIGNED, IN p_game INT UNSIGNED, IN p_sort_order VARCHAR(4), IN p_period_type VARCHAR(16),
  IN p_period DATETIME(3), IN p_user_game INT UNSIGNED, IN p_score DOUBLE, IN p_rank_score DOUBLE, IN p_at DATETIME(3))
BEGIN
  DECLARE v_user INT UNSIGNED;
  DECLARE v_same INT;
  -- The enums are compared as bytes: the parameters take the database's collation, the columns the table's.
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    ROLLBACK;
    RESIGNAL;
  END;
  START TRANSACTION;
  SELECT COUNT(*) INTO v_same FROM leaderboards
    WHERE id = p_leaderboard AND game_id = p_game AND is_active
      AND CAST(sort_order AS BINARY) = CAST(p_sort_order AS BINARY) AND CAST(period_type AS BINARY) = CAST(p_period_type AS BINARY)
    LOCK IN SHARE MODE;
  SELECT MAX(user_id) INTO v_user FROM user_games WHERE id = p_user_game AND game_id = p_game LOCK IN SHARE MODE;
  IF v_same = 0 THEN
    ROLLBACK;
    SELECT -1 AS saved;
  ELSEIF v_user IS NULL THEN
    ROLLBACK;
    SELECT 0 AS saved;
  ELSE
    INSERT INTO leaderboard_scores (leaderboard_id, period_start, user_game_id, score, rank_score, updated_at)
      SELECT * FROM (SELECT p_leaderboard AS leaderboard_id, p_period AS period_start, p_user_game AS user_game_id,
                            p_score AS score, p_rank_score AS rank_score, p_at AS updated_at) AS incoming
      ON DUPLICATE KEY UPDATE score = incoming.score, rank_score = incoming.rank_score, updated_at = incoming.updated_at;
    INSERT INTO leaderboard_group_scores (group_id, period_start, user_game_id, score, rank_score, updated_at)
      SELECT * FROM (
        SELECT m.group_id, p_period AS period_start, p_user_game AS user_game_id, p_score AS score, p_rank_score AS rank_score, p_at AS updated_at
        FROM leaderboard_group_members m JOIN leaderboard_groups g ON g.id = m.group_id
        WHERE g.leaderboard_id = p_leaderboard AND m.user_id = v_user
      ) AS incoming
      ON DUPLICATE KEY UPDATE score = incoming.score, rank_score = incoming.rank_score, updated_at = incoming.updated_at;
    COMMIT;
    SELECT 1 AS saved;
  END IF;
END`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.raw(CREATE);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
}

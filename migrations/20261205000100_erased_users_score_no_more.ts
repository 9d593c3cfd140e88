import type { Knex } from 'knex';
import { refusingPaidPeriods } from './20261129000100_score_saves_after_payout';

/**
 * SPEC §2.14: an erased user's scores are gone and no new one is saved (saved = -4; the API answers
 * 409): a score could rank them for a period reward, money to an account that stays closed. The
 * procedure reads the user's row under a shared lock, which the erase takes exclusively while it
 * removes the scores: a save lands before the erase (and goes with it) or is refused.
 */
const ANCHOR = `  SELECT MAX(user_id) INTO v_user FROM user_games WHERE id = p_user_game AND game_id = p_game LOCK IN SHARE MODE;
  SELECT COUNT(*) INTO v_planned FROM leaderboard_payout_periods
    WHERE leaderboard_id = p_leaderboard AND period_start = p_period LOCK IN SHARE MODE;
  IF v_same = 0 THEN
    ROLLBACK;
    SELECT -1 AS saved;`;
const CHECKED = `  SELECT MAX(user_id) INTO v_user FROM user_games WHERE id = p_user_game AND game_id = p_game LOCK IN SHARE MODE;
  SELECT COALESCE(MAX(erased_at IS NOT NULL), 0) INTO v_erased FROM users WHERE id = v_user LOCK IN SHARE MODE;
  SELECT COUNT(*) INTO v_planned FROM leaderboard_payout_periods
    WHERE leaderboard_id = p_leaderboard AND period_start = p_period LOCK IN SHARE MODE;
  IF v_same = 0 THEN
    ROLLBACK;
    SELECT -1 AS saved;
  ELSEIF v_erased = 1 THEN
    ROLLBACK;
    SELECT -4 AS saved;`;

function refusingErasedUsers(): string {
  const current = refusingPaidPeriods();
  if (!current.includes(ANCHOR)) throw new Error('save_leaderboard_score: the procedure this migration extends has changed');
  return current.replace(ANCHOR, CHECKED).replace('  DECLARE v_same INT;', '  DECLARE v_same INT;\n  DECLARE v_erased INT DEFAULT 0;');
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.raw(refusingErasedUsers());
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.raw(refusingPaidPeriods());
}

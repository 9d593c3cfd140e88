import type { Knex } from 'knex';
import { CREATE as SAVE_WITH_OPERATORS } from './20261125000300_leaderboard_operators';

/**
 * SPEC §2.12: a score save for a period whose rewards are already planned would reorder paid
 * standings, so the save procedure refuses it (saved = -3; the API answers 409). It checks under the
 * board row's shared lock, which the planner takes exclusively while it reads the standings and plans
 * the period (src/admin/leaderboards/period-payouts.ts): a save lands before the plan, or is refused.
 */
const ANCHOR = `  SELECT MAX(user_id) INTO v_user FROM user_games WHERE id = p_user_game AND game_id = p_game LOCK IN SHARE MODE;
  IF v_same = 0 THEN
    ROLLBACK;
    SELECT -1 AS saved;`;
const CHECKED = `  SELECT MAX(user_id) INTO v_user FROM user_games WHERE id = p_user_game AND game_id = p_game LOCK IN SHARE MODE;
  SELECT COUNT(*) INTO v_planned FROM leaderboard_payout_periods
    WHERE leaderboard_id = p_leaderboard AND period_start = p_period LOCK IN SHARE MODE;
  IF v_same = 0 THEN
    ROLLBACK;
    SELECT -1 AS saved;
  ELSEIF v_planned > 0 THEN
    ROLLBACK;
    SELECT -3 AS saved;`;

export function refusingPaidPeriods(): string {
  if (!SAVE_WITH_OPERATORS.includes(ANCHOR)) throw new Error('save_leaderboard_score: the procedure this migration extends has changed');
  return SAVE_WITH_OPERATORS.replace(ANCHOR, CHECKED).replace('  DECLARE v_same INT;', '  DECLARE v_same INT;\n  DECLARE v_planned INT;');
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.raw(refusingPaidPeriods());
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP PROCEDURE IF EXISTS save_leaderboard_score');
  await knex.raw(SAVE_WITH_OPERATORS);
}

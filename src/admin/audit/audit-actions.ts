/**
 * Every action the audit log records (SPEC §2.11), `<target type>.<verb>`: what AuditRecord.action
 * takes, so an entry cannot be written under a misspelt or unknown action. Grouped by target type.
 */
export const AUDIT_ACTIONS = [
  'api_key.create', 'api_key.revoke',
  'config.rollback',
  'config_override.create', 'config_override.update', 'config_override.delete',
  'currency.create', 'currency.update',
  'game.create', 'game.update', 'game.delete',
  'image.upload',
  'invite.create', 'invite.delete',
  'language.create', 'language.update', 'language.delete',
  'leaderboard.create', 'leaderboard.update', 'leaderboard.delete', 'leaderboard.payout',
  'leaderboard_group.create', 'leaderboard_group.update', 'leaderboard_group.delete',
  'leaderboard_member.add', 'leaderboard_member.remove',
  'module.connect', 'module.disconnect',
  'notification.create', 'notification.update', 'notification.delete',
  // Written by the save_leaderboard_score procedure in the save's transaction (AUDIT_SCORE_SAVES).
  'score.save',
  'user.create', 'user.register', 'user.update', 'user.game_scope', 'user.two_factor_on', 'user.two_factor_off', 'user.recovery_codes_renewed', 'user.freeze', 'user.unfreeze', 'user.export', 'user.erase',
  'user_game.create', 'user_game.delete', 'user_game.topup', 'user_game.close', 'user_game.limits', 'user_game.freeze', 'user_game.unfreeze',
  'variable.create', 'variable.update', 'variable.delete',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

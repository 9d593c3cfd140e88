/** The leaderboard module's tables (see migrations/20261123000200_game_modules.ts). */
export const LEADERBOARDS = 'leaderboards';
export const SCORES = 'leaderboard_scores';
export const GROUPS = 'leaderboard_groups';
export const MEMBERS = 'leaderboard_group_members';
/** The groups a user was ever in, kept by user (SPEC §2.14: an export reads the user's own rows). */
export const GROUPS_EVER = 'leaderboard_groups_ever';
/** The members' copy of the scores, one row per (group, period, user-game). */
export const GROUP_SCORES = 'leaderboard_group_scores';

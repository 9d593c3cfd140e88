/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ApiKeyCreateInput = {
  /** ISO 8601; absent: never. */
  expires_at?: string | null | undefined;
  /** The games the key may touch; absent or empty: every game. */
  game_ids?: Array<number> | null | undefined;
  name?: string | null | undefined;
};

export type CodeInput = {
  /** A 6-digit TOTP code or a recovery code. */
  code?: string | null | undefined;
};

export type ConfigOverrideInput = {
  /** ISO 8601, after starts_at. */
  ends_at?: string | null | undefined;
  name?: string | null | undefined;
  /** ISO 8601. */
  starts_at?: string | null | undefined;
  /** Each the key of one of the game's variables and value fields of its type (type and table_value_type may be left out). */
  variables?: Array<VariableInput> | null | undefined;
};

export type ConnectGameInput = {
  game_id?: number | null | undefined;
};

export type CurrencyCreateInput = {
  code?: string | null | undefined;
  exponent?: number | null | undefined;
};

export type CurrencyUpdateInput = {
  enabled?: boolean | null | undefined;
};

export type GameInput = {
  description?: string | null | undefined;
  image_url?: string | null | undefined;
  is_active?: boolean | null | undefined;
  name?: string | null | undefined;
  slug?: string | null | undefined;
};

export type GameScopeInput = {
  /** The games the moderator acts on as staff; empty: every game. */
  game_ids?: Array<number> | null | undefined;
};

export type GroupInput = {
  is_default?: boolean | null | undefined;
  key?: string | null | undefined;
  name?: string | null | undefined;
};

export type ImageInput = {
  /** The image file, base64-encoded. */
  content_base64?: string | null | undefined;
};

export type InviteInput = {
  expires_in_s?: number | null | undefined;
  max_uses?: number | null | undefined;
  /** One of: user, moderator, admin. */
  role?: string | null | undefined;
};

export type LeaderboardInput = {
  is_active?: boolean | null | undefined;
  key?: string | null | undefined;
  name?: string | null | undefined;
  /** One of: set, best, incr. */
  operator?: string | null | undefined;
  /** One of: all_time, daily, weekly, monthly. */
  period_type?: string | null | undefined;
  /** Paid when a daily, weekly or monthly period closes (SPEC §2.12); ties share the better rank's reward. */
  rewards?: Array<LeaderboardRewardInput> | null | undefined;
  /** One of: asc, desc. */
  sort_order?: string | null | undefined;
};

export type LeaderboardRewardInput = {
  /** Minor units. */
  amount?: string | null | undefined;
  currency?: string | null | undefined;
  rank_from?: number | null | undefined;
  rank_to?: number | null | undefined;
};

export type LimitsInput = {
  currency?: string | null | undefined;
  /** Minor units; null removes it. */
  loss_limit?: string | null | undefined;
  /** One of: day, week, month, null. */
  loss_period?: string | null | undefined;
  /** Minor units; null removes it. */
  max_bet?: string | null | undefined;
};

export type LoginInput = {
  email?: string | null | undefined;
  password?: string | null | undefined;
};

export type LoginTwoFactorInput = {
  challenge?: string | null | undefined;
  /** A 6-digit TOTP code or a recovery code. */
  code?: string | null | undefined;
};

export type MemberInput = {
  user_id?: number | null | undefined;
};

export type NotificationDescriptionInput = {
  description?: string | null | undefined;
  language_id?: number | null | undefined;
};

export type NotificationEntryInput = {
  image?: string | null | undefined;
  login?: string | null | undefined;
  time_second?: number | null | undefined;
  variables?: Array<NotificationEntryValueInput> | null | undefined;
};

export type NotificationEntryValueInput = {
  key?: string | null | undefined;
  value?: string | null | undefined;
};

export type NotificationInput = {
  descriptions?: Array<NotificationDescriptionInput> | null | undefined;
  entries?: Array<NotificationEntryInput> | null | undefined;
  name?: string | null | undefined;
  variables?: Array<NotificationVariableInput> | null | undefined;
};

export type NotificationVariableInput = {
  key?: string | null | undefined;
};

export type RegisterInput = {
  email?: string | null | undefined;
  invite_code?: string | null | undefined;
  password?: string | null | undefined;
  username?: string | null | undefined;
};

export type Role =
  | 'admin'
  | 'moderator'
  | 'user';

export type RollbackInput = {
  version?: number | null | undefined;
};

export type ScoreInput = {
  score?: number | null | undefined;
  user_game_id?: number | null | undefined;
};

export type TopupInput = {
  amount?: string | null | undefined;
  comment?: string | null | undefined;
  /** Default DEFAULT_CURRENCY (EUR). */
  currency?: string | null | undefined;
};

export type UserEraseInput = {
  /** The user's username, as a deliberate confirmation. */
  confirm?: string | null | undefined;
};

export type UserPatch = {
  is_active?: boolean | null | undefined;
  /** One of: user, moderator, admin. */
  role?: string | null | undefined;
};

export type VariableInput = {
  items?: Array<VariableItemInput> | null | undefined;
  key?: string | null | undefined;
  number_value?: number | null | undefined;
  string_value?: string | null | undefined;
  /** One of: number, string. */
  table_value_type?: string | null | undefined;
  /** One of: number, string, table, vector. */
  type?: string | null | undefined;
};

export type VariableItemInput = {
  index?: number | null | undefined;
  key?: string | null | undefined;
  number_value?: number | null | undefined;
  string_value?: string | null | undefined;
};

export type WalletCloseInput = {
  currency?: string | null | undefined;
  reason?: string | null | undefined;
};

export type GameFieldsFragment = { id: number, name: string, slug: string, description: string, image_url: string, is_active: boolean, modules: Array<{ key: string, name: string }> };

export type UserFieldsFragment = { id: number, email: string, username: string, role: Role, is_active: boolean, game_scope: Array<number> | null, created_at: string };

export type UploadedImageFragment = { path: string, url: string, content_type: string };

export type UploadImageMutationVariables = Exact<{
  input: ImageInput;
}>;


export type UploadImageMutation = { uploadImage: { path: string, url: string, content_type: string } | null };

export type GameTabsGameQueryVariables = Exact<{
  id: number;
}>;


export type GameTabsGameQuery = { game: { name: string, modules: Array<{ key: string }> } | null };

export type LayoutCurrenciesQueryVariables = Exact<{ [key: string]: never; }>;


export type LayoutCurrenciesQuery = { currencies: Array<{ code: string, exponent: number, enabled: boolean }> | null };

export type ModuleGateConnectMutationVariables = Exact<{
  id: number;
  key: string;
}>;


export type ModuleGateConnectMutation = { connectModule: { key: string } | null };

export type PickerUsersQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type PickerUsersQuery = { users: Array<{ id: number, username: string, email: string }> | null };

export type PickerGamesQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type PickerGamesQuery = { games: Array<{ id: number, name: string, slug: string }> | null };

export type ApiKeysListQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysListQuery = { apiKeys: Array<{ id: number, name: string, game_ids: Array<number> | null, created_at: string, expires_at: string | null, last_used_at: string | null, revoked_at: string | null }> | null, games: Array<{ id: number, name: string }> | null };

export type ApiKeysCreateMutationVariables = Exact<{
  input: ApiKeyCreateInput;
}>;


export type ApiKeysCreateMutation = { createApiKey: { id: number, name: string, secret: string } | null };

export type ApiKeysRevokeMutationVariables = Exact<{
  id: number;
}>;


export type ApiKeysRevokeMutation = { revokeApiKey: boolean | null };

export type AuditPageAuditQueryVariables = Exact<{
  action?: string | null | undefined;
  target_type?: string | null | undefined;
  target_id?: string | null | undefined;
  game?: number | null | undefined;
  actor?: number | null | undefined;
  since?: string | null | undefined;
  until?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type AuditPageAuditQuery = { audit: Array<{ id: number, action: string, actor_user_id: number | null, actor_role: string | null, actor_username: string | null, target_type: string, target_id: string | null, target_name: string | null, game_id: number | null, game_name: string | null, ip: string | null, changes: unknown, created_at: string }> | null };

export type AuditPageActionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AuditPageActionsQuery = { auditActions: Array<string> | null };

export type ConfigHistoryPageConfigVersionsQueryVariables = Exact<{
  g: number;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ConfigHistoryPageConfigVersionsQuery = { configVersions: Array<{ version: number, change: string, key: string | null, created_by: number | null, created_by_username: string | null, created_at: string }> | null };

export type ConfigHistoryPageRollbackConfigMutationVariables = Exact<{
  g: number;
  input: RollbackInput;
}>;


export type ConfigHistoryPageRollbackConfigMutation = { rollbackConfig: { version: number } | null };

export type ConfigHistoryPageComparisonQueryVariables = Exact<{
  g: number;
  from: number;
  to: number;
  hasFrom: boolean;
}>;


export type ConfigHistoryPageComparisonQuery = { from?: { document: unknown } | null, to: { document: unknown } | null };

export type OverridesListQueryVariables = Exact<{
  g: number;
}>;


export type OverridesListQuery = { configOverrides: Array<{ id: number, name: string, starts_at: string, ends_at: string, live: boolean, variables: unknown }> | null, variables: Array<{ key: string, type: string, table_value_type: string | null }> | null, config: { overrides: Array<string> } | null };

export type OverridesCreateMutationVariables = Exact<{
  g: number;
  input: ConfigOverrideInput;
}>;


export type OverridesCreateMutation = { createConfigOverride: { id: number } | null };

export type OverridesReplaceMutationVariables = Exact<{
  g: number;
  id: number;
  input: ConfigOverrideInput;
}>;


export type OverridesReplaceMutation = { replaceConfigOverride: { id: number } | null };

export type OverridesDeleteMutationVariables = Exact<{
  g: number;
  id: number;
}>;


export type OverridesDeleteMutation = { deleteConfigOverride: boolean | null };

export type CurrenciesListQueryVariables = Exact<{ [key: string]: never; }>;


export type CurrenciesListQuery = { currencies: Array<{ code: string, exponent: number, enabled: boolean }> | null };

export type CurrenciesCreateMutationVariables = Exact<{
  input: CurrencyCreateInput;
}>;


export type CurrenciesCreateMutation = { createCurrency: { code: string } | null };

export type CurrenciesUpdateMutationVariables = Exact<{
  code: string;
  input: CurrencyUpdateInput;
}>;


export type CurrenciesUpdateMutation = { updateCurrency: { code: string, enabled: boolean } | null };

export type GamePageGameQueryVariables = Exact<{
  id: number;
}>;


export type GamePageGameQuery = { game: { id: number, name: string, slug: string, description: string, image_url: string, is_active: boolean, modules: Array<{ key: string, name: string }> } | null, modules: Array<{ key: string, name: string }> | null };

export type GamePageUpdateGameMutationVariables = Exact<{
  id: number;
  input: GameInput;
}>;


export type GamePageUpdateGameMutation = { updateGame: { id: number } | null };

export type GamePageConnectModuleMutationVariables = Exact<{
  id: number;
  key: string;
}>;


export type GamePageConnectModuleMutation = { connectModule: { key: string } | null };

export type GamePageDisconnectModuleMutationVariables = Exact<{
  id: number;
  key: string;
}>;


export type GamePageDisconnectModuleMutation = { disconnectModule: boolean | null };

export type GamePageDeleteGameMutationVariables = Exact<{
  id: number;
}>;


export type GamePageDeleteGameMutation = { deleteGame: boolean | null };

export type GamePlayersPagePlayersQueryVariables = Exact<{
  g: number;
  search?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type GamePlayersPagePlayersQuery = { gameUsersTotal: number | null, gameUsers: Array<{ user_game_id: number, frozen: boolean | null, balances: Array<{ currency: string, available_balance: string, reserved_balance: string }> | null, user: { id: number, username: string, email: string, frozen: boolean | null } }> | null };

export type GameReportsPageReportQueryVariables = Exact<{
  g: number;
  from?: string | null | undefined;
  to?: string | null | undefined;
  tz?: string | null | undefined;
  granularity?: string | null | undefined;
}>;


export type GameReportsPageReportQuery = { gameReport: { periods: Array<{ start: string, currency: string, bets_count: number, bets_amount: string, wins_amount: string, ggr: string, hold_pct: number | null, rtp_pct: number | null, active_players: number, cancels_count: number, topups_amount: string, rewards_amount: string }>, totals: Array<{ currency: string, bets_count: number, bets_amount: string, wins_amount: string, ggr: string, hold_pct: number | null, rtp_pct: number | null, active_players: number, cancels_count: number, topups_amount: string, rewards_amount: string }> } | null };

export type GamesPageGamesQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type GamesPageGamesQuery = { gamesTotal: number | null, games: Array<{ id: number, name: string, slug: string, description: string, image_url: string, is_active: boolean, modules: Array<{ key: string, name: string }> }> | null };

export type GamesPageCreateGameMutationVariables = Exact<{
  input: GameInput;
}>;


export type GamesPageCreateGameMutation = { createGame: { id: number } | null };

export type InvitesPageInvitesQueryVariables = Exact<{
  usable?: boolean | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type InvitesPageInvitesQuery = { invitesTotal: number | null, invites: Array<{ code: string, role: Role, max_uses: number, uses: number, expires_at: string | null, created_at: string }> | null };

export type InvitesPageCreateInviteMutationVariables = Exact<{
  input: InviteInput;
}>;


export type InvitesPageCreateInviteMutation = { createInvite: { code: string, role: Role, max_uses: number, expires_at: string | null } | null };

export type InvitesPageDeleteInviteMutationVariables = Exact<{
  code: string;
}>;


export type InvitesPageDeleteInviteMutation = { deleteInvite: boolean | null };

export type LeaderboardGroupRowFragment = { id: number, key: string, name: string, is_default: boolean };

export type GamePlayerFragment = { user_game_id: number, user: { id: number, username: string } };

export type LeaderboardPageLeaderboardQueryVariables = Exact<{
  g: number;
  id: number;
}>;


export type LeaderboardPageLeaderboardQuery = { leaderboard: { id: number, key: string, name: string, sort_order: string, period_type: string, operator: string, is_active: boolean, rewards: Array<{ rank_from: number, rank_to: number, amount: string, currency: string }> } | null, leaderboardGroups: Array<{ id: number, key: string, name: string, is_default: boolean }> | null };

export type LeaderboardPageRankingsQueryVariables = Exact<{
  id: number;
  group?: number | null | undefined;
  limit?: number | null | undefined;
  around?: number | null | undefined;
  period?: string | null | undefined;
}>;


export type LeaderboardPageRankingsQuery = { rankings: { items: Array<{ rank: number, user_id: number, user_game_id: number, username: string, score: number }> } | null };

export type LeaderboardPageGameUsersQueryVariables = Exact<{
  g: number;
}>;


export type LeaderboardPageGameUsersQuery = { gameUsers: Array<{ user_game_id: number, user: { id: number, username: string } }> | null };

export type LeaderboardPageUpdateLeaderboardMutationVariables = Exact<{
  g: number;
  id: number;
  input: LeaderboardInput;
}>;


export type LeaderboardPageUpdateLeaderboardMutation = { updateLeaderboard: { id: number } | null };

export type LeaderboardPageDeleteLeaderboardMutationVariables = Exact<{
  g: number;
  id: number;
}>;


export type LeaderboardPageDeleteLeaderboardMutation = { deleteLeaderboard: boolean | null };

export type LeaderboardPageSaveScoreMutationVariables = Exact<{
  id: number;
  input: ScoreInput;
}>;


export type LeaderboardPageSaveScoreMutation = { saveScore: { score: number } | null };

export type LeaderboardPageCreateLeaderboardGroupMutationVariables = Exact<{
  id: number;
  input: GroupInput;
}>;


export type LeaderboardPageCreateLeaderboardGroupMutation = { createLeaderboardGroup: { id: number } | null };

export type LeaderboardPageDeleteLeaderboardGroupMutationVariables = Exact<{
  id: number;
}>;


export type LeaderboardPageDeleteLeaderboardGroupMutation = { deleteLeaderboardGroup: boolean | null };

export type LeaderboardPageGroupMembersQueryVariables = Exact<{
  group: number;
}>;


export type LeaderboardPageGroupMembersQuery = { groupMembers: Array<{ user_id: number, username: string }> | null };

export type LeaderboardPageAddGroupMemberMutationVariables = Exact<{
  group: number;
  input: MemberInput;
}>;


export type LeaderboardPageAddGroupMemberMutation = { addGroupMember: { user_id: number } | null };

export type LeaderboardPageRemoveGroupMemberMutationVariables = Exact<{
  group: number;
  user: number;
}>;


export type LeaderboardPageRemoveGroupMemberMutation = { removeGroupMember: boolean | null };

export type RewardsSaveMutationVariables = Exact<{
  g: number;
  id: number;
  input: LeaderboardInput;
}>;


export type RewardsSaveMutation = { updateLeaderboard: { id: number } | null };

export type RewardsPayoutsQueryVariables = Exact<{
  id: number;
}>;


export type RewardsPayoutsQuery = { leaderboardPayouts: Array<{ period_start: string, user_game_id: number, user_id: number, rank: number, amount: string, currency: string, topup_id: number | null, paid_at: string | null }> | null };

export type LeaderboardSettingsFragment = { key: string, name: string, sort_order: string, period_type: string, operator: string, is_active: boolean };

export type LeaderboardsPageLeaderboardsQueryVariables = Exact<{
  id: number;
}>;


export type LeaderboardsPageLeaderboardsQuery = { leaderboards: Array<{ id: number, key: string, name: string, sort_order: string, period_type: string, operator: string, is_active: boolean }> | null };

export type LeaderboardsPageCreateLeaderboardMutationVariables = Exact<{
  g: number;
  input: LeaderboardInput;
}>;


export type LeaderboardsPageCreateLeaderboardMutation = { createLeaderboard: { id: number } | null };

export type SessionUserFieldsFragment = { id: number, username: string, email: string, role: Role, game_scope: Array<number> | null, two_factor_enabled: boolean };

export type SessionTokenFragment = { access_token: string, user: { id: number, username: string, email: string, role: Role, game_scope: Array<number> | null, two_factor_enabled: boolean } };

export type LoginPageLoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginPageLoginMutation = { login: { two_factor_required: boolean, challenge: string | null, access_token: string | null, user: { id: number, username: string, email: string, role: Role, game_scope: Array<number> | null, two_factor_enabled: boolean } | null } | null };

export type LoginPageSecondStepMutationVariables = Exact<{
  input: LoginTwoFactorInput;
}>;


export type LoginPageSecondStepMutation = { loginTwoFactor: { access_token: string, user: { id: number, username: string, email: string, role: Role, game_scope: Array<number> | null, two_factor_enabled: boolean } } | null };

export type NotificationDraftFragment = { name: string, descriptions: Array<{ language_id: number, description: string }>, variables: Array<{ key: string }>, entries: Array<{ time_second: number, image: string, login: string, variables: Array<{ key: string, value: string }> }> };

export type LanguageOptionFragment = { id: number, code: string, name: string };

export type NotificationsPageNotificationsQueryVariables = Exact<{
  id: number;
}>;


export type NotificationsPageNotificationsQuery = { notifications: Array<{ id: number, macros: Array<string>, name: string, descriptions: Array<{ language_id: number, description: string }>, variables: Array<{ key: string }>, entries: Array<{ time_second: number, image: string, login: string, variables: Array<{ key: string, value: string }> }> }> | null, languages: Array<{ id: number, code: string, name: string }> | null };

export type NotificationsPageReplaceNotificationMutationVariables = Exact<{
  g: number;
  id: number;
  input: NotificationInput;
}>;


export type NotificationsPageReplaceNotificationMutation = { replaceNotification: { id: number } | null };

export type NotificationsPageCreateNotificationMutationVariables = Exact<{
  g: number;
  input: NotificationInput;
}>;


export type NotificationsPageCreateNotificationMutation = { createNotification: { id: number } | null };

export type NotificationsPageDeleteNotificationMutationVariables = Exact<{
  g: number;
  id: number;
}>;


export type NotificationsPageDeleteNotificationMutation = { deleteNotification: boolean | null };

export type OpsPageSyncStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type OpsPageSyncStatusQuery = { syncStatus: { outbox_entries: number, outbox_pending: number, partitions_with_entries: number, oldest_age_ms: number, checked_at: string, queue: Array<{ state: string, count: number }> | null } | null };

export type OpsPageOpsTimelineQueryVariables = Exact<{
  minutes?: number | null | undefined;
}>;


export type OpsPageOpsTimelineQuery = { opsTimeline: { points: Array<{ at: string, grpc_calls_per_s: number, grpc_p99_ms: number | null, sync_lag_ms: number | null, outbox_entries: number | null }> } | null };

export type PayoutPreviewQueryQueryVariables = Exact<{
  id: number;
}>;


export type PayoutPreviewQueryQuery = { leaderboardPayoutPreview: { period_start: string | null, closes_at: string | null, payouts_total: number, payouts: Array<{ user_game_id: number, user_id: number, rank: number, amount: string, currency: string }> } | null };

export type PlayerHomeGamesQueryVariables = Exact<{
  me: number;
}>;


export type PlayerHomeGamesQuery = { userFreeze: { frozen: boolean, reason: string | null, frozen_at: string | null } | null, userGames: Array<{ user_game_id: number, game: { id: number, name: string, modules: Array<{ key: string }> } }> | null };

export type RegisterPageInviteCheckQueryVariables = Exact<{
  code: string;
}>;


export type RegisterPageInviteCheckQuery = { inviteCheck: { valid: boolean, role: Role | null, remaining_uses: number | null } | null };

export type RegisterPageRegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterPageRegisterMutation = { register: { access_token: string, user: { id: number, username: string, email: string, role: Role, game_scope: Array<number> | null, two_factor_enabled: boolean } } | null };

export type ReportsPageSummaryQueryVariables = Exact<{
  from?: string | null | undefined;
  to?: string | null | undefined;
  tz?: string | null | undefined;
}>;


export type ReportsPageSummaryQuery = { reportSummary: { games: Array<{ game_id: number, game_name: string, currency: string, bets_count: number, bets_amount: string, wins_amount: string, ggr: string, hold_pct: number | null, rtp_pct: number | null, active_players: number, cancels_count: number, topups_amount: string, rewards_amount: string }>, totals: Array<{ currency: string, bets_count: number, bets_amount: string, wins_amount: string, ggr: string, hold_pct: number | null, rtp_pct: number | null, active_players: number, cancels_count: number, topups_amount: string, rewards_amount: string }> } | null };

export type TwoFactorMeQueryVariables = Exact<{ [key: string]: never; }>;


export type TwoFactorMeQuery = { me: { id: number, username: string, email: string, role: Role, game_scope: Array<number> | null, two_factor_enabled: boolean } | null };

export type TwoFactorSetupMutationVariables = Exact<{ [key: string]: never; }>;


export type TwoFactorSetupMutation = { setupTwoFactor: { secret: string, otpauth_uri: string, qr_image: string } | null };

export type TwoFactorConfirmMutationVariables = Exact<{
  input: CodeInput;
}>;


export type TwoFactorConfirmMutation = { confirmTwoFactor: { recovery_codes: Array<string> } | null };

export type TwoFactorDisableMutationVariables = Exact<{
  input: CodeInput;
}>;


export type TwoFactorDisableMutation = { disableTwoFactor: boolean | null };

export type TwoFactorCodesLeftQueryVariables = Exact<{ [key: string]: never; }>;


export type TwoFactorCodesLeftQuery = { recoveryCodesLeft: { left: number } | null };

export type TwoFactorRenewCodesMutationVariables = Exact<{
  input: CodeInput;
}>;


export type TwoFactorRenewCodesMutation = { renewRecoveryCodes: { recovery_codes: Array<string> } | null };

export type DataRightsBalancesQueryVariables = Exact<{
  id: number;
}>;


export type DataRightsBalancesQuery = { balances: Array<{ currency: string, available_balance: string, reserved_balance: string }> | null };

export type DataRightsCloseMutationVariables = Exact<{
  id: number;
  input: WalletCloseInput;
}>;


export type DataRightsCloseMutation = { closeWallet: { amount: string, currency: string } | null };

export type DataRightsEraseMutationVariables = Exact<{
  id: number;
  input: UserEraseInput;
}>;


export type DataRightsEraseMutation = { eraseUser: { id: number, erased_at: string } | null };

export type UserPageUserQueryVariables = Exact<{
  id: number;
}>;


export type UserPageUserQuery = { user: { erased_at: string | null, export_url: string | null, id: number, email: string, username: string, role: Role, is_active: boolean, game_scope: Array<number> | null, created_at: string, game_scope_games: Array<{ id: number, name: string, slug: string }> | null } | null, userFreeze: { frozen: boolean, reason: string | null, frozen_at: string | null } | null, userGames: Array<{ user_game_id: number, game: { id: number, name: string } }> | null };

export type UserPageFreezeMutationVariables = Exact<{
  id: number;
  reason?: string | null | undefined;
}>;


export type UserPageFreezeMutation = { freezeUser: { frozen: boolean } | null };

export type UserPageUnfreezeMutationVariables = Exact<{
  id: number;
}>;


export type UserPageUnfreezeMutation = { unfreezeUser: boolean | null };

export type UserPageUpdateUserMutationVariables = Exact<{
  id: number;
  input: UserPatch;
}>;


export type UserPageUpdateUserMutation = { updateUser: { id: number } | null };

export type UserPageConnectGameMutationVariables = Exact<{
  id: number;
  input: ConnectGameInput;
}>;


export type UserPageConnectGameMutation = { connectGame: { id: number } | null };

export type UserPageBalancesQueryVariables = Exact<{
  id: number;
}>;


export type UserPageBalancesQuery = { balances: Array<{ currency: string, available_balance: string, reserved_balance: string }> | null };

export type UserPageSetGameScopeMutationVariables = Exact<{
  id: number;
  input: GameScopeInput;
}>;


export type UserPageSetGameScopeMutation = { setUserGameScope: { id: number, game_scope: Array<number> | null } | null };

export type UserPageDisconnectGameMutationVariables = Exact<{
  id: number;
  game: number;
}>;


export type UserPageDisconnectGameMutation = { disconnectGame: boolean | null };

export type UsersPageUsersQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type UsersPageUsersQuery = { usersTotal: number | null, users: Array<{ frozen: boolean | null, id: number, email: string, username: string, role: Role, is_active: boolean, game_scope: Array<number> | null, created_at: string }> | null };

export type VariablesPageVariablesQueryVariables = Exact<{
  id: number;
}>;


export type VariablesPageVariablesQuery = { variables: Array<{ id: number, key: string, type: string, number_value: number | null, string_value: string | null, table_value_type: string | null, items: Array<{ key: string | null, index: number | null, number_value: number | null, string_value: string | null }> | null }> | null };

export type VariablesPageConfigQueryVariables = Exact<{
  id: number;
}>;


export type VariablesPageConfigQuery = { config: { etag: string, document: unknown } | null };

export type VariablesPageReplaceVariableMutationVariables = Exact<{
  g: number;
  id: number;
  input: VariableInput;
}>;


export type VariablesPageReplaceVariableMutation = { replaceVariable: { id: number } | null };

export type VariablesPageCreateVariableMutationVariables = Exact<{
  g: number;
  input: VariableInput;
}>;


export type VariablesPageCreateVariableMutation = { createVariable: { id: number } | null };

export type VariablesPageDeleteVariableMutationVariables = Exact<{
  g: number;
  id: number;
}>;


export type VariablesPageDeleteVariableMutation = { deleteVariable: boolean | null };

export type WalletLimitsQueryVariables = Exact<{
  id: number;
}>;


export type WalletLimitsQuery = { walletLimits: Array<{ currency: string, max_bet: string | null, loss_limit: string | null, loss_period: string | null, net_loss: string | null, pending: { max_bet: string | null, loss_limit: string | null, loss_period: string | null, effective_at: string } | null }> | null };

export type WalletLimitsSetMutationVariables = Exact<{
  id: number;
  input: LimitsInput;
}>;


export type WalletLimitsSetMutation = { setWalletLimits: { currency: string, max_bet: string | null, pending: { effective_at: string } | null } | null };

export type WalletPageWalletQueryVariables = Exact<{
  id: number;
}>;


export type WalletPageWalletQuery = { userGame: { id: number, user_id: number, username: string, game_id: number, game_name: string } | null, balances: Array<{ currency: string, available_balance: string, reserved_balance: string }> | null, userGameFreeze: { frozen: boolean, user: { frozen: boolean, reason: string | null, frozen_at: string | null }, user_game: { frozen: boolean, reason: string | null, frozen_at: string | null } } | null };

export type WalletPageFreezeMutationVariables = Exact<{
  id: number;
  reason?: string | null | undefined;
}>;


export type WalletPageFreezeMutation = { freezeUserGame: { frozen: boolean } | null };

export type WalletPageUnfreezeMutationVariables = Exact<{
  id: number;
}>;


export type WalletPageUnfreezeMutation = { unfreezeUserGame: boolean | null };

export type WalletPageUnfreezeUserMutationVariables = Exact<{
  id: number;
}>;


export type WalletPageUnfreezeUserMutation = { unfreezeUser: boolean | null };

export type WalletPageTransactionsQueryVariables = Exact<{
  id: number;
  kind?: string | null | undefined;
  until?: string | null | undefined;
  after?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type WalletPageTransactionsQuery = { transactions: Array<{ id: number, kind: string, amount: string, win_amount: string, currency: string, transaction_id: string | null, round_id: string | null, comment: string | null, available_balance: string, reserved_balance: string, created_at: string }> | null };

export type WalletPageBalancesAtQueryVariables = Exact<{
  id: number;
  at?: string | null | undefined;
}>;


export type WalletPageBalancesAtQuery = { balances: Array<{ currency: string, available_balance: string, reserved_balance: string }> | null };

export type WalletPageTopupMutationVariables = Exact<{
  id: number;
  input: TopupInput;
  key?: string | null | undefined;
}>;


export type WalletPageTopupMutation = { topup: { id: number } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const GameFieldsFragmentDoc = new TypedDocumentString(`
    fragment GameFields on Game {
  id
  name
  slug
  description
  image_url
  is_active
  modules {
    key
    name
  }
}
    `, {"fragmentName":"GameFields"}) as unknown as TypedDocumentString<GameFieldsFragment, unknown>;
export const UserFieldsFragmentDoc = new TypedDocumentString(`
    fragment UserFields on User {
  id
  email
  username
  role
  is_active
  game_scope
  created_at
}
    `, {"fragmentName":"UserFields"}) as unknown as TypedDocumentString<UserFieldsFragment, unknown>;
export const UploadedImageFragmentDoc = new TypedDocumentString(`
    fragment UploadedImage on Image {
  path
  url
  content_type
}
    `, {"fragmentName":"UploadedImage"}) as unknown as TypedDocumentString<UploadedImageFragment, unknown>;
export const LeaderboardGroupRowFragmentDoc = new TypedDocumentString(`
    fragment LeaderboardGroupRow on LeaderboardGroup {
  id
  key
  name
  is_default
}
    `, {"fragmentName":"LeaderboardGroupRow"}) as unknown as TypedDocumentString<LeaderboardGroupRowFragment, unknown>;
export const GamePlayerFragmentDoc = new TypedDocumentString(`
    fragment GamePlayer on GameUser {
  user_game_id
  user {
    id
    username
  }
}
    `, {"fragmentName":"GamePlayer"}) as unknown as TypedDocumentString<GamePlayerFragment, unknown>;
export const LeaderboardSettingsFragmentDoc = new TypedDocumentString(`
    fragment LeaderboardSettings on Leaderboard {
  key
  name
  sort_order
  period_type
  operator
  is_active
}
    `, {"fragmentName":"LeaderboardSettings"}) as unknown as TypedDocumentString<LeaderboardSettingsFragment, unknown>;
export const SessionUserFieldsFragmentDoc = new TypedDocumentString(`
    fragment SessionUserFields on User {
  id
  username
  email
  role
  game_scope
  two_factor_enabled
}
    `, {"fragmentName":"SessionUserFields"}) as unknown as TypedDocumentString<SessionUserFieldsFragment, unknown>;
export const SessionTokenFragmentDoc = new TypedDocumentString(`
    fragment SessionToken on TokenReply {
  access_token
  user {
    ...SessionUserFields
  }
}
    fragment SessionUserFields on User {
  id
  username
  email
  role
  game_scope
  two_factor_enabled
}`, {"fragmentName":"SessionToken"}) as unknown as TypedDocumentString<SessionTokenFragment, unknown>;
export const NotificationDraftFragmentDoc = new TypedDocumentString(`
    fragment NotificationDraft on Notification {
  name
  descriptions {
    language_id
    description
  }
  variables {
    key
  }
  entries {
    time_second
    image
    login
    variables {
      key
      value
    }
  }
}
    `, {"fragmentName":"NotificationDraft"}) as unknown as TypedDocumentString<NotificationDraftFragment, unknown>;
export const LanguageOptionFragmentDoc = new TypedDocumentString(`
    fragment LanguageOption on Language {
  id
  code
  name
}
    `, {"fragmentName":"LanguageOption"}) as unknown as TypedDocumentString<LanguageOptionFragment, unknown>;
export const UploadImageDocument = new TypedDocumentString(`
    mutation UploadImage($input: ImageInput!) {
  uploadImage(input: $input) {
    ...UploadedImage
  }
}
    fragment UploadedImage on Image {
  path
  url
  content_type
}`) as unknown as TypedDocumentString<UploadImageMutation, UploadImageMutationVariables>;
export const GameTabsGameDocument = new TypedDocumentString(`
    query GameTabsGame($id: SafeInt!) {
  game(id: $id) {
    name
    modules {
      key
    }
  }
}
    `) as unknown as TypedDocumentString<GameTabsGameQuery, GameTabsGameQueryVariables>;
export const LayoutCurrenciesDocument = new TypedDocumentString(`
    query LayoutCurrencies {
  currencies(limit: 1000) {
    code
    exponent
    enabled
  }
}
    `) as unknown as TypedDocumentString<LayoutCurrenciesQuery, LayoutCurrenciesQueryVariables>;
export const ModuleGateConnectDocument = new TypedDocumentString(`
    mutation ModuleGateConnect($id: SafeInt!, $key: String!) {
  connectModule(game_id: $id, input: {module_key: $key}) {
    key
  }
}
    `) as unknown as TypedDocumentString<ModuleGateConnectMutation, ModuleGateConnectMutationVariables>;
export const PickerUsersDocument = new TypedDocumentString(`
    query PickerUsers($search: String) {
  users(search: $search, limit: 10) {
    id
    username
    email
  }
}
    `) as unknown as TypedDocumentString<PickerUsersQuery, PickerUsersQueryVariables>;
export const PickerGamesDocument = new TypedDocumentString(`
    query PickerGames($search: String) {
  games(search: $search, limit: 10) {
    id
    name
    slug
  }
}
    `) as unknown as TypedDocumentString<PickerGamesQuery, PickerGamesQueryVariables>;
export const ApiKeysListDocument = new TypedDocumentString(`
    query ApiKeysList {
  apiKeys(limit: 1000) {
    id
    name
    game_ids
    created_at
    expires_at
    last_used_at
    revoked_at
  }
  games(limit: 1000) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ApiKeysListQuery, ApiKeysListQueryVariables>;
export const ApiKeysCreateDocument = new TypedDocumentString(`
    mutation ApiKeysCreate($input: ApiKeyCreateInput!) {
  createApiKey(input: $input) {
    id
    name
    secret
  }
}
    `) as unknown as TypedDocumentString<ApiKeysCreateMutation, ApiKeysCreateMutationVariables>;
export const ApiKeysRevokeDocument = new TypedDocumentString(`
    mutation ApiKeysRevoke($id: SafeInt!) {
  revokeApiKey(id: $id)
}
    `) as unknown as TypedDocumentString<ApiKeysRevokeMutation, ApiKeysRevokeMutationVariables>;
export const AuditPageAuditDocument = new TypedDocumentString(`
    query AuditPageAudit($action: String, $target_type: String, $target_id: String, $game: SafeInt, $actor: SafeInt, $since: String, $until: String, $limit: Int, $offset: Int) {
  audit(
    action: $action
    target_type: $target_type
    target_id: $target_id
    game_id: $game
    actor_user_id: $actor
    since: $since
    until: $until
    limit: $limit
    offset: $offset
  ) {
    id
    action
    actor_user_id
    actor_role
    actor_username
    target_type
    target_id
    target_name
    game_id
    game_name
    ip
    changes
    created_at
  }
}
    `) as unknown as TypedDocumentString<AuditPageAuditQuery, AuditPageAuditQueryVariables>;
export const AuditPageActionsDocument = new TypedDocumentString(`
    query AuditPageActions {
  auditActions
}
    `) as unknown as TypedDocumentString<AuditPageActionsQuery, AuditPageActionsQueryVariables>;
export const ConfigHistoryPageConfigVersionsDocument = new TypedDocumentString(`
    query ConfigHistoryPageConfigVersions($g: SafeInt!, $limit: Int, $offset: Int) {
  configVersions(game_id: $g, limit: $limit, offset: $offset) {
    version
    change
    key
    created_by
    created_by_username
    created_at
  }
}
    `) as unknown as TypedDocumentString<ConfigHistoryPageConfigVersionsQuery, ConfigHistoryPageConfigVersionsQueryVariables>;
export const ConfigHistoryPageRollbackConfigDocument = new TypedDocumentString(`
    mutation ConfigHistoryPageRollbackConfig($g: SafeInt!, $input: RollbackInput!) {
  rollbackConfig(game_id: $g, input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<ConfigHistoryPageRollbackConfigMutation, ConfigHistoryPageRollbackConfigMutationVariables>;
export const ConfigHistoryPageComparisonDocument = new TypedDocumentString(`
    query ConfigHistoryPageComparison($g: SafeInt!, $from: Int!, $to: Int!, $hasFrom: Boolean!) {
  from: configVersion(game_id: $g, version: $from) @include(if: $hasFrom) {
    document
  }
  to: configVersion(game_id: $g, version: $to) {
    document
  }
}
    `) as unknown as TypedDocumentString<ConfigHistoryPageComparisonQuery, ConfigHistoryPageComparisonQueryVariables>;
export const OverridesListDocument = new TypedDocumentString(`
    query OverridesList($g: SafeInt!) {
  configOverrides(game_id: $g, limit: 1000) {
    id
    name
    starts_at
    ends_at
    live
    variables
  }
  variables(game_id: $g, limit: 1000) {
    key
    type
    table_value_type
  }
  config(game_id: $g) {
    overrides
  }
}
    `) as unknown as TypedDocumentString<OverridesListQuery, OverridesListQueryVariables>;
export const OverridesCreateDocument = new TypedDocumentString(`
    mutation OverridesCreate($g: SafeInt!, $input: ConfigOverrideInput!) {
  createConfigOverride(game_id: $g, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<OverridesCreateMutation, OverridesCreateMutationVariables>;
export const OverridesReplaceDocument = new TypedDocumentString(`
    mutation OverridesReplace($g: SafeInt!, $id: SafeInt!, $input: ConfigOverrideInput!) {
  replaceConfigOverride(game_id: $g, id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<OverridesReplaceMutation, OverridesReplaceMutationVariables>;
export const OverridesDeleteDocument = new TypedDocumentString(`
    mutation OverridesDelete($g: SafeInt!, $id: SafeInt!) {
  deleteConfigOverride(game_id: $g, id: $id)
}
    `) as unknown as TypedDocumentString<OverridesDeleteMutation, OverridesDeleteMutationVariables>;
export const CurrenciesListDocument = new TypedDocumentString(`
    query CurrenciesList {
  currencies(limit: 1000) {
    code
    exponent
    enabled
  }
}
    `) as unknown as TypedDocumentString<CurrenciesListQuery, CurrenciesListQueryVariables>;
export const CurrenciesCreateDocument = new TypedDocumentString(`
    mutation CurrenciesCreate($input: CurrencyCreateInput!) {
  createCurrency(input: $input) {
    code
  }
}
    `) as unknown as TypedDocumentString<CurrenciesCreateMutation, CurrenciesCreateMutationVariables>;
export const CurrenciesUpdateDocument = new TypedDocumentString(`
    mutation CurrenciesUpdate($code: String!, $input: CurrencyUpdateInput!) {
  updateCurrency(code: $code, input: $input) {
    code
    enabled
  }
}
    `) as unknown as TypedDocumentString<CurrenciesUpdateMutation, CurrenciesUpdateMutationVariables>;
export const GamePageGameDocument = new TypedDocumentString(`
    query GamePageGame($id: SafeInt!) {
  game(id: $id) {
    ...GameFields
  }
  modules {
    key
    name
  }
}
    fragment GameFields on Game {
  id
  name
  slug
  description
  image_url
  is_active
  modules {
    key
    name
  }
}`) as unknown as TypedDocumentString<GamePageGameQuery, GamePageGameQueryVariables>;
export const GamePageUpdateGameDocument = new TypedDocumentString(`
    mutation GamePageUpdateGame($id: SafeInt!, $input: GameInput!) {
  updateGame(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<GamePageUpdateGameMutation, GamePageUpdateGameMutationVariables>;
export const GamePageConnectModuleDocument = new TypedDocumentString(`
    mutation GamePageConnectModule($id: SafeInt!, $key: String!) {
  connectModule(game_id: $id, input: {module_key: $key}) {
    key
  }
}
    `) as unknown as TypedDocumentString<GamePageConnectModuleMutation, GamePageConnectModuleMutationVariables>;
export const GamePageDisconnectModuleDocument = new TypedDocumentString(`
    mutation GamePageDisconnectModule($id: SafeInt!, $key: String!) {
  disconnectModule(game_id: $id, module_key: $key)
}
    `) as unknown as TypedDocumentString<GamePageDisconnectModuleMutation, GamePageDisconnectModuleMutationVariables>;
export const GamePageDeleteGameDocument = new TypedDocumentString(`
    mutation GamePageDeleteGame($id: SafeInt!) {
  deleteGame(id: $id)
}
    `) as unknown as TypedDocumentString<GamePageDeleteGameMutation, GamePageDeleteGameMutationVariables>;
export const GamePlayersPagePlayersDocument = new TypedDocumentString(`
    query GamePlayersPagePlayers($g: SafeInt!, $search: String, $limit: Int, $offset: Int) {
  gameUsers(game_id: $g, search: $search, limit: $limit, offset: $offset) {
    user_game_id
    frozen
    balances {
      currency
      available_balance
      reserved_balance
    }
    user {
      id
      username
      email
      frozen
    }
  }
  gameUsersTotal(game_id: $g, search: $search)
}
    `) as unknown as TypedDocumentString<GamePlayersPagePlayersQuery, GamePlayersPagePlayersQueryVariables>;
export const GameReportsPageReportDocument = new TypedDocumentString(`
    query GameReportsPageReport($g: SafeInt!, $from: String, $to: String, $tz: String, $granularity: String) {
  gameReport(
    game_id: $g
    from: $from
    to: $to
    tz: $tz
    granularity: $granularity
  ) {
    periods {
      start
      currency
      bets_count
      bets_amount
      wins_amount
      ggr
      hold_pct
      rtp_pct
      active_players
      cancels_count
      topups_amount
      rewards_amount
    }
    totals {
      currency
      bets_count
      bets_amount
      wins_amount
      ggr
      hold_pct
      rtp_pct
      active_players
      cancels_count
      topups_amount
      rewards_amount
    }
  }
}
    `) as unknown as TypedDocumentString<GameReportsPageReportQuery, GameReportsPageReportQueryVariables>;
export const GamesPageGamesDocument = new TypedDocumentString(`
    query GamesPageGames($search: String, $limit: Int, $offset: Int) {
  games(search: $search, limit: $limit, offset: $offset) {
    ...GameFields
  }
  gamesTotal(search: $search)
}
    fragment GameFields on Game {
  id
  name
  slug
  description
  image_url
  is_active
  modules {
    key
    name
  }
}`) as unknown as TypedDocumentString<GamesPageGamesQuery, GamesPageGamesQueryVariables>;
export const GamesPageCreateGameDocument = new TypedDocumentString(`
    mutation GamesPageCreateGame($input: GameInput!) {
  createGame(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<GamesPageCreateGameMutation, GamesPageCreateGameMutationVariables>;
export const InvitesPageInvitesDocument = new TypedDocumentString(`
    query InvitesPageInvites($usable: Boolean, $limit: Int, $offset: Int) {
  invites(usable: $usable, limit: $limit, offset: $offset) {
    code
    role
    max_uses
    uses
    expires_at
    created_at
  }
  invitesTotal(usable: $usable)
}
    `) as unknown as TypedDocumentString<InvitesPageInvitesQuery, InvitesPageInvitesQueryVariables>;
export const InvitesPageCreateInviteDocument = new TypedDocumentString(`
    mutation InvitesPageCreateInvite($input: InviteInput!) {
  createInvite(input: $input) {
    code
    role
    max_uses
    expires_at
  }
}
    `) as unknown as TypedDocumentString<InvitesPageCreateInviteMutation, InvitesPageCreateInviteMutationVariables>;
export const InvitesPageDeleteInviteDocument = new TypedDocumentString(`
    mutation InvitesPageDeleteInvite($code: String!) {
  deleteInvite(code: $code)
}
    `) as unknown as TypedDocumentString<InvitesPageDeleteInviteMutation, InvitesPageDeleteInviteMutationVariables>;
export const LeaderboardPageLeaderboardDocument = new TypedDocumentString(`
    query LeaderboardPageLeaderboard($g: SafeInt!, $id: SafeInt!) {
  leaderboard(game_id: $g, id: $id) {
    id
    ...LeaderboardSettings
    rewards {
      rank_from
      rank_to
      amount
      currency
    }
  }
  leaderboardGroups(leaderboard_id: $id) {
    ...LeaderboardGroupRow
  }
}
    fragment LeaderboardGroupRow on LeaderboardGroup {
  id
  key
  name
  is_default
}
fragment LeaderboardSettings on Leaderboard {
  key
  name
  sort_order
  period_type
  operator
  is_active
}`) as unknown as TypedDocumentString<LeaderboardPageLeaderboardQuery, LeaderboardPageLeaderboardQueryVariables>;
export const LeaderboardPageRankingsDocument = new TypedDocumentString(`
    query LeaderboardPageRankings($id: SafeInt!, $group: SafeInt, $limit: Int, $around: SafeInt, $period: String) {
  rankings(
    leaderboard_id: $id
    group_id: $group
    limit: $limit
    around_user_game_id: $around
    period_start: $period
  ) {
    items {
      rank
      user_id
      user_game_id
      username
      score
    }
  }
}
    `) as unknown as TypedDocumentString<LeaderboardPageRankingsQuery, LeaderboardPageRankingsQueryVariables>;
export const LeaderboardPageGameUsersDocument = new TypedDocumentString(`
    query LeaderboardPageGameUsers($g: SafeInt!) {
  gameUsers(game_id: $g, limit: 1000) {
    ...GamePlayer
  }
}
    fragment GamePlayer on GameUser {
  user_game_id
  user {
    id
    username
  }
}`) as unknown as TypedDocumentString<LeaderboardPageGameUsersQuery, LeaderboardPageGameUsersQueryVariables>;
export const LeaderboardPageUpdateLeaderboardDocument = new TypedDocumentString(`
    mutation LeaderboardPageUpdateLeaderboard($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) {
  updateLeaderboard(game_id: $g, id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<LeaderboardPageUpdateLeaderboardMutation, LeaderboardPageUpdateLeaderboardMutationVariables>;
export const LeaderboardPageDeleteLeaderboardDocument = new TypedDocumentString(`
    mutation LeaderboardPageDeleteLeaderboard($g: SafeInt!, $id: SafeInt!) {
  deleteLeaderboard(game_id: $g, id: $id)
}
    `) as unknown as TypedDocumentString<LeaderboardPageDeleteLeaderboardMutation, LeaderboardPageDeleteLeaderboardMutationVariables>;
export const LeaderboardPageSaveScoreDocument = new TypedDocumentString(`
    mutation LeaderboardPageSaveScore($id: SafeInt!, $input: ScoreInput!) {
  saveScore(leaderboard_id: $id, input: $input) {
    score
  }
}
    `) as unknown as TypedDocumentString<LeaderboardPageSaveScoreMutation, LeaderboardPageSaveScoreMutationVariables>;
export const LeaderboardPageCreateLeaderboardGroupDocument = new TypedDocumentString(`
    mutation LeaderboardPageCreateLeaderboardGroup($id: SafeInt!, $input: GroupInput!) {
  createLeaderboardGroup(leaderboard_id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<LeaderboardPageCreateLeaderboardGroupMutation, LeaderboardPageCreateLeaderboardGroupMutationVariables>;
export const LeaderboardPageDeleteLeaderboardGroupDocument = new TypedDocumentString(`
    mutation LeaderboardPageDeleteLeaderboardGroup($id: SafeInt!) {
  deleteLeaderboardGroup(id: $id)
}
    `) as unknown as TypedDocumentString<LeaderboardPageDeleteLeaderboardGroupMutation, LeaderboardPageDeleteLeaderboardGroupMutationVariables>;
export const LeaderboardPageGroupMembersDocument = new TypedDocumentString(`
    query LeaderboardPageGroupMembers($group: SafeInt!) {
  groupMembers(group_id: $group, limit: 1000) {
    user_id
    username
  }
}
    `) as unknown as TypedDocumentString<LeaderboardPageGroupMembersQuery, LeaderboardPageGroupMembersQueryVariables>;
export const LeaderboardPageAddGroupMemberDocument = new TypedDocumentString(`
    mutation LeaderboardPageAddGroupMember($group: SafeInt!, $input: MemberInput!) {
  addGroupMember(group_id: $group, input: $input) {
    user_id
  }
}
    `) as unknown as TypedDocumentString<LeaderboardPageAddGroupMemberMutation, LeaderboardPageAddGroupMemberMutationVariables>;
export const LeaderboardPageRemoveGroupMemberDocument = new TypedDocumentString(`
    mutation LeaderboardPageRemoveGroupMember($group: SafeInt!, $user: SafeInt!) {
  removeGroupMember(group_id: $group, user_id: $user)
}
    `) as unknown as TypedDocumentString<LeaderboardPageRemoveGroupMemberMutation, LeaderboardPageRemoveGroupMemberMutationVariables>;
export const RewardsSaveDocument = new TypedDocumentString(`
    mutation RewardsSave($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) {
  updateLeaderboard(game_id: $g, id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<RewardsSaveMutation, RewardsSaveMutationVariables>;
export const RewardsPayoutsDocument = new TypedDocumentString(`
    query RewardsPayouts($id: SafeInt!) {
  leaderboardPayouts(leaderboard_id: $id, limit: 500) {
    period_start
    user_game_id
    user_id
    rank
    amount
    currency
    topup_id
    paid_at
  }
}
    `) as unknown as TypedDocumentString<RewardsPayoutsQuery, RewardsPayoutsQueryVariables>;
export const LeaderboardsPageLeaderboardsDocument = new TypedDocumentString(`
    query LeaderboardsPageLeaderboards($id: SafeInt!) {
  leaderboards(game_id: $id, limit: 1000) {
    id
    ...LeaderboardSettings
  }
}
    fragment LeaderboardSettings on Leaderboard {
  key
  name
  sort_order
  period_type
  operator
  is_active
}`) as unknown as TypedDocumentString<LeaderboardsPageLeaderboardsQuery, LeaderboardsPageLeaderboardsQueryVariables>;
export const LeaderboardsPageCreateLeaderboardDocument = new TypedDocumentString(`
    mutation LeaderboardsPageCreateLeaderboard($g: SafeInt!, $input: LeaderboardInput!) {
  createLeaderboard(game_id: $g, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<LeaderboardsPageCreateLeaderboardMutation, LeaderboardsPageCreateLeaderboardMutationVariables>;
export const LoginPageLoginDocument = new TypedDocumentString(`
    mutation LoginPageLogin($input: LoginInput!) {
  login(input: $input) {
    two_factor_required
    challenge
    access_token
    user {
      ...SessionUserFields
    }
  }
}
    fragment SessionUserFields on User {
  id
  username
  email
  role
  game_scope
  two_factor_enabled
}`) as unknown as TypedDocumentString<LoginPageLoginMutation, LoginPageLoginMutationVariables>;
export const LoginPageSecondStepDocument = new TypedDocumentString(`
    mutation LoginPageSecondStep($input: LoginTwoFactorInput!) {
  loginTwoFactor(input: $input) {
    ...SessionToken
  }
}
    fragment SessionUserFields on User {
  id
  username
  email
  role
  game_scope
  two_factor_enabled
}
fragment SessionToken on TokenReply {
  access_token
  user {
    ...SessionUserFields
  }
}`) as unknown as TypedDocumentString<LoginPageSecondStepMutation, LoginPageSecondStepMutationVariables>;
export const NotificationsPageNotificationsDocument = new TypedDocumentString(`
    query NotificationsPageNotifications($id: SafeInt!) {
  notifications(game_id: $id, limit: 1000) {
    id
    macros
    ...NotificationDraft
  }
  languages {
    ...LanguageOption
  }
}
    fragment NotificationDraft on Notification {
  name
  descriptions {
    language_id
    description
  }
  variables {
    key
  }
  entries {
    time_second
    image
    login
    variables {
      key
      value
    }
  }
}
fragment LanguageOption on Language {
  id
  code
  name
}`) as unknown as TypedDocumentString<NotificationsPageNotificationsQuery, NotificationsPageNotificationsQueryVariables>;
export const NotificationsPageReplaceNotificationDocument = new TypedDocumentString(`
    mutation NotificationsPageReplaceNotification($g: SafeInt!, $id: SafeInt!, $input: NotificationInput!) {
  replaceNotification(game_id: $g, id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<NotificationsPageReplaceNotificationMutation, NotificationsPageReplaceNotificationMutationVariables>;
export const NotificationsPageCreateNotificationDocument = new TypedDocumentString(`
    mutation NotificationsPageCreateNotification($g: SafeInt!, $input: NotificationInput!) {
  createNotification(game_id: $g, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<NotificationsPageCreateNotificationMutation, NotificationsPageCreateNotificationMutationVariables>;
export const NotificationsPageDeleteNotificationDocument = new TypedDocumentString(`
    mutation NotificationsPageDeleteNotification($g: SafeInt!, $id: SafeInt!) {
  deleteNotification(game_id: $g, id: $id)
}
    `) as unknown as TypedDocumentString<NotificationsPageDeleteNotificationMutation, NotificationsPageDeleteNotificationMutationVariables>;
export const OpsPageSyncStatusDocument = new TypedDocumentString(`
    query OpsPageSyncStatus {
  syncStatus {
    outbox_entries
    outbox_pending
    partitions_with_entries
    oldest_age_ms
    queue {
      state
      count
    }
    checked_at
  }
}
    `) as unknown as TypedDocumentString<OpsPageSyncStatusQuery, OpsPageSyncStatusQueryVariables>;
export const OpsPageOpsTimelineDocument = new TypedDocumentString(`
    query OpsPageOpsTimeline($minutes: Int) {
  opsTimeline(minutes: $minutes) {
    points {
      at
      grpc_calls_per_s
      grpc_p99_ms
      sync_lag_ms
      outbox_entries
    }
  }
}
    `) as unknown as TypedDocumentString<OpsPageOpsTimelineQuery, OpsPageOpsTimelineQueryVariables>;
export const PayoutPreviewQueryDocument = new TypedDocumentString(`
    query PayoutPreviewQuery($id: SafeInt!) {
  leaderboardPayoutPreview(leaderboard_id: $id) {
    period_start
    closes_at
    payouts_total
    payouts {
      user_game_id
      user_id
      rank
      amount
      currency
    }
  }
}
    `) as unknown as TypedDocumentString<PayoutPreviewQueryQuery, PayoutPreviewQueryQueryVariables>;
export const PlayerHomeGamesDocument = new TypedDocumentString(`
    query PlayerHomeGames($me: SafeInt!) {
  userFreeze(user_id: $me) {
    frozen
    reason
    frozen_at
  }
  userGames(user_id: $me, limit: 100) {
    user_game_id
    game {
      id
      name
      modules {
        key
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PlayerHomeGamesQuery, PlayerHomeGamesQueryVariables>;
export const RegisterPageInviteCheckDocument = new TypedDocumentString(`
    query RegisterPageInviteCheck($code: String!) {
  inviteCheck(code: $code) {
    valid
    role
    remaining_uses
  }
}
    `) as unknown as TypedDocumentString<RegisterPageInviteCheckQuery, RegisterPageInviteCheckQueryVariables>;
export const RegisterPageRegisterDocument = new TypedDocumentString(`
    mutation RegisterPageRegister($input: RegisterInput!) {
  register(input: $input) {
    ...SessionToken
  }
}
    fragment SessionUserFields on User {
  id
  username
  email
  role
  game_scope
  two_factor_enabled
}
fragment SessionToken on TokenReply {
  access_token
  user {
    ...SessionUserFields
  }
}`) as unknown as TypedDocumentString<RegisterPageRegisterMutation, RegisterPageRegisterMutationVariables>;
export const ReportsPageSummaryDocument = new TypedDocumentString(`
    query ReportsPageSummary($from: String, $to: String, $tz: String) {
  reportSummary(from: $from, to: $to, tz: $tz) {
    games {
      game_id
      game_name
      currency
      bets_count
      bets_amount
      wins_amount
      ggr
      hold_pct
      rtp_pct
      active_players
      cancels_count
      topups_amount
      rewards_amount
    }
    totals {
      currency
      bets_count
      bets_amount
      wins_amount
      ggr
      hold_pct
      rtp_pct
      active_players
      cancels_count
      topups_amount
      rewards_amount
    }
  }
}
    `) as unknown as TypedDocumentString<ReportsPageSummaryQuery, ReportsPageSummaryQueryVariables>;
export const TwoFactorMeDocument = new TypedDocumentString(`
    query TwoFactorMe {
  me {
    ...SessionUserFields
  }
}
    fragment SessionUserFields on User {
  id
  username
  email
  role
  game_scope
  two_factor_enabled
}`) as unknown as TypedDocumentString<TwoFactorMeQuery, TwoFactorMeQueryVariables>;
export const TwoFactorSetupDocument = new TypedDocumentString(`
    mutation TwoFactorSetup {
  setupTwoFactor {
    secret
    otpauth_uri
    qr_image
  }
}
    `) as unknown as TypedDocumentString<TwoFactorSetupMutation, TwoFactorSetupMutationVariables>;
export const TwoFactorConfirmDocument = new TypedDocumentString(`
    mutation TwoFactorConfirm($input: CodeInput!) {
  confirmTwoFactor(input: $input) {
    recovery_codes
  }
}
    `) as unknown as TypedDocumentString<TwoFactorConfirmMutation, TwoFactorConfirmMutationVariables>;
export const TwoFactorDisableDocument = new TypedDocumentString(`
    mutation TwoFactorDisable($input: CodeInput!) {
  disableTwoFactor(input: $input)
}
    `) as unknown as TypedDocumentString<TwoFactorDisableMutation, TwoFactorDisableMutationVariables>;
export const TwoFactorCodesLeftDocument = new TypedDocumentString(`
    query TwoFactorCodesLeft {
  recoveryCodesLeft {
    left
  }
}
    `) as unknown as TypedDocumentString<TwoFactorCodesLeftQuery, TwoFactorCodesLeftQueryVariables>;
export const TwoFactorRenewCodesDocument = new TypedDocumentString(`
    mutation TwoFactorRenewCodes($input: CodeInput!) {
  renewRecoveryCodes(input: $input) {
    recovery_codes
  }
}
    `) as unknown as TypedDocumentString<TwoFactorRenewCodesMutation, TwoFactorRenewCodesMutationVariables>;
export const DataRightsBalancesDocument = new TypedDocumentString(`
    query DataRightsBalances($id: SafeInt!) {
  balances(user_game_id: $id) {
    currency
    available_balance
    reserved_balance
  }
}
    `) as unknown as TypedDocumentString<DataRightsBalancesQuery, DataRightsBalancesQueryVariables>;
export const DataRightsCloseDocument = new TypedDocumentString(`
    mutation DataRightsClose($id: SafeInt!, $input: WalletCloseInput!) {
  closeWallet(user_game_id: $id, input: $input) {
    amount
    currency
  }
}
    `) as unknown as TypedDocumentString<DataRightsCloseMutation, DataRightsCloseMutationVariables>;
export const DataRightsEraseDocument = new TypedDocumentString(`
    mutation DataRightsErase($id: SafeInt!, $input: UserEraseInput!) {
  eraseUser(id: $id, input: $input) {
    id
    erased_at
  }
}
    `) as unknown as TypedDocumentString<DataRightsEraseMutation, DataRightsEraseMutationVariables>;
export const UserPageUserDocument = new TypedDocumentString(`
    query UserPageUser($id: SafeInt!) {
  user(id: $id) {
    ...UserFields
    erased_at
    export_url
    game_scope_games {
      id
      name
      slug
    }
  }
  userFreeze(user_id: $id) {
    frozen
    reason
    frozen_at
  }
  userGames(user_id: $id) {
    user_game_id
    game {
      id
      name
    }
  }
}
    fragment UserFields on User {
  id
  email
  username
  role
  is_active
  game_scope
  created_at
}`) as unknown as TypedDocumentString<UserPageUserQuery, UserPageUserQueryVariables>;
export const UserPageFreezeDocument = new TypedDocumentString(`
    mutation UserPageFreeze($id: SafeInt!, $reason: String) {
  freezeUser(user_id: $id, input: {reason: $reason}) {
    frozen
  }
}
    `) as unknown as TypedDocumentString<UserPageFreezeMutation, UserPageFreezeMutationVariables>;
export const UserPageUnfreezeDocument = new TypedDocumentString(`
    mutation UserPageUnfreeze($id: SafeInt!) {
  unfreezeUser(user_id: $id)
}
    `) as unknown as TypedDocumentString<UserPageUnfreezeMutation, UserPageUnfreezeMutationVariables>;
export const UserPageUpdateUserDocument = new TypedDocumentString(`
    mutation UserPageUpdateUser($id: SafeInt!, $input: UserPatch!) {
  updateUser(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UserPageUpdateUserMutation, UserPageUpdateUserMutationVariables>;
export const UserPageConnectGameDocument = new TypedDocumentString(`
    mutation UserPageConnectGame($id: SafeInt!, $input: ConnectGameInput!) {
  connectGame(user_id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UserPageConnectGameMutation, UserPageConnectGameMutationVariables>;
export const UserPageBalancesDocument = new TypedDocumentString(`
    query UserPageBalances($id: SafeInt!) {
  balances(user_game_id: $id) {
    currency
    available_balance
    reserved_balance
  }
}
    `) as unknown as TypedDocumentString<UserPageBalancesQuery, UserPageBalancesQueryVariables>;
export const UserPageSetGameScopeDocument = new TypedDocumentString(`
    mutation UserPageSetGameScope($id: SafeInt!, $input: GameScopeInput!) {
  setUserGameScope(id: $id, input: $input) {
    id
    game_scope
  }
}
    `) as unknown as TypedDocumentString<UserPageSetGameScopeMutation, UserPageSetGameScopeMutationVariables>;
export const UserPageDisconnectGameDocument = new TypedDocumentString(`
    mutation UserPageDisconnectGame($id: SafeInt!, $game: SafeInt!) {
  disconnectGame(user_id: $id, game_id: $game)
}
    `) as unknown as TypedDocumentString<UserPageDisconnectGameMutation, UserPageDisconnectGameMutationVariables>;
export const UsersPageUsersDocument = new TypedDocumentString(`
    query UsersPageUsers($search: String, $limit: Int, $offset: Int) {
  users(search: $search, limit: $limit, offset: $offset) {
    ...UserFields
    frozen
  }
  usersTotal(search: $search)
}
    fragment UserFields on User {
  id
  email
  username
  role
  is_active
  game_scope
  created_at
}`) as unknown as TypedDocumentString<UsersPageUsersQuery, UsersPageUsersQueryVariables>;
export const VariablesPageVariablesDocument = new TypedDocumentString(`
    query VariablesPageVariables($id: SafeInt!) {
  variables(game_id: $id, limit: 1000) {
    id
    key
    type
    number_value
    string_value
    table_value_type
    items {
      key
      index
      number_value
      string_value
    }
  }
}
    `) as unknown as TypedDocumentString<VariablesPageVariablesQuery, VariablesPageVariablesQueryVariables>;
export const VariablesPageConfigDocument = new TypedDocumentString(`
    query VariablesPageConfig($id: SafeInt!) {
  config(game_id: $id) {
    etag
    document
  }
}
    `) as unknown as TypedDocumentString<VariablesPageConfigQuery, VariablesPageConfigQueryVariables>;
export const VariablesPageReplaceVariableDocument = new TypedDocumentString(`
    mutation VariablesPageReplaceVariable($g: SafeInt!, $id: SafeInt!, $input: VariableInput!) {
  replaceVariable(game_id: $g, id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<VariablesPageReplaceVariableMutation, VariablesPageReplaceVariableMutationVariables>;
export const VariablesPageCreateVariableDocument = new TypedDocumentString(`
    mutation VariablesPageCreateVariable($g: SafeInt!, $input: VariableInput!) {
  createVariable(game_id: $g, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<VariablesPageCreateVariableMutation, VariablesPageCreateVariableMutationVariables>;
export const VariablesPageDeleteVariableDocument = new TypedDocumentString(`
    mutation VariablesPageDeleteVariable($g: SafeInt!, $id: SafeInt!) {
  deleteVariable(game_id: $g, id: $id)
}
    `) as unknown as TypedDocumentString<VariablesPageDeleteVariableMutation, VariablesPageDeleteVariableMutationVariables>;
export const WalletLimitsDocument = new TypedDocumentString(`
    query WalletLimits($id: SafeInt!) {
  walletLimits(user_game_id: $id) {
    currency
    max_bet
    loss_limit
    loss_period
    net_loss
    pending {
      max_bet
      loss_limit
      loss_period
      effective_at
    }
  }
}
    `) as unknown as TypedDocumentString<WalletLimitsQuery, WalletLimitsQueryVariables>;
export const WalletLimitsSetDocument = new TypedDocumentString(`
    mutation WalletLimitsSet($id: SafeInt!, $input: LimitsInput!) {
  setWalletLimits(user_game_id: $id, input: $input) {
    currency
    max_bet
    pending {
      effective_at
    }
  }
}
    `) as unknown as TypedDocumentString<WalletLimitsSetMutation, WalletLimitsSetMutationVariables>;
export const WalletPageWalletDocument = new TypedDocumentString(`
    query WalletPageWallet($id: SafeInt!) {
  userGame(user_game_id: $id) {
    id
    user_id
    username
    game_id
    game_name
  }
  balances(user_game_id: $id) {
    currency
    available_balance
    reserved_balance
  }
  userGameFreeze(user_game_id: $id) {
    frozen
    user {
      frozen
      reason
      frozen_at
    }
    user_game {
      frozen
      reason
      frozen_at
    }
  }
}
    `) as unknown as TypedDocumentString<WalletPageWalletQuery, WalletPageWalletQueryVariables>;
export const WalletPageFreezeDocument = new TypedDocumentString(`
    mutation WalletPageFreeze($id: SafeInt!, $reason: String) {
  freezeUserGame(user_game_id: $id, input: {reason: $reason}) {
    frozen
  }
}
    `) as unknown as TypedDocumentString<WalletPageFreezeMutation, WalletPageFreezeMutationVariables>;
export const WalletPageUnfreezeDocument = new TypedDocumentString(`
    mutation WalletPageUnfreeze($id: SafeInt!) {
  unfreezeUserGame(user_game_id: $id)
}
    `) as unknown as TypedDocumentString<WalletPageUnfreezeMutation, WalletPageUnfreezeMutationVariables>;
export const WalletPageUnfreezeUserDocument = new TypedDocumentString(`
    mutation WalletPageUnfreezeUser($id: SafeInt!) {
  unfreezeUser(user_id: $id)
}
    `) as unknown as TypedDocumentString<WalletPageUnfreezeUserMutation, WalletPageUnfreezeUserMutationVariables>;
export const WalletPageTransactionsDocument = new TypedDocumentString(`
    query WalletPageTransactions($id: SafeInt!, $kind: String, $until: String, $after: SafeInt, $limit: Int) {
  transactions(
    user_game_id: $id
    kind: $kind
    until: $until
    after_id: $after
    limit: $limit
  ) {
    id
    kind
    amount
    win_amount
    currency
    transaction_id
    round_id
    comment
    available_balance
    reserved_balance
    created_at
  }
}
    `) as unknown as TypedDocumentString<WalletPageTransactionsQuery, WalletPageTransactionsQueryVariables>;
export const WalletPageBalancesAtDocument = new TypedDocumentString(`
    query WalletPageBalancesAt($id: SafeInt!, $at: String) {
  balances(user_game_id: $id, at: $at) {
    currency
    available_balance
    reserved_balance
  }
}
    `) as unknown as TypedDocumentString<WalletPageBalancesAtQuery, WalletPageBalancesAtQueryVariables>;
export const WalletPageTopupDocument = new TypedDocumentString(`
    mutation WalletPageTopup($id: SafeInt!, $input: TopupInput!, $key: String) {
  topup(user_game_id: $id, input: $input, idempotency_key: $key) {
    id
  }
}
    `) as unknown as TypedDocumentString<WalletPageTopupMutation, WalletPageTopupMutationVariables>;
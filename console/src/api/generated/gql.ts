/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment GameFields on Game { id name slug description image_url is_active modules { key name } }": typeof types.GameFieldsFragmentDoc,
    "fragment UserFields on User { id email username role is_active game_scope created_at }": typeof types.UserFieldsFragmentDoc,
    "fragment UploadedImage on Image { path url content_type }": typeof types.UploadedImageFragmentDoc,
    "mutation UploadImage ($input: ImageInput!) { uploadImage(input: $input) { ...UploadedImage } }": typeof types.UploadImageDocument,
    "query GameTabsGame ($id: SafeInt!) { game(id: $id) { name modules { key } } }": typeof types.GameTabsGameDocument,
    "query LayoutCurrencies { currencies(limit: 1000) { code exponent enabled } }": typeof types.LayoutCurrenciesDocument,
    "mutation ModuleGateConnect ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }": typeof types.ModuleGateConnectDocument,
    "query PickerUsers ($search: String) { users(search: $search, limit: 10) { id username email } }": typeof types.PickerUsersDocument,
    "query PickerGames ($search: String) { games(search: $search, limit: 10) { id name slug } }": typeof types.PickerGamesDocument,
    "query ApiKeysList { apiKeys(limit: 1000) { id name game_ids created_at expires_at last_used_at revoked_at } games(limit: 1000) { id name } }": typeof types.ApiKeysListDocument,
    "mutation ApiKeysCreate ($input: ApiKeyCreateInput!) { createApiKey(input: $input) { id name secret } }": typeof types.ApiKeysCreateDocument,
    "mutation ApiKeysRevoke ($id: SafeInt!) { revokeApiKey(id: $id) }": typeof types.ApiKeysRevokeDocument,
    "query AuditPageAudit ($action: String, $target_type: String, $target_id: String, $game: SafeInt, $actor: SafeInt, $since: String, $until: String, $limit: Int, $offset: Int) {\n  audit(action: $action, target_type: $target_type, target_id: $target_id, game_id: $game, actor_user_id: $actor, since: $since, until: $until, limit: $limit, offset: $offset) {\n    id action actor_user_id actor_role actor_username target_type target_id target_name game_id game_name ip changes created_at\n  }\n}": typeof types.AuditPageAuditDocument,
    "query AuditPageActions { auditActions }": typeof types.AuditPageActionsDocument,
    "query ConfigHistoryPageConfigVersions ($g: SafeInt!, $limit: Int, $offset: Int) { configVersions(game_id: $g, limit: $limit, offset: $offset) { version change key created_by created_by_username created_at } }": typeof types.ConfigHistoryPageConfigVersionsDocument,
    "mutation ConfigHistoryPageRollbackConfig ($g: SafeInt!, $input: RollbackInput!) { rollbackConfig(game_id: $g, input: $input) { version } }": typeof types.ConfigHistoryPageRollbackConfigDocument,
    "query ConfigHistoryPageComparison ($g: SafeInt!, $from: Int!, $to: Int!, $hasFrom: Boolean!) { from: configVersion(game_id: $g, version: $from) @include(if: $hasFrom) { document } to: configVersion(game_id: $g, version: $to) { document } }": typeof types.ConfigHistoryPageComparisonDocument,
    "query OverridesList ($g: SafeInt!) { configOverrides(game_id: $g, limit: 1000) { id name starts_at ends_at live variables } variables(game_id: $g, limit: 1000) { key type table_value_type } config(game_id: $g) { overrides } }": typeof types.OverridesListDocument,
    "mutation OverridesCreate ($g: SafeInt!, $input: ConfigOverrideInput!) { createConfigOverride(game_id: $g, input: $input) { id } }": typeof types.OverridesCreateDocument,
    "mutation OverridesReplace ($g: SafeInt!, $id: SafeInt!, $input: ConfigOverrideInput!) { replaceConfigOverride(game_id: $g, id: $id, input: $input) { id } }": typeof types.OverridesReplaceDocument,
    "mutation OverridesDelete ($g: SafeInt!, $id: SafeInt!) { deleteConfigOverride(game_id: $g, id: $id) }": typeof types.OverridesDeleteDocument,
    "query CurrenciesList { currencies(limit: 1000) { code exponent enabled } }": typeof types.CurrenciesListDocument,
    "mutation CurrenciesCreate ($input: CurrencyCreateInput!) { createCurrency(input: $input) { code } }": typeof types.CurrenciesCreateDocument,
    "mutation CurrenciesUpdate ($code: String!, $input: CurrencyUpdateInput!) { updateCurrency(code: $code, input: $input) { code enabled } }": typeof types.CurrenciesUpdateDocument,
    "query GamePageGame ($id: SafeInt!) { game(id: $id) { ...GameFields } modules { key name } }": typeof types.GamePageGameDocument,
    "mutation GamePageUpdateGame ($id: SafeInt!, $input: GameInput!) { updateGame(id: $id, input: $input) { id } }": typeof types.GamePageUpdateGameDocument,
    "mutation GamePageConnectModule ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }": typeof types.GamePageConnectModuleDocument,
    "mutation GamePageDisconnectModule ($id: SafeInt!, $key: String!) { disconnectModule(game_id: $id, module_key: $key) }": typeof types.GamePageDisconnectModuleDocument,
    "mutation GamePageDeleteGame ($id: SafeInt!) { deleteGame(id: $id) }": typeof types.GamePageDeleteGameDocument,
    "query GamePlayersPagePlayers ($g: SafeInt!, $search: String, $limit: Int, $offset: Int) {\n  gameUsers(game_id: $g, search: $search, limit: $limit, offset: $offset) { user_game_id frozen balances { currency available_balance reserved_balance } user { id username email frozen } }\n  gameUsersTotal(game_id: $g, search: $search)\n}": typeof types.GamePlayersPagePlayersDocument,
    "query GameReportsPageReport ($g: SafeInt!, $from: String, $to: String, $tz: String, $granularity: String) {\n  gameReport(game_id: $g, from: $from, to: $to, tz: $tz, granularity: $granularity) {\n    periods { start currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n  }\n}": typeof types.GameReportsPageReportDocument,
    "query GamesPageGames ($search: String, $limit: Int, $offset: Int) {\n  games(search: $search, limit: $limit, offset: $offset) { ...GameFields }\n  gamesTotal(search: $search)\n}": typeof types.GamesPageGamesDocument,
    "mutation GamesPageCreateGame ($input: GameInput!) { createGame(input: $input) { id } }": typeof types.GamesPageCreateGameDocument,
    "query InvitesPageInvites ($usable: Boolean, $limit: Int, $offset: Int) {\n  invites(usable: $usable, limit: $limit, offset: $offset) { code role max_uses uses expires_at created_at }\n  invitesTotal(usable: $usable)\n}": typeof types.InvitesPageInvitesDocument,
    "mutation InvitesPageCreateInvite ($input: InviteInput!) { createInvite(input: $input) { code role max_uses expires_at } }": typeof types.InvitesPageCreateInviteDocument,
    "mutation InvitesPageDeleteInvite ($code: String!) { deleteInvite(code: $code) }": typeof types.InvitesPageDeleteInviteDocument,
    "fragment LeaderboardGroupRow on LeaderboardGroup { id key name is_default }": typeof types.LeaderboardGroupRowFragmentDoc,
    "fragment GamePlayer on GameUser { user_game_id user { id username } }": typeof types.GamePlayerFragmentDoc,
    "query LeaderboardPageLeaderboard ($g: SafeInt!, $id: SafeInt!) { leaderboard(game_id: $g, id: $id) { id ...LeaderboardSettings rewards { rank_from rank_to amount currency } } leaderboardGroups(leaderboard_id: $id) { ...LeaderboardGroupRow } }": typeof types.LeaderboardPageLeaderboardDocument,
    "query LeaderboardPageRankings ($id: SafeInt!, $group: SafeInt, $limit: Int, $around: SafeInt, $period: String) { rankings(leaderboard_id: $id, group_id: $group, limit: $limit, around_user_game_id: $around, period_start: $period) { items { rank user_id user_game_id username score } } }": typeof types.LeaderboardPageRankingsDocument,
    "query LeaderboardPageGameUsers ($g: SafeInt!) { gameUsers(game_id: $g, limit: 1000) { ...GamePlayer } }": typeof types.LeaderboardPageGameUsersDocument,
    "mutation LeaderboardPageUpdateLeaderboard ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }": typeof types.LeaderboardPageUpdateLeaderboardDocument,
    "mutation LeaderboardPageDeleteLeaderboard ($g: SafeInt!, $id: SafeInt!) { deleteLeaderboard(game_id: $g, id: $id) }": typeof types.LeaderboardPageDeleteLeaderboardDocument,
    "mutation LeaderboardPageSaveScore ($id: SafeInt!, $input: ScoreInput!) { saveScore(leaderboard_id: $id, input: $input) { score } }": typeof types.LeaderboardPageSaveScoreDocument,
    "mutation LeaderboardPageCreateLeaderboardGroup ($id: SafeInt!, $input: GroupInput!) { createLeaderboardGroup(leaderboard_id: $id, input: $input) { id } }": typeof types.LeaderboardPageCreateLeaderboardGroupDocument,
    "mutation LeaderboardPageDeleteLeaderboardGroup ($id: SafeInt!) { deleteLeaderboardGroup(id: $id) }": typeof types.LeaderboardPageDeleteLeaderboardGroupDocument,
    "query LeaderboardPageGroupMembers ($group: SafeInt!) { groupMembers(group_id: $group, limit: 1000) { user_id username } }": typeof types.LeaderboardPageGroupMembersDocument,
    "mutation LeaderboardPageAddGroupMember ($group: SafeInt!, $input: MemberInput!) { addGroupMember(group_id: $group, input: $input) { user_id } }": typeof types.LeaderboardPageAddGroupMemberDocument,
    "mutation LeaderboardPageRemoveGroupMember ($group: SafeInt!, $user: SafeInt!) { removeGroupMember(group_id: $group, user_id: $user) }": typeof types.LeaderboardPageRemoveGroupMemberDocument,
    "mutation RewardsSave ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }": typeof types.RewardsSaveDocument,
    "query RewardsPayouts ($id: SafeInt!) { leaderboardPayouts(leaderboard_id: $id, limit: 500) { period_start user_game_id user_id rank amount currency topup_id paid_at } }": typeof types.RewardsPayoutsDocument,
    "fragment LeaderboardSettings on Leaderboard { key name sort_order period_type operator is_active }": typeof types.LeaderboardSettingsFragmentDoc,
    "query LeaderboardsPageLeaderboards ($id: SafeInt!) { leaderboards(game_id: $id, limit: 1000) { id ...LeaderboardSettings } }": typeof types.LeaderboardsPageLeaderboardsDocument,
    "mutation LeaderboardsPageCreateLeaderboard ($g: SafeInt!, $input: LeaderboardInput!) { createLeaderboard(game_id: $g, input: $input) { id } }": typeof types.LeaderboardsPageCreateLeaderboardDocument,
    "fragment SessionUserFields on User { id username email role game_scope two_factor_enabled }": typeof types.SessionUserFieldsFragmentDoc,
    "fragment SessionToken on TokenReply { access_token user { ...SessionUserFields } }": typeof types.SessionTokenFragmentDoc,
    "mutation LoginPageLogin ($input: LoginInput!) { login(input: $input) { two_factor_required challenge access_token user { ...SessionUserFields } } }": typeof types.LoginPageLoginDocument,
    "mutation LoginPageSecondStep ($input: LoginTwoFactorInput!) { loginTwoFactor(input: $input) { ...SessionToken } }": typeof types.LoginPageSecondStepDocument,
    "fragment NotificationDraft on Notification { name descriptions { language_id description } variables { key } entries { time_second image login variables { key value } } }": typeof types.NotificationDraftFragmentDoc,
    "fragment LanguageOption on Language { id code name }": typeof types.LanguageOptionFragmentDoc,
    "query NotificationsPageNotifications ($id: SafeInt!) { notifications(game_id: $id, limit: 1000) { id macros ...NotificationDraft } languages { ...LanguageOption } }": typeof types.NotificationsPageNotificationsDocument,
    "mutation NotificationsPageReplaceNotification ($g: SafeInt!, $id: SafeInt!, $input: NotificationInput!) { replaceNotification(game_id: $g, id: $id, input: $input) { id } }": typeof types.NotificationsPageReplaceNotificationDocument,
    "mutation NotificationsPageCreateNotification ($g: SafeInt!, $input: NotificationInput!) { createNotification(game_id: $g, input: $input) { id } }": typeof types.NotificationsPageCreateNotificationDocument,
    "mutation NotificationsPageDeleteNotification ($g: SafeInt!, $id: SafeInt!) { deleteNotification(game_id: $g, id: $id) }": typeof types.NotificationsPageDeleteNotificationDocument,
    "query OpsPageSyncStatus { syncStatus { outbox_entries outbox_pending partitions_with_entries oldest_age_ms queue { state count } checked_at } }": typeof types.OpsPageSyncStatusDocument,
    "query OpsPageOpsTimeline ($minutes: Int) { opsTimeline(minutes: $minutes) { points { at grpc_calls_per_s grpc_p99_ms sync_lag_ms outbox_entries } } }": typeof types.OpsPageOpsTimelineDocument,
    "query PayoutPreviewQuery ($id: SafeInt!) { leaderboardPayoutPreview(leaderboard_id: $id) { period_start closes_at payouts_total payouts { user_game_id user_id rank amount currency } } }": typeof types.PayoutPreviewQueryDocument,
    "query PlayerHomeGames ($me: SafeInt!) { userFreeze(user_id: $me) { frozen reason frozen_at } userGames(user_id: $me, limit: 100) { user_game_id game { id name modules { key } } } }": typeof types.PlayerHomeGamesDocument,
    "query RegisterPageInviteCheck ($code: String!) { inviteCheck(code: $code) { valid role remaining_uses } }": typeof types.RegisterPageInviteCheckDocument,
    "mutation RegisterPageRegister ($input: RegisterInput!) { register(input: $input) { ...SessionToken } }": typeof types.RegisterPageRegisterDocument,
    "query ReportsPageSummary ($from: String, $to: String, $tz: String) {\n  reportSummary(from: $from, to: $to, tz: $tz) {\n    games { game_id game_name currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n  }\n}": typeof types.ReportsPageSummaryDocument,
    "query TwoFactorMe { me { ...SessionUserFields } }": typeof types.TwoFactorMeDocument,
    "mutation TwoFactorSetup { setupTwoFactor { secret otpauth_uri qr_image } }": typeof types.TwoFactorSetupDocument,
    "mutation TwoFactorConfirm ($input: CodeInput!) { confirmTwoFactor(input: $input) { recovery_codes } }": typeof types.TwoFactorConfirmDocument,
    "mutation TwoFactorDisable ($input: CodeInput!) { disableTwoFactor(input: $input) }": typeof types.TwoFactorDisableDocument,
    "query TwoFactorCodesLeft { recoveryCodesLeft { left } }": typeof types.TwoFactorCodesLeftDocument,
    "mutation TwoFactorRenewCodes ($input: CodeInput!) { renewRecoveryCodes(input: $input) { recovery_codes } }": typeof types.TwoFactorRenewCodesDocument,
    "query DataRightsBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }": typeof types.DataRightsBalancesDocument,
    "mutation DataRightsClose ($id: SafeInt!, $input: WalletCloseInput!) { closeWallet(user_game_id: $id, input: $input) { amount currency } }": typeof types.DataRightsCloseDocument,
    "mutation DataRightsErase ($id: SafeInt!, $input: UserEraseInput!) { eraseUser(id: $id, input: $input) { id erased_at } }": typeof types.DataRightsEraseDocument,
    "query UserPageUser ($id: SafeInt!) { user(id: $id) { ...UserFields erased_at export_url game_scope_games { id name slug } } userFreeze(user_id: $id) { frozen reason frozen_at } userGames(user_id: $id) { user_game_id game { id name } } }": typeof types.UserPageUserDocument,
    "mutation UserPageFreeze ($id: SafeInt!, $reason: String) { freezeUser(user_id: $id, input: { reason: $reason }) { frozen } }": typeof types.UserPageFreezeDocument,
    "mutation UserPageUnfreeze ($id: SafeInt!) { unfreezeUser(user_id: $id) }": typeof types.UserPageUnfreezeDocument,
    "mutation UserPageUpdateUser ($id: SafeInt!, $input: UserPatch!) { updateUser(id: $id, input: $input) { id } }": typeof types.UserPageUpdateUserDocument,
    "mutation UserPageConnectGame ($id: SafeInt!, $input: ConnectGameInput!) { connectGame(user_id: $id, input: $input) { id } }": typeof types.UserPageConnectGameDocument,
    "query UserPageBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }": typeof types.UserPageBalancesDocument,
    "mutation UserPageSetGameScope ($id: SafeInt!, $input: GameScopeInput!) { setUserGameScope(id: $id, input: $input) { id game_scope } }": typeof types.UserPageSetGameScopeDocument,
    "mutation UserPageDisconnectGame ($id: SafeInt!, $game: SafeInt!) { disconnectGame(user_id: $id, game_id: $game) }": typeof types.UserPageDisconnectGameDocument,
    "query UsersPageUsers ($search: String, $limit: Int, $offset: Int) {\n  users(search: $search, limit: $limit, offset: $offset) { ...UserFields frozen }\n  usersTotal(search: $search)\n}": typeof types.UsersPageUsersDocument,
    "query VariablesPageVariables ($id: SafeInt!) { variables(game_id: $id, limit: 1000) { id key type number_value string_value table_value_type items { key index number_value string_value } } }": typeof types.VariablesPageVariablesDocument,
    "query VariablesPageConfig ($id: SafeInt!) { config(game_id: $id) { etag document } }": typeof types.VariablesPageConfigDocument,
    "mutation VariablesPageReplaceVariable ($g: SafeInt!, $id: SafeInt!, $input: VariableInput!) { replaceVariable(game_id: $g, id: $id, input: $input) { id } }": typeof types.VariablesPageReplaceVariableDocument,
    "mutation VariablesPageCreateVariable ($g: SafeInt!, $input: VariableInput!) { createVariable(game_id: $g, input: $input) { id } }": typeof types.VariablesPageCreateVariableDocument,
    "mutation VariablesPageDeleteVariable ($g: SafeInt!, $id: SafeInt!) { deleteVariable(game_id: $g, id: $id) }": typeof types.VariablesPageDeleteVariableDocument,
    "query WalletLimits ($id: SafeInt!) { walletLimits(user_game_id: $id) { currency max_bet loss_limit loss_period net_loss pending { max_bet loss_limit loss_period effective_at } } }": typeof types.WalletLimitsDocument,
    "mutation WalletLimitsSet ($id: SafeInt!, $input: LimitsInput!) { setWalletLimits(user_game_id: $id, input: $input) { currency max_bet pending { effective_at } } }": typeof types.WalletLimitsSetDocument,
    "query WalletPageWallet ($id: SafeInt!) {\n  userGame(user_game_id: $id) { id user_id username game_id game_name }\n  balances(user_game_id: $id) { currency available_balance reserved_balance }\n  userGameFreeze(user_game_id: $id) { frozen user { frozen reason frozen_at } user_game { frozen reason frozen_at } }\n}": typeof types.WalletPageWalletDocument,
    "mutation WalletPageFreeze ($id: SafeInt!, $reason: String) { freezeUserGame(user_game_id: $id, input: { reason: $reason }) { frozen } }": typeof types.WalletPageFreezeDocument,
    "mutation WalletPageUnfreeze ($id: SafeInt!) { unfreezeUserGame(user_game_id: $id) }": typeof types.WalletPageUnfreezeDocument,
    "mutation WalletPageUnfreezeUser ($id: SafeInt!) { unfreezeUser(user_id: $id) }": typeof types.WalletPageUnfreezeUserDocument,
    "query WalletPageTransactions ($id: SafeInt!, $kind: String, $until: String, $after: SafeInt, $limit: Int) { transactions(user_game_id: $id, kind: $kind, until: $until, after_id: $after, limit: $limit) { id kind amount win_amount currency transaction_id round_id comment available_balance reserved_balance created_at } }": typeof types.WalletPageTransactionsDocument,
    "query WalletPageBalancesAt ($id: SafeInt!, $at: String) { balances(user_game_id: $id, at: $at) { currency available_balance reserved_balance } }": typeof types.WalletPageBalancesAtDocument,
    "mutation WalletPageTopup ($id: SafeInt!, $input: TopupInput!, $key: String) { topup(user_game_id: $id, input: $input, idempotency_key: $key) { id } }": typeof types.WalletPageTopupDocument,
};
const documents: Documents = {
    "fragment GameFields on Game { id name slug description image_url is_active modules { key name } }": types.GameFieldsFragmentDoc,
    "fragment UserFields on User { id email username role is_active game_scope created_at }": types.UserFieldsFragmentDoc,
    "fragment UploadedImage on Image { path url content_type }": types.UploadedImageFragmentDoc,
    "mutation UploadImage ($input: ImageInput!) { uploadImage(input: $input) { ...UploadedImage } }": types.UploadImageDocument,
    "query GameTabsGame ($id: SafeInt!) { game(id: $id) { name modules { key } } }": types.GameTabsGameDocument,
    "query LayoutCurrencies { currencies(limit: 1000) { code exponent enabled } }": types.LayoutCurrenciesDocument,
    "mutation ModuleGateConnect ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }": types.ModuleGateConnectDocument,
    "query PickerUsers ($search: String) { users(search: $search, limit: 10) { id username email } }": types.PickerUsersDocument,
    "query PickerGames ($search: String) { games(search: $search, limit: 10) { id name slug } }": types.PickerGamesDocument,
    "query ApiKeysList { apiKeys(limit: 1000) { id name game_ids created_at expires_at last_used_at revoked_at } games(limit: 1000) { id name } }": types.ApiKeysListDocument,
    "mutation ApiKeysCreate ($input: ApiKeyCreateInput!) { createApiKey(input: $input) { id name secret } }": types.ApiKeysCreateDocument,
    "mutation ApiKeysRevoke ($id: SafeInt!) { revokeApiKey(id: $id) }": types.ApiKeysRevokeDocument,
    "query AuditPageAudit ($action: String, $target_type: String, $target_id: String, $game: SafeInt, $actor: SafeInt, $since: String, $until: String, $limit: Int, $offset: Int) {\n  audit(action: $action, target_type: $target_type, target_id: $target_id, game_id: $game, actor_user_id: $actor, since: $since, until: $until, limit: $limit, offset: $offset) {\n    id action actor_user_id actor_role actor_username target_type target_id target_name game_id game_name ip changes created_at\n  }\n}": types.AuditPageAuditDocument,
    "query AuditPageActions { auditActions }": types.AuditPageActionsDocument,
    "query ConfigHistoryPageConfigVersions ($g: SafeInt!, $limit: Int, $offset: Int) { configVersions(game_id: $g, limit: $limit, offset: $offset) { version change key created_by created_by_username created_at } }": types.ConfigHistoryPageConfigVersionsDocument,
    "mutation ConfigHistoryPageRollbackConfig ($g: SafeInt!, $input: RollbackInput!) { rollbackConfig(game_id: $g, input: $input) { version } }": types.ConfigHistoryPageRollbackConfigDocument,
    "query ConfigHistoryPageComparison ($g: SafeInt!, $from: Int!, $to: Int!, $hasFrom: Boolean!) { from: configVersion(game_id: $g, version: $from) @include(if: $hasFrom) { document } to: configVersion(game_id: $g, version: $to) { document } }": types.ConfigHistoryPageComparisonDocument,
    "query OverridesList ($g: SafeInt!) { configOverrides(game_id: $g, limit: 1000) { id name starts_at ends_at live variables } variables(game_id: $g, limit: 1000) { key type table_value_type } config(game_id: $g) { overrides } }": types.OverridesListDocument,
    "mutation OverridesCreate ($g: SafeInt!, $input: ConfigOverrideInput!) { createConfigOverride(game_id: $g, input: $input) { id } }": types.OverridesCreateDocument,
    "mutation OverridesReplace ($g: SafeInt!, $id: SafeInt!, $input: ConfigOverrideInput!) { replaceConfigOverride(game_id: $g, id: $id, input: $input) { id } }": types.OverridesReplaceDocument,
    "mutation OverridesDelete ($g: SafeInt!, $id: SafeInt!) { deleteConfigOverride(game_id: $g, id: $id) }": types.OverridesDeleteDocument,
    "query CurrenciesList { currencies(limit: 1000) { code exponent enabled } }": types.CurrenciesListDocument,
    "mutation CurrenciesCreate ($input: CurrencyCreateInput!) { createCurrency(input: $input) { code } }": types.CurrenciesCreateDocument,
    "mutation CurrenciesUpdate ($code: String!, $input: CurrencyUpdateInput!) { updateCurrency(code: $code, input: $input) { code enabled } }": types.CurrenciesUpdateDocument,
    "query GamePageGame ($id: SafeInt!) { game(id: $id) { ...GameFields } modules { key name } }": types.GamePageGameDocument,
    "mutation GamePageUpdateGame ($id: SafeInt!, $input: GameInput!) { updateGame(id: $id, input: $input) { id } }": types.GamePageUpdateGameDocument,
    "mutation GamePageConnectModule ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }": types.GamePageConnectModuleDocument,
    "mutation GamePageDisconnectModule ($id: SafeInt!, $key: String!) { disconnectModule(game_id: $id, module_key: $key) }": types.GamePageDisconnectModuleDocument,
    "mutation GamePageDeleteGame ($id: SafeInt!) { deleteGame(id: $id) }": types.GamePageDeleteGameDocument,
    "query GamePlayersPagePlayers ($g: SafeInt!, $search: String, $limit: Int, $offset: Int) {\n  gameUsers(game_id: $g, search: $search, limit: $limit, offset: $offset) { user_game_id frozen balances { currency available_balance reserved_balance } user { id username email frozen } }\n  gameUsersTotal(game_id: $g, search: $search)\n}": types.GamePlayersPagePlayersDocument,
    "query GameReportsPageReport ($g: SafeInt!, $from: String, $to: String, $tz: String, $granularity: String) {\n  gameReport(game_id: $g, from: $from, to: $to, tz: $tz, granularity: $granularity) {\n    periods { start currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n  }\n}": types.GameReportsPageReportDocument,
    "query GamesPageGames ($search: String, $limit: Int, $offset: Int) {\n  games(search: $search, limit: $limit, offset: $offset) { ...GameFields }\n  gamesTotal(search: $search)\n}": types.GamesPageGamesDocument,
    "mutation GamesPageCreateGame ($input: GameInput!) { createGame(input: $input) { id } }": types.GamesPageCreateGameDocument,
    "query InvitesPageInvites ($usable: Boolean, $limit: Int, $offset: Int) {\n  invites(usable: $usable, limit: $limit, offset: $offset) { code role max_uses uses expires_at created_at }\n  invitesTotal(usable: $usable)\n}": types.InvitesPageInvitesDocument,
    "mutation InvitesPageCreateInvite ($input: InviteInput!) { createInvite(input: $input) { code role max_uses expires_at } }": types.InvitesPageCreateInviteDocument,
    "mutation InvitesPageDeleteInvite ($code: String!) { deleteInvite(code: $code) }": types.InvitesPageDeleteInviteDocument,
    "fragment LeaderboardGroupRow on LeaderboardGroup { id key name is_default }": types.LeaderboardGroupRowFragmentDoc,
    "fragment GamePlayer on GameUser { user_game_id user { id username } }": types.GamePlayerFragmentDoc,
    "query LeaderboardPageLeaderboard ($g: SafeInt!, $id: SafeInt!) { leaderboard(game_id: $g, id: $id) { id ...LeaderboardSettings rewards { rank_from rank_to amount currency } } leaderboardGroups(leaderboard_id: $id) { ...LeaderboardGroupRow } }": types.LeaderboardPageLeaderboardDocument,
    "query LeaderboardPageRankings ($id: SafeInt!, $group: SafeInt, $limit: Int, $around: SafeInt, $period: String) { rankings(leaderboard_id: $id, group_id: $group, limit: $limit, around_user_game_id: $around, period_start: $period) { items { rank user_id user_game_id username score } } }": types.LeaderboardPageRankingsDocument,
    "query LeaderboardPageGameUsers ($g: SafeInt!) { gameUsers(game_id: $g, limit: 1000) { ...GamePlayer } }": types.LeaderboardPageGameUsersDocument,
    "mutation LeaderboardPageUpdateLeaderboard ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }": types.LeaderboardPageUpdateLeaderboardDocument,
    "mutation LeaderboardPageDeleteLeaderboard ($g: SafeInt!, $id: SafeInt!) { deleteLeaderboard(game_id: $g, id: $id) }": types.LeaderboardPageDeleteLeaderboardDocument,
    "mutation LeaderboardPageSaveScore ($id: SafeInt!, $input: ScoreInput!) { saveScore(leaderboard_id: $id, input: $input) { score } }": types.LeaderboardPageSaveScoreDocument,
    "mutation LeaderboardPageCreateLeaderboardGroup ($id: SafeInt!, $input: GroupInput!) { createLeaderboardGroup(leaderboard_id: $id, input: $input) { id } }": types.LeaderboardPageCreateLeaderboardGroupDocument,
    "mutation LeaderboardPageDeleteLeaderboardGroup ($id: SafeInt!) { deleteLeaderboardGroup(id: $id) }": types.LeaderboardPageDeleteLeaderboardGroupDocument,
    "query LeaderboardPageGroupMembers ($group: SafeInt!) { groupMembers(group_id: $group, limit: 1000) { user_id username } }": types.LeaderboardPageGroupMembersDocument,
    "mutation LeaderboardPageAddGroupMember ($group: SafeInt!, $input: MemberInput!) { addGroupMember(group_id: $group, input: $input) { user_id } }": types.LeaderboardPageAddGroupMemberDocument,
    "mutation LeaderboardPageRemoveGroupMember ($group: SafeInt!, $user: SafeInt!) { removeGroupMember(group_id: $group, user_id: $user) }": types.LeaderboardPageRemoveGroupMemberDocument,
    "mutation RewardsSave ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }": types.RewardsSaveDocument,
    "query RewardsPayouts ($id: SafeInt!) { leaderboardPayouts(leaderboard_id: $id, limit: 500) { period_start user_game_id user_id rank amount currency topup_id paid_at } }": types.RewardsPayoutsDocument,
    "fragment LeaderboardSettings on Leaderboard { key name sort_order period_type operator is_active }": types.LeaderboardSettingsFragmentDoc,
    "query LeaderboardsPageLeaderboards ($id: SafeInt!) { leaderboards(game_id: $id, limit: 1000) { id ...LeaderboardSettings } }": types.LeaderboardsPageLeaderboardsDocument,
    "mutation LeaderboardsPageCreateLeaderboard ($g: SafeInt!, $input: LeaderboardInput!) { createLeaderboard(game_id: $g, input: $input) { id } }": types.LeaderboardsPageCreateLeaderboardDocument,
    "fragment SessionUserFields on User { id username email role game_scope two_factor_enabled }": types.SessionUserFieldsFragmentDoc,
    "fragment SessionToken on TokenReply { access_token user { ...SessionUserFields } }": types.SessionTokenFragmentDoc,
    "mutation LoginPageLogin ($input: LoginInput!) { login(input: $input) { two_factor_required challenge access_token user { ...SessionUserFields } } }": types.LoginPageLoginDocument,
    "mutation LoginPageSecondStep ($input: LoginTwoFactorInput!) { loginTwoFactor(input: $input) { ...SessionToken } }": types.LoginPageSecondStepDocument,
    "fragment NotificationDraft on Notification { name descriptions { language_id description } variables { key } entries { time_second image login variables { key value } } }": types.NotificationDraftFragmentDoc,
    "fragment LanguageOption on Language { id code name }": types.LanguageOptionFragmentDoc,
    "query NotificationsPageNotifications ($id: SafeInt!) { notifications(game_id: $id, limit: 1000) { id macros ...NotificationDraft } languages { ...LanguageOption } }": types.NotificationsPageNotificationsDocument,
    "mutation NotificationsPageReplaceNotification ($g: SafeInt!, $id: SafeInt!, $input: NotificationInput!) { replaceNotification(game_id: $g, id: $id, input: $input) { id } }": types.NotificationsPageReplaceNotificationDocument,
    "mutation NotificationsPageCreateNotification ($g: SafeInt!, $input: NotificationInput!) { createNotification(game_id: $g, input: $input) { id } }": types.NotificationsPageCreateNotificationDocument,
    "mutation NotificationsPageDeleteNotification ($g: SafeInt!, $id: SafeInt!) { deleteNotification(game_id: $g, id: $id) }": types.NotificationsPageDeleteNotificationDocument,
    "query OpsPageSyncStatus { syncStatus { outbox_entries outbox_pending partitions_with_entries oldest_age_ms queue { state count } checked_at } }": types.OpsPageSyncStatusDocument,
    "query OpsPageOpsTimeline ($minutes: Int) { opsTimeline(minutes: $minutes) { points { at grpc_calls_per_s grpc_p99_ms sync_lag_ms outbox_entries } } }": types.OpsPageOpsTimelineDocument,
    "query PayoutPreviewQuery ($id: SafeInt!) { leaderboardPayoutPreview(leaderboard_id: $id) { period_start closes_at payouts_total payouts { user_game_id user_id rank amount currency } } }": types.PayoutPreviewQueryDocument,
    "query PlayerHomeGames ($me: SafeInt!) { userFreeze(user_id: $me) { frozen reason frozen_at } userGames(user_id: $me, limit: 100) { user_game_id game { id name modules { key } } } }": types.PlayerHomeGamesDocument,
    "query RegisterPageInviteCheck ($code: String!) { inviteCheck(code: $code) { valid role remaining_uses } }": types.RegisterPageInviteCheckDocument,
    "mutation RegisterPageRegister ($input: RegisterInput!) { register(input: $input) { ...SessionToken } }": types.RegisterPageRegisterDocument,
    "query ReportsPageSummary ($from: String, $to: String, $tz: String) {\n  reportSummary(from: $from, to: $to, tz: $tz) {\n    games { game_id game_name currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n  }\n}": types.ReportsPageSummaryDocument,
    "query TwoFactorMe { me { ...SessionUserFields } }": types.TwoFactorMeDocument,
    "mutation TwoFactorSetup { setupTwoFactor { secret otpauth_uri qr_image } }": types.TwoFactorSetupDocument,
    "mutation TwoFactorConfirm ($input: CodeInput!) { confirmTwoFactor(input: $input) { recovery_codes } }": types.TwoFactorConfirmDocument,
    "mutation TwoFactorDisable ($input: CodeInput!) { disableTwoFactor(input: $input) }": types.TwoFactorDisableDocument,
    "query TwoFactorCodesLeft { recoveryCodesLeft { left } }": types.TwoFactorCodesLeftDocument,
    "mutation TwoFactorRenewCodes ($input: CodeInput!) { renewRecoveryCodes(input: $input) { recovery_codes } }": types.TwoFactorRenewCodesDocument,
    "query DataRightsBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }": types.DataRightsBalancesDocument,
    "mutation DataRightsClose ($id: SafeInt!, $input: WalletCloseInput!) { closeWallet(user_game_id: $id, input: $input) { amount currency } }": types.DataRightsCloseDocument,
    "mutation DataRightsErase ($id: SafeInt!, $input: UserEraseInput!) { eraseUser(id: $id, input: $input) { id erased_at } }": types.DataRightsEraseDocument,
    "query UserPageUser ($id: SafeInt!) { user(id: $id) { ...UserFields erased_at export_url game_scope_games { id name slug } } userFreeze(user_id: $id) { frozen reason frozen_at } userGames(user_id: $id) { user_game_id game { id name } } }": types.UserPageUserDocument,
    "mutation UserPageFreeze ($id: SafeInt!, $reason: String) { freezeUser(user_id: $id, input: { reason: $reason }) { frozen } }": types.UserPageFreezeDocument,
    "mutation UserPageUnfreeze ($id: SafeInt!) { unfreezeUser(user_id: $id) }": types.UserPageUnfreezeDocument,
    "mutation UserPageUpdateUser ($id: SafeInt!, $input: UserPatch!) { updateUser(id: $id, input: $input) { id } }": types.UserPageUpdateUserDocument,
    "mutation UserPageConnectGame ($id: SafeInt!, $input: ConnectGameInput!) { connectGame(user_id: $id, input: $input) { id } }": types.UserPageConnectGameDocument,
    "query UserPageBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }": types.UserPageBalancesDocument,
    "mutation UserPageSetGameScope ($id: SafeInt!, $input: GameScopeInput!) { setUserGameScope(id: $id, input: $input) { id game_scope } }": types.UserPageSetGameScopeDocument,
    "mutation UserPageDisconnectGame ($id: SafeInt!, $game: SafeInt!) { disconnectGame(user_id: $id, game_id: $game) }": types.UserPageDisconnectGameDocument,
    "query UsersPageUsers ($search: String, $limit: Int, $offset: Int) {\n  users(search: $search, limit: $limit, offset: $offset) { ...UserFields frozen }\n  usersTotal(search: $search)\n}": types.UsersPageUsersDocument,
    "query VariablesPageVariables ($id: SafeInt!) { variables(game_id: $id, limit: 1000) { id key type number_value string_value table_value_type items { key index number_value string_value } } }": types.VariablesPageVariablesDocument,
    "query VariablesPageConfig ($id: SafeInt!) { config(game_id: $id) { etag document } }": types.VariablesPageConfigDocument,
    "mutation VariablesPageReplaceVariable ($g: SafeInt!, $id: SafeInt!, $input: VariableInput!) { replaceVariable(game_id: $g, id: $id, input: $input) { id } }": types.VariablesPageReplaceVariableDocument,
    "mutation VariablesPageCreateVariable ($g: SafeInt!, $input: VariableInput!) { createVariable(game_id: $g, input: $input) { id } }": types.VariablesPageCreateVariableDocument,
    "mutation VariablesPageDeleteVariable ($g: SafeInt!, $id: SafeInt!) { deleteVariable(game_id: $g, id: $id) }": types.VariablesPageDeleteVariableDocument,
    "query WalletLimits ($id: SafeInt!) { walletLimits(user_game_id: $id) { currency max_bet loss_limit loss_period net_loss pending { max_bet loss_limit loss_period effective_at } } }": types.WalletLimitsDocument,
    "mutation WalletLimitsSet ($id: SafeInt!, $input: LimitsInput!) { setWalletLimits(user_game_id: $id, input: $input) { currency max_bet pending { effective_at } } }": types.WalletLimitsSetDocument,
    "query WalletPageWallet ($id: SafeInt!) {\n  userGame(user_game_id: $id) { id user_id username game_id game_name }\n  balances(user_game_id: $id) { currency available_balance reserved_balance }\n  userGameFreeze(user_game_id: $id) { frozen user { frozen reason frozen_at } user_game { frozen reason frozen_at } }\n}": types.WalletPageWalletDocument,
    "mutation WalletPageFreeze ($id: SafeInt!, $reason: String) { freezeUserGame(user_game_id: $id, input: { reason: $reason }) { frozen } }": types.WalletPageFreezeDocument,
    "mutation WalletPageUnfreeze ($id: SafeInt!) { unfreezeUserGame(user_game_id: $id) }": types.WalletPageUnfreezeDocument,
    "mutation WalletPageUnfreezeUser ($id: SafeInt!) { unfreezeUser(user_id: $id) }": types.WalletPageUnfreezeUserDocument,
    "query WalletPageTransactions ($id: SafeInt!, $kind: String, $until: String, $after: SafeInt, $limit: Int) { transactions(user_game_id: $id, kind: $kind, until: $until, after_id: $after, limit: $limit) { id kind amount win_amount currency transaction_id round_id comment available_balance reserved_balance created_at } }": types.WalletPageTransactionsDocument,
    "query WalletPageBalancesAt ($id: SafeInt!, $at: String) { balances(user_game_id: $id, at: $at) { currency available_balance reserved_balance } }": types.WalletPageBalancesAtDocument,
    "mutation WalletPageTopup ($id: SafeInt!, $input: TopupInput!, $key: String) { topup(user_game_id: $id, input: $input, idempotency_key: $key) { id } }": types.WalletPageTopupDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment GameFields on Game { id name slug description image_url is_active modules { key name } }"): typeof import('./graphql').GameFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment UserFields on User { id email username role is_active game_scope created_at }"): typeof import('./graphql').UserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment UploadedImage on Image { path url content_type }"): typeof import('./graphql').UploadedImageFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadImage ($input: ImageInput!) { uploadImage(input: $input) { ...UploadedImage } }"): typeof import('./graphql').UploadImageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GameTabsGame ($id: SafeInt!) { game(id: $id) { name modules { key } } }"): typeof import('./graphql').GameTabsGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LayoutCurrencies { currencies(limit: 1000) { code exponent enabled } }"): typeof import('./graphql').LayoutCurrenciesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ModuleGateConnect ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }"): typeof import('./graphql').ModuleGateConnectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PickerUsers ($search: String) { users(search: $search, limit: 10) { id username email } }"): typeof import('./graphql').PickerUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PickerGames ($search: String) { games(search: $search, limit: 10) { id name slug } }"): typeof import('./graphql').PickerGamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ApiKeysList { apiKeys(limit: 1000) { id name game_ids created_at expires_at last_used_at revoked_at } games(limit: 1000) { id name } }"): typeof import('./graphql').ApiKeysListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApiKeysCreate ($input: ApiKeyCreateInput!) { createApiKey(input: $input) { id name secret } }"): typeof import('./graphql').ApiKeysCreateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApiKeysRevoke ($id: SafeInt!) { revokeApiKey(id: $id) }"): typeof import('./graphql').ApiKeysRevokeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AuditPageAudit ($action: String, $target_type: String, $target_id: String, $game: SafeInt, $actor: SafeInt, $since: String, $until: String, $limit: Int, $offset: Int) {\n  audit(action: $action, target_type: $target_type, target_id: $target_id, game_id: $game, actor_user_id: $actor, since: $since, until: $until, limit: $limit, offset: $offset) {\n    id action actor_user_id actor_role actor_username target_type target_id target_name game_id game_name ip changes created_at\n  }\n}"): typeof import('./graphql').AuditPageAuditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AuditPageActions { auditActions }"): typeof import('./graphql').AuditPageActionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConfigHistoryPageConfigVersions ($g: SafeInt!, $limit: Int, $offset: Int) { configVersions(game_id: $g, limit: $limit, offset: $offset) { version change key created_by created_by_username created_at } }"): typeof import('./graphql').ConfigHistoryPageConfigVersionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConfigHistoryPageRollbackConfig ($g: SafeInt!, $input: RollbackInput!) { rollbackConfig(game_id: $g, input: $input) { version } }"): typeof import('./graphql').ConfigHistoryPageRollbackConfigDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConfigHistoryPageComparison ($g: SafeInt!, $from: Int!, $to: Int!, $hasFrom: Boolean!) { from: configVersion(game_id: $g, version: $from) @include(if: $hasFrom) { document } to: configVersion(game_id: $g, version: $to) { document } }"): typeof import('./graphql').ConfigHistoryPageComparisonDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OverridesList ($g: SafeInt!) { configOverrides(game_id: $g, limit: 1000) { id name starts_at ends_at live variables } variables(game_id: $g, limit: 1000) { key type table_value_type } config(game_id: $g) { overrides } }"): typeof import('./graphql').OverridesListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation OverridesCreate ($g: SafeInt!, $input: ConfigOverrideInput!) { createConfigOverride(game_id: $g, input: $input) { id } }"): typeof import('./graphql').OverridesCreateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation OverridesReplace ($g: SafeInt!, $id: SafeInt!, $input: ConfigOverrideInput!) { replaceConfigOverride(game_id: $g, id: $id, input: $input) { id } }"): typeof import('./graphql').OverridesReplaceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation OverridesDelete ($g: SafeInt!, $id: SafeInt!) { deleteConfigOverride(game_id: $g, id: $id) }"): typeof import('./graphql').OverridesDeleteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CurrenciesList { currencies(limit: 1000) { code exponent enabled } }"): typeof import('./graphql').CurrenciesListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CurrenciesCreate ($input: CurrencyCreateInput!) { createCurrency(input: $input) { code } }"): typeof import('./graphql').CurrenciesCreateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CurrenciesUpdate ($code: String!, $input: CurrencyUpdateInput!) { updateCurrency(code: $code, input: $input) { code enabled } }"): typeof import('./graphql').CurrenciesUpdateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GamePageGame ($id: SafeInt!) { game(id: $id) { ...GameFields } modules { key name } }"): typeof import('./graphql').GamePageGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GamePageUpdateGame ($id: SafeInt!, $input: GameInput!) { updateGame(id: $id, input: $input) { id } }"): typeof import('./graphql').GamePageUpdateGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GamePageConnectModule ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }"): typeof import('./graphql').GamePageConnectModuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GamePageDisconnectModule ($id: SafeInt!, $key: String!) { disconnectModule(game_id: $id, module_key: $key) }"): typeof import('./graphql').GamePageDisconnectModuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GamePageDeleteGame ($id: SafeInt!) { deleteGame(id: $id) }"): typeof import('./graphql').GamePageDeleteGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GamePlayersPagePlayers ($g: SafeInt!, $search: String, $limit: Int, $offset: Int) {\n  gameUsers(game_id: $g, search: $search, limit: $limit, offset: $offset) { user_game_id frozen balances { currency available_balance reserved_balance } user { id username email frozen } }\n  gameUsersTotal(game_id: $g, search: $search)\n}"): typeof import('./graphql').GamePlayersPagePlayersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GameReportsPageReport ($g: SafeInt!, $from: String, $to: String, $tz: String, $granularity: String) {\n  gameReport(game_id: $g, from: $from, to: $to, tz: $tz, granularity: $granularity) {\n    periods { start currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n  }\n}"): typeof import('./graphql').GameReportsPageReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GamesPageGames ($search: String, $limit: Int, $offset: Int) {\n  games(search: $search, limit: $limit, offset: $offset) { ...GameFields }\n  gamesTotal(search: $search)\n}"): typeof import('./graphql').GamesPageGamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GamesPageCreateGame ($input: GameInput!) { createGame(input: $input) { id } }"): typeof import('./graphql').GamesPageCreateGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query InvitesPageInvites ($usable: Boolean, $limit: Int, $offset: Int) {\n  invites(usable: $usable, limit: $limit, offset: $offset) { code role max_uses uses expires_at created_at }\n  invitesTotal(usable: $usable)\n}"): typeof import('./graphql').InvitesPageInvitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InvitesPageCreateInvite ($input: InviteInput!) { createInvite(input: $input) { code role max_uses expires_at } }"): typeof import('./graphql').InvitesPageCreateInviteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InvitesPageDeleteInvite ($code: String!) { deleteInvite(code: $code) }"): typeof import('./graphql').InvitesPageDeleteInviteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LeaderboardGroupRow on LeaderboardGroup { id key name is_default }"): typeof import('./graphql').LeaderboardGroupRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment GamePlayer on GameUser { user_game_id user { id username } }"): typeof import('./graphql').GamePlayerFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LeaderboardPageLeaderboard ($g: SafeInt!, $id: SafeInt!) { leaderboard(game_id: $g, id: $id) { id ...LeaderboardSettings rewards { rank_from rank_to amount currency } } leaderboardGroups(leaderboard_id: $id) { ...LeaderboardGroupRow } }"): typeof import('./graphql').LeaderboardPageLeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LeaderboardPageRankings ($id: SafeInt!, $group: SafeInt, $limit: Int, $around: SafeInt, $period: String) { rankings(leaderboard_id: $id, group_id: $group, limit: $limit, around_user_game_id: $around, period_start: $period) { items { rank user_id user_game_id username score } } }"): typeof import('./graphql').LeaderboardPageRankingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LeaderboardPageGameUsers ($g: SafeInt!) { gameUsers(game_id: $g, limit: 1000) { ...GamePlayer } }"): typeof import('./graphql').LeaderboardPageGameUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageUpdateLeaderboard ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }"): typeof import('./graphql').LeaderboardPageUpdateLeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageDeleteLeaderboard ($g: SafeInt!, $id: SafeInt!) { deleteLeaderboard(game_id: $g, id: $id) }"): typeof import('./graphql').LeaderboardPageDeleteLeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageSaveScore ($id: SafeInt!, $input: ScoreInput!) { saveScore(leaderboard_id: $id, input: $input) { score } }"): typeof import('./graphql').LeaderboardPageSaveScoreDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageCreateLeaderboardGroup ($id: SafeInt!, $input: GroupInput!) { createLeaderboardGroup(leaderboard_id: $id, input: $input) { id } }"): typeof import('./graphql').LeaderboardPageCreateLeaderboardGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageDeleteLeaderboardGroup ($id: SafeInt!) { deleteLeaderboardGroup(id: $id) }"): typeof import('./graphql').LeaderboardPageDeleteLeaderboardGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LeaderboardPageGroupMembers ($group: SafeInt!) { groupMembers(group_id: $group, limit: 1000) { user_id username } }"): typeof import('./graphql').LeaderboardPageGroupMembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageAddGroupMember ($group: SafeInt!, $input: MemberInput!) { addGroupMember(group_id: $group, input: $input) { user_id } }"): typeof import('./graphql').LeaderboardPageAddGroupMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardPageRemoveGroupMember ($group: SafeInt!, $user: SafeInt!) { removeGroupMember(group_id: $group, user_id: $user) }"): typeof import('./graphql').LeaderboardPageRemoveGroupMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RewardsSave ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }"): typeof import('./graphql').RewardsSaveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query RewardsPayouts ($id: SafeInt!) { leaderboardPayouts(leaderboard_id: $id, limit: 500) { period_start user_game_id user_id rank amount currency topup_id paid_at } }"): typeof import('./graphql').RewardsPayoutsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LeaderboardSettings on Leaderboard { key name sort_order period_type operator is_active }"): typeof import('./graphql').LeaderboardSettingsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LeaderboardsPageLeaderboards ($id: SafeInt!) { leaderboards(game_id: $id, limit: 1000) { id ...LeaderboardSettings } }"): typeof import('./graphql').LeaderboardsPageLeaderboardsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LeaderboardsPageCreateLeaderboard ($g: SafeInt!, $input: LeaderboardInput!) { createLeaderboard(game_id: $g, input: $input) { id } }"): typeof import('./graphql').LeaderboardsPageCreateLeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionUserFields on User { id username email role game_scope two_factor_enabled }"): typeof import('./graphql').SessionUserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionToken on TokenReply { access_token user { ...SessionUserFields } }"): typeof import('./graphql').SessionTokenFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LoginPageLogin ($input: LoginInput!) { login(input: $input) { two_factor_required challenge access_token user { ...SessionUserFields } } }"): typeof import('./graphql').LoginPageLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LoginPageSecondStep ($input: LoginTwoFactorInput!) { loginTwoFactor(input: $input) { ...SessionToken } }"): typeof import('./graphql').LoginPageSecondStepDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NotificationDraft on Notification { name descriptions { language_id description } variables { key } entries { time_second image login variables { key value } } }"): typeof import('./graphql').NotificationDraftFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LanguageOption on Language { id code name }"): typeof import('./graphql').LanguageOptionFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NotificationsPageNotifications ($id: SafeInt!) { notifications(game_id: $id, limit: 1000) { id macros ...NotificationDraft } languages { ...LanguageOption } }"): typeof import('./graphql').NotificationsPageNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation NotificationsPageReplaceNotification ($g: SafeInt!, $id: SafeInt!, $input: NotificationInput!) { replaceNotification(game_id: $g, id: $id, input: $input) { id } }"): typeof import('./graphql').NotificationsPageReplaceNotificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation NotificationsPageCreateNotification ($g: SafeInt!, $input: NotificationInput!) { createNotification(game_id: $g, input: $input) { id } }"): typeof import('./graphql').NotificationsPageCreateNotificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation NotificationsPageDeleteNotification ($g: SafeInt!, $id: SafeInt!) { deleteNotification(game_id: $g, id: $id) }"): typeof import('./graphql').NotificationsPageDeleteNotificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OpsPageSyncStatus { syncStatus { outbox_entries outbox_pending partitions_with_entries oldest_age_ms queue { state count } checked_at } }"): typeof import('./graphql').OpsPageSyncStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OpsPageOpsTimeline ($minutes: Int) { opsTimeline(minutes: $minutes) { points { at grpc_calls_per_s grpc_p99_ms sync_lag_ms outbox_entries } } }"): typeof import('./graphql').OpsPageOpsTimelineDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PayoutPreviewQuery ($id: SafeInt!) { leaderboardPayoutPreview(leaderboard_id: $id) { period_start closes_at payouts_total payouts { user_game_id user_id rank amount currency } } }"): typeof import('./graphql').PayoutPreviewQueryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PlayerHomeGames ($me: SafeInt!) { userFreeze(user_id: $me) { frozen reason frozen_at } userGames(user_id: $me, limit: 100) { user_game_id game { id name modules { key } } } }"): typeof import('./graphql').PlayerHomeGamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query RegisterPageInviteCheck ($code: String!) { inviteCheck(code: $code) { valid role remaining_uses } }"): typeof import('./graphql').RegisterPageInviteCheckDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RegisterPageRegister ($input: RegisterInput!) { register(input: $input) { ...SessionToken } }"): typeof import('./graphql').RegisterPageRegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ReportsPageSummary ($from: String, $to: String, $tz: String) {\n  reportSummary(from: $from, to: $to, tz: $tz) {\n    games { game_id game_name currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }\n  }\n}"): typeof import('./graphql').ReportsPageSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TwoFactorMe { me { ...SessionUserFields } }"): typeof import('./graphql').TwoFactorMeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TwoFactorSetup { setupTwoFactor { secret otpauth_uri qr_image } }"): typeof import('./graphql').TwoFactorSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TwoFactorConfirm ($input: CodeInput!) { confirmTwoFactor(input: $input) { recovery_codes } }"): typeof import('./graphql').TwoFactorConfirmDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TwoFactorDisable ($input: CodeInput!) { disableTwoFactor(input: $input) }"): typeof import('./graphql').TwoFactorDisableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TwoFactorCodesLeft { recoveryCodesLeft { left } }"): typeof import('./graphql').TwoFactorCodesLeftDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TwoFactorRenewCodes ($input: CodeInput!) { renewRecoveryCodes(input: $input) { recovery_codes } }"): typeof import('./graphql').TwoFactorRenewCodesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DataRightsBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }"): typeof import('./graphql').DataRightsBalancesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DataRightsClose ($id: SafeInt!, $input: WalletCloseInput!) { closeWallet(user_game_id: $id, input: $input) { amount currency } }"): typeof import('./graphql').DataRightsCloseDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DataRightsErase ($id: SafeInt!, $input: UserEraseInput!) { eraseUser(id: $id, input: $input) { id erased_at } }"): typeof import('./graphql').DataRightsEraseDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query UserPageUser ($id: SafeInt!) { user(id: $id) { ...UserFields erased_at export_url game_scope_games { id name slug } } userFreeze(user_id: $id) { frozen reason frozen_at } userGames(user_id: $id) { user_game_id game { id name } } }"): typeof import('./graphql').UserPageUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserPageFreeze ($id: SafeInt!, $reason: String) { freezeUser(user_id: $id, input: { reason: $reason }) { frozen } }"): typeof import('./graphql').UserPageFreezeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserPageUnfreeze ($id: SafeInt!) { unfreezeUser(user_id: $id) }"): typeof import('./graphql').UserPageUnfreezeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserPageUpdateUser ($id: SafeInt!, $input: UserPatch!) { updateUser(id: $id, input: $input) { id } }"): typeof import('./graphql').UserPageUpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserPageConnectGame ($id: SafeInt!, $input: ConnectGameInput!) { connectGame(user_id: $id, input: $input) { id } }"): typeof import('./graphql').UserPageConnectGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query UserPageBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }"): typeof import('./graphql').UserPageBalancesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserPageSetGameScope ($id: SafeInt!, $input: GameScopeInput!) { setUserGameScope(id: $id, input: $input) { id game_scope } }"): typeof import('./graphql').UserPageSetGameScopeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserPageDisconnectGame ($id: SafeInt!, $game: SafeInt!) { disconnectGame(user_id: $id, game_id: $game) }"): typeof import('./graphql').UserPageDisconnectGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query UsersPageUsers ($search: String, $limit: Int, $offset: Int) {\n  users(search: $search, limit: $limit, offset: $offset) { ...UserFields frozen }\n  usersTotal(search: $search)\n}"): typeof import('./graphql').UsersPageUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query VariablesPageVariables ($id: SafeInt!) { variables(game_id: $id, limit: 1000) { id key type number_value string_value table_value_type items { key index number_value string_value } } }"): typeof import('./graphql').VariablesPageVariablesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query VariablesPageConfig ($id: SafeInt!) { config(game_id: $id) { etag document } }"): typeof import('./graphql').VariablesPageConfigDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VariablesPageReplaceVariable ($g: SafeInt!, $id: SafeInt!, $input: VariableInput!) { replaceVariable(game_id: $g, id: $id, input: $input) { id } }"): typeof import('./graphql').VariablesPageReplaceVariableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VariablesPageCreateVariable ($g: SafeInt!, $input: VariableInput!) { createVariable(game_id: $g, input: $input) { id } }"): typeof import('./graphql').VariablesPageCreateVariableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VariablesPageDeleteVariable ($g: SafeInt!, $id: SafeInt!) { deleteVariable(game_id: $g, id: $id) }"): typeof import('./graphql').VariablesPageDeleteVariableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WalletLimits ($id: SafeInt!) { walletLimits(user_game_id: $id) { currency max_bet loss_limit loss_period net_loss pending { max_bet loss_limit loss_period effective_at } } }"): typeof import('./graphql').WalletLimitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WalletLimitsSet ($id: SafeInt!, $input: LimitsInput!) { setWalletLimits(user_game_id: $id, input: $input) { currency max_bet pending { effective_at } } }"): typeof import('./graphql').WalletLimitsSetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WalletPageWallet ($id: SafeInt!) {\n  userGame(user_game_id: $id) { id user_id username game_id game_name }\n  balances(user_game_id: $id) { currency available_balance reserved_balance }\n  userGameFreeze(user_game_id: $id) { frozen user { frozen reason frozen_at } user_game { frozen reason frozen_at } }\n}"): typeof import('./graphql').WalletPageWalletDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WalletPageFreeze ($id: SafeInt!, $reason: String) { freezeUserGame(user_game_id: $id, input: { reason: $reason }) { frozen } }"): typeof import('./graphql').WalletPageFreezeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WalletPageUnfreeze ($id: SafeInt!) { unfreezeUserGame(user_game_id: $id) }"): typeof import('./graphql').WalletPageUnfreezeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WalletPageUnfreezeUser ($id: SafeInt!) { unfreezeUser(user_id: $id) }"): typeof import('./graphql').WalletPageUnfreezeUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WalletPageTransactions ($id: SafeInt!, $kind: String, $until: String, $after: SafeInt, $limit: Int) { transactions(user_game_id: $id, kind: $kind, until: $until, after_id: $after, limit: $limit) { id kind amount win_amount currency transaction_id round_id comment available_balance reserved_balance created_at } }"): typeof import('./graphql').WalletPageTransactionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WalletPageBalancesAt ($id: SafeInt!, $at: String) { balances(user_game_id: $id, at: $at) { currency available_balance reserved_balance } }"): typeof import('./graphql').WalletPageBalancesAtDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WalletPageTopup ($id: SafeInt!, $input: TopupInput!, $key: String) { topup(user_game_id: $id, input: $input, idempotency_key: $key) { id } }"): typeof import('./graphql').WalletPageTopupDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { userActor } from '../helpers/actors';
import { isObjectType, type GraphQLObjectType } from 'graphql';
import { ADMIN_ENDPOINTS } from '../../src/admin/admin-endpoints';
import { createGraphQLSchema } from '../../src/admin/graphql/graphql-schema';
import { gameTargetOf } from '../../src/admin/http/game-scope';
import { type TestApi, useSharedTestApi } from '../helpers/api';
import { errorCodes, gql } from '../helpers/graphql';

// Every Query and Mutation field, and every field of an object type with a resolver of its own (a
// guarded list inside a game, say), called with no token and as user, moderator and admin, each call
// with fresh fixtures: the same access as the REST endpoint it mirrors (see test/admin/role-matrix).
// And as a moderator limited to a game of their own (SPEC §2.12): every staff field of a fixture's
// game is 403 to them, staff fields of no game stay open, the rest is as for any moderator.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);
/** The scoped moderator's token, made once for the file. */
let scopedModerator: Promise<{ id: number; token: string }> | undefined;
const scopedUser = (api: TestApi) => (scopedModerator ??= (async () => {
  const own = (await api.services.games.create(COMMAND_ACTOR, { name: 'Own', slug: `own-${unique()}` })).id;
  const moderator = await api.createUser('moderator', `scoped_${unique()}`);
  await api.services.users.setGameScope(COMMAND_ACTOR, moderator.id, { game_ids: [own] });
  return moderator;
})());
const scoped = async (api: TestApi) => (await scopedUser(api)).token;

type Caller = 'none' | 'user' | 'moderator' | 'admin' | 'scoped';
type Access = 'public' | 'any' | 'staff' | 'admin';
/** `allowed`: what a caller the access lets through gets, when not 'ok' (a service's own answer to a fixture it cannot act on). */
type Row = [field: string, operation: (api: TestApi) => Promise<string>, allowed?: string];

/**
 * Who may call a field, read from the endpoint it serves (its declaration, the one place access is
 * written): its access ('self' is any signed-in caller at the gate), whether it acts on no game (open to
 * a scoped moderator as to any), whether it reads a wallet (refused to a moderator limited to other
 * games: issue 47, item 9). Only the fields that serve no endpoint say theirs here.
 */
const NOT_ENDPOINTS: Readonly<Record<string, { access: Access; gameless?: true }>> = {
  syncStatus: { access: 'staff', gameless: true },
  opsTimeline: { access: 'staff', gameless: true },
  uploadImage: { access: 'staff', gameless: true },
  'Game.variables': { access: 'staff' },
  'Game.config': { access: 'any' },
  'Game.notifications': { access: 'any' },
  'Game.leaderboards': { access: 'any' },
  'Notification.macros': { access: 'any' },
  'Leaderboard.game': { access: 'any' },
  'Leaderboard.groups': { access: 'any' },
  'Leaderboard.rankings': { access: 'any' },
  'User.game_scope_games': { access: 'any', gameless: true },
  'User.frozen': { access: 'any', gameless: true },
  'User.export_url': { access: 'any', gameless: true },
  'User.erased_at': { access: 'any', gameless: true },
  'GameUser.balances': { access: 'staff' },
  'GameUser.frozen': { access: 'staff' },
};
const SERVED = new Map(ADMIN_ENDPOINTS.flatMap((endpoint) => (endpoint.graphql
  ? [[endpoint.graphql.field, endpoint] as const, ...(endpoint.graphql.total ? [[endpoint.graphql.total, endpoint] as const] : [])]
  : [])));
function accessOf(field: string): { access: Access; gameless: boolean; walletRead: boolean } {
  const endpoint = SERVED.get(field);
  if (!endpoint) {
    const own = NOT_ENDPOINTS[field];
    if (!own) throw new Error(`${field}: serves no endpoint and says no access`);
    return { access: own.access, gameless: own.gameless ?? false, walletRead: false };
  }
  const target = gameTargetOf(endpoint);
  return {
    access: endpoint.access === 'self' ? 'any' : endpoint.access,
    gameless: target === 'none',
    walletRead: endpoint.access === 'self' && typeof target === 'function',
  };
}

let n = 0;
const unique = () => `${process.pid}_${(n += 1)}`;
/** A currency code no other call made: Q then two letters of a counter. */
const currencyCode = () => {
  n += 1;
  return `Q${String.fromCharCode(65 + Math.floor(n / 26) % 26)}${String.fromCharCode(65 + (n % 26))}`;
};
const ALL_MODULES = ['variables', 'notification', 'leaderboard'];
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');
const NOTE = '{ name: "n", descriptions: [{ language_id: 1, description: "d" }], entries: [{ time_second: 0, image: "", login: "" }] }';

async function game(api: TestApi, modules: string[] = ALL_MODULES) {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'G', slug: `g-${unique()}` })).id;
  for (const key of modules) await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: key });
  return id;
}
const leaderboard = async (api: TestApi) => api.services.leaderboards.create(COMMAND_ACTOR, await game(api), { key: `lb-${unique()}`, name: 'L' });
/** Every fixture user in the middle of an enrolment (its setup is idempotent): a confirm with a wrong code is then a 400 for each. */
const pendingEnrolments = async (api: TestApi) => {
  for (const user of [api.users.user, api.users.moderator, api.users.admin, await scopedUser(api)]) await api.services.twoFactor.setup(COMMAND_ACTOR, user.id);
};
/** Not a 6-digit code: never right. */
const WRONG_CODE = '12345';
const OVERRIDE = '{ name: "o", starts_at: "2026-01-01T00:00:00Z", ends_at: "2036-01-01T00:00:00Z", variables: [{ key: "k", number_value: 2 }] }';
const override = async (api: TestApi) => {
  const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
  return api.services.configOverrides.create(COMMAND_ACTOR, v.game_id, { name: 'o', starts_at: '2026-01-01T00:00:00Z', ends_at: '2036-01-01T00:00:00Z', variables: [{ key: 'k', number_value: 2 }] });
};
const group = async (api: TestApi) => api.services.leaderboardGroups.create(COMMAND_ACTOR, (await leaderboard(api)).id, { key: `g-${unique()}`, name: 'G' });
/** A connection of `user` (whose own data the user role may read). */
const userGame = async (api: TestApi) => api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: await game(api) });

const rows: Row[] = [
  ['login', async (api) => `mutation { login(input: { email: "${api.users.other.email}", password: "correct horse battery" }) { access_token } }`],
  ['register', async (api) => {
    const invite = await api.services.invites.create(userActor(api.users.admin), { role: 'user', max_uses: 1 });
    const name = `reg_${unique()}`;
    return `mutation { register(input: { email: "${name}@example.com", username: "${name}", password: "long enough pw", invite_code: "${invite.code}" }) { user { id } } }`;
  }],
  ['inviteCheck', async () => '{ inviteCheck(code: "nope") { valid } }'],
  ['me', async () => '{ me { id } }'],
  ['loginTwoFactor', async () => `mutation { loginTwoFactor(input: { challenge: "${'x'.repeat(32)}", code: "123456" }) { access_token } }`, 'UNAUTHORIZED'],
  ['setupTwoFactor', async () => 'mutation { setupTwoFactor { otpauth_uri } }'],
  ['confirmTwoFactor', async (api) => {
    await pendingEnrolments(api);
    return `mutation { confirmTwoFactor(input: { code: "${WRONG_CODE}" }) { recovery_codes } }`;
  }, 'VALIDATION_FAILED'],
  ['disableTwoFactor', async () => 'mutation { disableTwoFactor(input: { code: "123456" }) }', 'CONFLICT'],
  ['recoveryCodesLeft', async () => '{ recoveryCodesLeft { left } }'],
  ['renewRecoveryCodes', async () => 'mutation { renewRecoveryCodes(input: { code: "123456" }) { recovery_codes } }', 'CONFLICT'],
  ['users', async () => '{ users { id } }'],
  ['usersTotal', async () => '{ usersTotal }'],
  ['user', async (api) => `{ user(id: ${api.users.user.id}) { id } }`],
  ['userGames', async (api) => `{ userGames(user_id: ${api.users.user.id}) { user_game_id } }`],
  ['userGame', async (api) => `{ userGame(user_game_id: ${(await userGame(api)).id}) { username game_name } }`],
  ['userGamesTotal', async (api) => `{ userGamesTotal(user_id: ${api.users.user.id}) }`],
  ['games', async () => '{ games(limit: 5) { id } }'],
  ['gamesTotal', async () => '{ gamesTotal(search: "g-") }'],
  ['game', async (api) => `{ game(id: ${await game(api)}) { id } }`],
  ['gameUsers', async (api) => `{ gameUsers(game_id: ${await game(api)}) { user_game_id } }`],
  ['gameUsersTotal', async (api) => `{ gameUsersTotal(game_id: ${await game(api)}) }`],
  ['modules', async () => '{ modules { key } }'],
  ['languages', async () => '{ languages { id } }'],
  ['languagesTotal', async () => '{ languagesTotal }'],
  ['language', async () => '{ language(id: 1) { id } }'],
  ['invites', async () => '{ invites { id } }'],
  ['invitesTotal', async () => '{ invitesTotal(usable: true) }'],
  ['variables', async (api) => `{ variables(game_id: ${await game(api)}) { id } }`],
  ['variable', async (api) => {
    const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
    return `{ variable(game_id: ${v.game_id}, id: ${v.id}) { id } }`;
  }],
  ['config', async (api) => `{ config(game_id: ${await game(api)}) { etag } }`],
  ['configVersions', async (api) => `{ configVersions(game_id: ${await game(api)}) { version } }`],
  ['configVersion', async (api) => {
    const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
    return `{ configVersion(game_id: ${v.game_id}, version: 1) { document } }`;
  }],
  ['configOverrides', async (api) => `{ configOverrides(game_id: ${await game(api)}) { id } }`],
  ['configOverridesTotal', async (api) => `{ configOverridesTotal(game_id: ${await game(api)}) }`],
  ['configOverride', async (api) => {
    const o = await override(api);
    return `{ configOverride(game_id: ${o.game_id}, id: ${o.id}) { id variables } }`;
  }],
  ['audit', async () => '{ audit(limit: 5) { id action } }'],
  ['auditActions', async () => '{ auditActions }'],
  ['gameReport', async (api) => `{ gameReport(game_id: ${await game(api)}, granularity: "week") { game_id totals { ggr } } }`],
  ['reportSummary', async () => '{ reportSummary(tz: "Asia/Kathmandu") { games { game_id } } }'],
  ['notifications', async (api) => `{ notifications(game_id: ${await game(api)}) { id } }`],
  ['notification', async (api) => {
    const gameId = await game(api);
    const created = (await gql(api, `mutation { createNotification(game_id: ${gameId}, input: ${NOTE}) { id } }`, { token: api.users.admin.token })).body.data;
    return `{ notification(game_id: ${gameId}, id: ${created.createNotification.id}) { id macros } }`;
  }],
  ['leaderboards', async (api) => `{ leaderboards(game_id: ${await game(api)}) { id } }`],
  ['leaderboard', async (api) => {
    const board = await leaderboard(api);
    return `{ leaderboard(game_id: ${board.game_id}, id: ${board.id}) { id } }`;
  }],
  ['rankings', async (api) => `{ rankings(leaderboard_id: ${(await leaderboard(api)).id}) { items { rank } } }`],
  ['leaderboardPayouts', async (api) => `{ leaderboardPayouts(leaderboard_id: ${(await leaderboard(api)).id}) { rank } }`],
  ['leaderboardPayoutsTotal', async (api) => `{ leaderboardPayoutsTotal(leaderboard_id: ${(await leaderboard(api)).id}) }`],
  ['leaderboardPayoutPreview', async (api) => `{ leaderboardPayoutPreview(leaderboard_id: ${(await leaderboard(api)).id}) { period_start } }`],
  ['leaderboardGroups', async (api) => `{ leaderboardGroups(leaderboard_id: ${(await leaderboard(api)).id}) { id } }`],
  ['groupMembers', async (api) => `{ groupMembers(group_id: ${(await group(api)).id}) { user_id } }`],
  ['balances', async (api) => `{ balances(user_game_id: ${(await userGame(api)).id}) { currency } }`],
  ['transactions', async (api) => `{ transactions(user_game_id: ${(await userGame(api)).id}) { id } }`],
  ['currencies', async () => '{ currencies(limit: 5) { code } }'],
  ['currenciesTotal', async () => '{ currenciesTotal }'],
  ['userFreeze', async (api) => `{ userFreeze(user_id: ${api.users.user.id}) { frozen } }`],
  ['userGameFreeze', async (api) => `{ userGameFreeze(user_game_id: ${(await userGame(api)).id}) { frozen } }`],
  ['walletLimits', async (api) => `{ walletLimits(user_game_id: ${(await userGame(api)).id}) { currency } }`],
  ['syncStatus', async () => '{ syncStatus { outbox_entries } }'],
  ['opsTimeline', async () => '{ opsTimeline(minutes: 1) { bucket_seconds } }'],

  ['rollbackConfig', async (api) => {
    const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
    return `mutation { rollbackConfig(game_id: ${v.game_id}, input: { version: 1 }) { version } }`;
  }],
  ['createInvite', async () => 'mutation { createInvite(input: { role: "user", max_uses: 2 }) { code } }'],
  ['deleteInvite', async (api) => `mutation { deleteInvite(code: "${(await api.services.invites.create(userActor(api.users.admin), { role: 'user', max_uses: 1 })).code}") }`],
  ['updateUser', async (api) => `mutation { updateUser(id: ${api.users.other.id}, input: { is_active: true }) { id } }`],
  ['connectGame', async (api) => `mutation { connectGame(user_id: ${api.users.other.id}, input: { game_id: ${await game(api)} }) { id } }`],
  ['disconnectGame', async (api) => {
    const ug = await userGame(api);
    return `mutation { disconnectGame(user_id: ${ug.user_id}, game_id: ${ug.game_id}) }`;
  }],
  ['createGame', async () => `mutation { createGame(input: { name: "G", slug: "gq-${unique()}" }) { id } }`],
  ['updateGame', async (api) => `mutation { updateGame(id: ${await game(api)}, input: { name: "H" }) { id } }`],
  ['deleteGame', async (api) => `mutation { deleteGame(id: ${await game(api)}) }`],
  ['connectModule', async (api) => `mutation { connectModule(game_id: ${await game(api, [])}, input: { module_key: "variables" }) { key } }`],
  ['disconnectModule', async (api) => `mutation { disconnectModule(game_id: ${await game(api)}, module_key: "variables") }`],
  ['createLanguage', async () => `mutation { createLanguage(input: { code: "xq-${(n += 1)}", name: "X" }) { id } }`],
  ['updateLanguage', async (api) => `mutation { updateLanguage(id: ${(await api.services.languages.create(COMMAND_ACTOR, { code: `zz-${(n += 1)}`, name: 'Z' })).id}, input: { name: "Y" }) { id } }`],
  ['deleteLanguage', async (api) => `mutation { deleteLanguage(id: ${(await api.services.languages.create(COMMAND_ACTOR, { code: `zy-${(n += 1)}`, name: 'Z' })).id}) }`],
  ['createVariable', async (api) => `mutation { createVariable(game_id: ${await game(api)}, input: { key: "k", type: "number", number_value: 1 }) { id } }`],
  ['replaceVariable', async (api) => {
    const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
    return `mutation { replaceVariable(game_id: ${v.game_id}, id: ${v.id}, input: { key: "k", type: "string", string_value: "s" }) { id } }`;
  }],
  ['deleteVariable', async (api) => {
    const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
    return `mutation { deleteVariable(game_id: ${v.game_id}, id: ${v.id}) }`;
  }],
  ['createNotification', async (api) => `mutation { createNotification(game_id: ${await game(api)}, input: ${NOTE}) { id } }`],
  ['replaceNotification', async (api) => {
    const gameId = await game(api);
    const id = (await gql(api, `mutation { createNotification(game_id: ${gameId}, input: ${NOTE}) { id } }`, { token: api.users.admin.token })).body.data.createNotification.id;
    return `mutation { replaceNotification(game_id: ${gameId}, id: ${id}, input: ${NOTE}) { id } }`;
  }],
  ['deleteNotification', async (api) => {
    const gameId = await game(api);
    const id = (await gql(api, `mutation { createNotification(game_id: ${gameId}, input: ${NOTE}) { id } }`, { token: api.users.admin.token })).body.data.createNotification.id;
    return `mutation { deleteNotification(game_id: ${gameId}, id: ${id}) }`;
  }],
  ['createLeaderboard', async (api) => `mutation { createLeaderboard(game_id: ${await game(api)}, input: { key: "k", name: "L" }) { id } }`],
  ['updateLeaderboard', async (api) => {
    const board = await leaderboard(api);
    return `mutation { updateLeaderboard(game_id: ${board.game_id}, id: ${board.id}, input: { name: "M" }) { id } }`;
  }],
  ['deleteLeaderboard', async (api) => {
    const board = await leaderboard(api);
    return `mutation { deleteLeaderboard(game_id: ${board.game_id}, id: ${board.id}) }`;
  }],
  ['saveScore', async (api) => {
    const board = await leaderboard(api);
    const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: board.game_id });
    return `mutation { saveScore(leaderboard_id: ${board.id}, input: { user_game_id: ${ug.id}, score: 5 }) { score } }`;
  }],
  ['createLeaderboardGroup', async (api) => `mutation { createLeaderboardGroup(leaderboard_id: ${(await leaderboard(api)).id}, input: { key: "g", name: "G" }) { id } }`],
  ['updateLeaderboardGroup', async (api) => `mutation { updateLeaderboardGroup(id: ${(await group(api)).id}, input: { name: "H" }) { id } }`],
  ['deleteLeaderboardGroup', async (api) => `mutation { deleteLeaderboardGroup(id: ${(await group(api)).id}) }`],
  ['addGroupMember', async (api) => {
    const board = await leaderboard(api);
    const g = await api.services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key: 'g', name: 'G' });
    await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: board.game_id });
    return `mutation { addGroupMember(group_id: ${g.id}, input: { user_id: ${api.users.user.id} }) { user_id } }`;
  }],
  ['removeGroupMember', async (api) => {
    const board = await leaderboard(api);
    const g = await api.services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key: 'g', name: 'G' });
    await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: board.game_id });
    await api.services.leaderboardGroups.addMember(COMMAND_ACTOR, g.id, { user_id: api.users.user.id });
    return `mutation { removeGroupMember(group_id: ${g.id}, user_id: ${api.users.user.id}) }`;
  }],
  ['createConfigOverride', async (api) => {
    const v = await api.services.variables.create(COMMAND_ACTOR, await game(api), { key: 'k', type: 'number', number_value: 1 });
    return `mutation { createConfigOverride(game_id: ${v.game_id}, input: ${OVERRIDE}) { id } }`;
  }],
  ['replaceConfigOverride', async (api) => {
    const o = await override(api);
    return `mutation { replaceConfigOverride(game_id: ${o.game_id}, id: ${o.id}, input: ${OVERRIDE}) { id } }`;
  }],
  ['deleteConfigOverride', async (api) => {
    const o = await override(api);
    return `mutation { deleteConfigOverride(game_id: ${o.game_id}, id: ${o.id}) }`;
  }],
  ['setUserGameScope', async (api) => `mutation { setUserGameScope(id: ${(await api.createUser('moderator', `s_${unique()}`)).id}, input: { game_ids: [] }) { game_scope } }`],
  ['apiKeys', async () => '{ apiKeys { id } }'],
  ['apiKeysTotal', async () => '{ apiKeysTotal }'],
  ['createApiKey', async () => `mutation { createApiKey(input: { name: "k${unique()}" }) { secret } }`],
  ['revokeApiKey', async (api) => `mutation { revokeApiKey(id: ${(await api.services.apiKeys.create(COMMAND_ACTOR, { name: `k${unique()}` })).id}) }`],
  ['createCurrency', async () => `mutation { createCurrency(input: { code: "${currencyCode()}", exponent: 2 }) { code } }`],
  ['updateCurrency', async (api) => {
    const code = currencyCode();
    await api.services.currencies.create(COMMAND_ACTOR, { code, exponent: 2 });
    return `mutation { updateCurrency(code: "${code}", input: { enabled: false }) { enabled } }`;
  }],
  ['freezeUser', async (api) => `mutation { freezeUser(user_id: ${(await api.createUser('user', `f_${unique()}`)).id}, input: { reason: "r" }) { frozen } }`],
  ['unfreezeUser', async (api) => `mutation { unfreezeUser(user_id: ${(await api.createUser('user', `u_${unique()}`)).id}) }`],
  ['freezeUserGame', async (api) => `mutation { freezeUserGame(user_game_id: ${(await userGame(api)).id}, input: { reason: "r" }) { frozen } }`],
  ['unfreezeUserGame', async (api) => `mutation { unfreezeUserGame(user_game_id: ${(await userGame(api)).id}) }`],
  ['setWalletLimits', async (api) => `mutation { setWalletLimits(user_game_id: ${(await userGame(api)).id}, input: { currency: "EUR", max_bet: "100" }) { max_bet } }`],
  ['closeWallet', async (api) => `mutation { closeWallet(user_game_id: ${(await userGame(api)).id}, input: { currency: "EUR", reason: "r" }) { amount } }`],
  ['eraseUser', async (api) => {
    const name = `er_${unique()}`.replace(/-/g, '_');
    return `mutation { eraseUser(id: ${(await api.createUser('user', name)).id}, input: { confirm: "${name}" }) { erased_at } }`;
  }],
  ['topup', async (api) => `mutation { topup(user_game_id: ${(await userGame(api)).id}, input: { amount: "10" }) { id } }`],
  ['uploadImage', async () => `mutation { uploadImage(input: { content_base64: "${PNG}" }) { path } }`],

  // Fields inside objects, reached through a parent any signed-in user may read.
  ['Game.variables', async (api) => `{ game(id: ${await game(api)}) { variables { id } } }`],
  ['Game.config', async (api) => `{ game(id: ${await game(api)}) { config { etag } } }`],
  ['Game.notifications', async (api) => `{ game(id: ${await game(api)}) { notifications { id } } }`],
  ['Game.leaderboards', async (api) => `{ game(id: ${await game(api)}) { leaderboards { id } } }`],
  ['Notification.macros', async (api) => {
    const gameId = await game(api);
    const created = (await gql(api, `mutation { createNotification(game_id: ${gameId}, input: ${NOTE}) { id } }`, { token: api.users.admin.token })).body.data;
    return `{ notification(game_id: ${gameId}, id: ${created.createNotification.id}) { macros } }`;
  }],
  ['Leaderboard.game', async (api) => {
    const board = await leaderboard(api);
    return `{ leaderboard(game_id: ${board.game_id}, id: ${board.id}) { game { id } } }`;
  }],
  ['Leaderboard.groups', async (api) => {
    const board = await leaderboard(api);
    return `{ leaderboard(game_id: ${board.game_id}, id: ${board.id}) { groups { id } } }`;
  }],
  ['Leaderboard.rankings', async (api) => {
    const board = await leaderboard(api);
    return `{ leaderboard(game_id: ${board.game_id}, id: ${board.id}) { rankings { rank } } }`;
  }],
  ['User.erased_at', async (api) => `{ user(id: ${api.users.user.id}) { erased_at } }`],
  ['User.export_url', async (api) => `{ user(id: ${api.users.user.id}) { export_url } }`],
  ['User.game_scope_games', async (api) => `{ user(id: ${api.users.user.id}) { game_scope_games { id } } }`],
  ['User.frozen', async (api) => `{ user(id: ${api.users.user.id}) { frozen } }`],
  ['GameUser.balances', async (api) => `{ gameUsers(game_id: ${(await userGame(api)).game_id}) { balances { currency } } }`],
  ['GameUser.frozen', async (api) => `{ gameUsers(game_id: ${(await userGame(api)).game_id}) { frozen } }`],
];

const EXPECTED: Record<Access, Record<Exclude<Caller, 'scoped'>, string>> = {
  public: { none: 'ok', user: 'ok', moderator: 'ok', admin: 'ok' },
  any: { none: 'UNAUTHORIZED', user: 'ok', moderator: 'ok', admin: 'ok' },
  staff: { none: 'UNAUTHORIZED', user: 'FORBIDDEN', moderator: 'ok', admin: 'ok' },
  admin: { none: 'UNAUTHORIZED', user: 'FORBIDDEN', moderator: 'FORBIDDEN', admin: 'ok' },
};
const expected = (field: string, caller: Caller, allowed = 'ok') => {
  const { access, gameless, walletRead } = accessOf(field);
  const outcome = caller !== 'scoped' ? EXPECTED[access][caller]
    : (access === 'staff' && !gameless) || walletRead ? 'FORBIDDEN' : EXPECTED[access].moderator;
  return outcome === 'ok' ? allowed : outcome;
};

test('the matrix names every Query and Mutation field, and every object field with a resolver of its own', (t) => {
  const schema = createGraphQLSchema();
  const roots = [schema.getQueryType()!, schema.getMutationType()!];
  const fields = roots.flatMap((type) => Object.keys(type.getFields()));
  const nested = Object.values(schema.getTypeMap())
    .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__') && !roots.includes(type))
    .flatMap((type) => Object.values(type.getFields()).filter((field) => field.resolve).map((field) => `${type.name}.${field.name}`));
  t.true(nested.length >= 8, nested.join(', '));
  t.deepEqual(rows.map(([field]) => field).sort(), [...fields, ...nested].sort());
});

for (const [field, operation, allowed] of rows) {
  test(`${field}: ${accessOf(field).access}`, async (t) => {
    const { api } = t.context;
    for (const caller of ['none', 'user', 'moderator', 'admin', 'scoped'] as const) {
      const token = caller === 'none' ? undefined : caller === 'scoped' ? await scoped(api) : api.users[caller].token;
      const reply = await gql(api, await operation(api), { token });
      const outcome = reply.body.errors ? errorCodes(reply).join(',') : reply.body.data?.[field] === null ? 'null' : 'ok';
      t.is(outcome, expected(field, caller, allowed), `${caller}: ${JSON.stringify(reply.body)}`);
    }
  });
}

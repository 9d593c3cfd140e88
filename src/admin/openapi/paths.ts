import { AUDIT_PAGE, LEDGER_PAGE, RANKINGS_LIMIT, USERS_PAGE } from '../http/params';
import type { OperationSpec, QueryParam } from './operation';
import { arrayOf, id, int, ref, str } from './schema-kit';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export interface PathEntry {
  readonly method: Method;
  /** OpenAPI template: `{name}` for a path parameter. */
  readonly path: string;
  readonly tag: string;
  readonly spec: OperationSpec;
}

const limit = (defaultLimit: number, maxLimit: number): QueryParam => ({ name: 'limit', schema: int({ minimum: 1, maximum: maxLimit, default: defaultLimit }) });
const offset: QueryParam = { name: 'offset', schema: int({ minimum: 0, default: 0 }) };
const page = (defaultLimit = 1000, maxLimit = 1000) => [limit(defaultLimit, maxLimit), offset];
const search = (what: string): QueryParam => ({ name: 'search', schema: str(), description: `case-insensitive substring of ${what} (\`%\`, \`_\`, \`\\\` literal)` });
const list = (component: string) => ({ status: 200, body: arrayOf(ref(component)) }) as const;
const one = (component: string) => ({ status: 200, body: component }) as const;
const made = (component: string, location = true) => ({ status: 201, body: component, location }) as const;
const gone = { status: 204 } as const;

const GAMES = '/api/games/{id}';
const LEADERBOARDS = `${GAMES}/leaderboards`;

/** Every REST endpoint, a line each: who may call it, what it takes, what it answers (SPEC §2). */
export const API_PATHS: readonly PathEntry[] = [
  { method: 'post', path: '/api/auth/login', tag: 'auth', spec: { summary: 'Sign in', access: 'public', body: 'LoginInput', ok: one('TokenReply'), errors: [401, 429],
    description: 'Ten failures for one email from one address within 15 minutes, or LOGIN_ADDRESS_LIMIT from one address: 429.' } },
  { method: 'post', path: '/api/auth/register', tag: 'auth', spec: { summary: 'Register with an invite', access: 'public', body: 'RegisterInput', ok: made('TokenReply'), errors: [409],
    description: 'The role comes from the invite. An unknown, expired or used-up invite is a 400 on `invite_code`.' } },
  { method: 'get', path: '/api/auth/me', tag: 'auth', spec: { summary: 'The signed-in user', access: 'any', ok: one('User') } },

  { method: 'get', path: '/api/invites/validate/{code}', tag: 'invites', spec: { summary: 'Whether an invite can still register someone', access: 'public', lookup: false, ok: one('InviteCheck') } },
  { method: 'get', path: '/api/invites', tag: 'invites', spec: { summary: 'Invites, newest first', access: 'staff', query: page(), ok: list('Invite'),
    description: 'A moderator sees invites of role user only.' } },
  { method: 'post', path: '/api/invites', tag: 'invites', spec: { summary: 'Create an invite', access: 'staff', body: 'InviteInput', ok: made('Invite'),
    description: 'A moderator may create invites of role user only.' } },
  { method: 'delete', path: '/api/invites/{code}', tag: 'invites', spec: { summary: 'Delete an invite', access: 'staff', ok: gone } },

  { method: 'get', path: '/api/users', tag: 'users', spec: { summary: 'Users', access: 'staff', query: [search('username or email; an integer matches the id'), ...page(USERS_PAGE.defaultLimit, USERS_PAGE.maxLimit)], ok: list('User') } },
  { method: 'get', path: '/api/users/{id}', tag: 'users', spec: { summary: 'A user', access: 'self', ok: one('User') } },
  { method: 'patch', path: '/api/users/{id}', tag: 'users', spec: { summary: 'Change a user\'s role or active flag', access: 'admin', body: 'UserPatch', ok: one('User'), errors: [409],
    description: 'An admin cannot demote or deactivate themself; the last active admin stays (409).' } },
  { method: 'get', path: '/api/users/{id}/games', tag: 'connections', spec: { summary: 'The games a user is connected to', access: 'self', query: page(), ok: list('GameOfUser') } },
  { method: 'post', path: '/api/users/{id}/games', tag: 'connections', spec: { summary: 'Connect a user to a game', access: 'staff', body: 'ConnectGameInput', ok: made('Connection', false), errors: [409] } },
  { method: 'delete', path: '/api/users/{id}/games/{game_id}', tag: 'connections', spec: { summary: 'Disconnect a user from a game', access: 'staff', ok: gone } },
  { method: 'get', path: `${GAMES}/users`, tag: 'connections', spec: { summary: 'The users connected to a game', access: 'staff', query: [search('username or email'), ...page()], ok: list('UserOfGame') } },

  { method: 'get', path: '/api/games', tag: 'games', spec: { summary: 'Games, newest first', access: 'any', query: [search('name or slug'), ...page()], ok: list('Game') } },
  { method: 'get', path: GAMES, tag: 'games', spec: { summary: 'A game', access: 'any', ok: one('Game') } },
  { method: 'post', path: '/api/games', tag: 'games', spec: { summary: 'Create a game', access: 'staff', body: 'GameCreateInput', ok: made('Game'), errors: [409],
    description: '`name` and `slug` are required; the slug is unique.' } },
  { method: 'put', path: GAMES, tag: 'games', spec: { summary: 'Change a game (the fields given)', access: 'staff', body: 'GameUpdateInput', ok: one('Game'), errors: [409] } },
  { method: 'delete', path: GAMES, tag: 'games', spec: { summary: 'Delete a game with its module data and connections (the ledger stays)', access: 'staff', ok: gone } },

  { method: 'get', path: '/api/modules', tag: 'modules', spec: { summary: 'Every module a game may enable', access: 'any', ok: list('Module') } },
  { method: 'get', path: `${GAMES}/modules`, tag: 'modules', spec: { summary: 'A game\'s modules', access: 'any', ok: list('Module') } },
  { method: 'post', path: `${GAMES}/modules`, tag: 'modules', spec: { summary: 'Enable a module for a game', access: 'staff', body: 'ModuleConnectInput', ok: made('Module', false), errors: [409] } },
  { method: 'delete', path: `${GAMES}/modules/{module_key}`, tag: 'modules', spec: { summary: 'Disable a module (its data stays)', access: 'staff', ok: gone } },

  { method: 'get', path: '/api/languages', tag: 'languages', spec: { summary: 'Languages', access: 'any', query: page(), ok: list('Language') } },
  { method: 'get', path: '/api/languages/{id}', tag: 'languages', spec: { summary: 'A language', access: 'any', ok: one('Language') } },
  { method: 'post', path: '/api/languages', tag: 'languages', spec: { summary: 'Create a language', access: 'staff', body: 'LanguageCreateInput', ok: made('Language'), errors: [409] } },
  { method: 'put', path: '/api/languages/{id}', tag: 'languages', spec: { summary: 'Change a language', access: 'staff', body: 'LanguageUpdateInput', ok: one('Language'), errors: [409] } },
  { method: 'delete', path: '/api/languages/{id}', tag: 'languages', spec: { summary: 'Delete a language no notification uses', access: 'staff', ok: gone, errors: [409] } },

  { method: 'get', path: `${GAMES}/variables`, tag: 'variables', spec: { summary: 'A game\'s variables', access: 'staff', module: 'variables', query: page(), ok: list('Variable') } },
  { method: 'get', path: `${GAMES}/variables/{var_id}`, tag: 'variables', spec: { summary: 'A variable', access: 'staff', module: 'variables', ok: one('Variable') } },
  { method: 'post', path: `${GAMES}/variables`, tag: 'variables', spec: { summary: 'Create a variable', access: 'staff', module: 'variables', body: 'VariableInput', ok: made('Variable'), errors: [409] } },
  { method: 'put', path: `${GAMES}/variables/{var_id}`, tag: 'variables', spec: { summary: 'Replace a variable (its type may change)', access: 'staff', module: 'variables', body: 'VariableInput', ok: one('Variable'), errors: [409] } },
  { method: 'delete', path: `${GAMES}/variables/{var_id}`, tag: 'variables', spec: { summary: 'Delete a variable', access: 'staff', module: 'variables', ok: gone } },
  { method: 'get', path: `${GAMES}/config`, tag: 'variables', spec: {
    summary: 'The game\'s variables as one JSON object (the config document)', access: 'any', module: 'variables', ok: one('ConfigDocument'),
    headers: [{ name: 'If-None-Match', schema: str(), description: 'an ETag from an earlier reply: 304 while it is current' }],
    extraResponses: { 304: { description: 'The document has not changed since the ETag given.' } },
  } },
  { method: 'get', path: `${GAMES}/config/versions`, tag: 'variables', spec: { summary: 'The config\'s versions, newest first', access: 'staff', module: 'variables', query: page(100, 1000), ok: list('ConfigVersion'),
    description: 'Every change of the variables (create, update, delete, rollback) is a version; the last 300 are kept.' } },
  { method: 'get', path: `${GAMES}/config/versions/{version}`, tag: 'variables', spec: { summary: 'One version: its document and variables', access: 'staff', module: 'variables', ok: one('ConfigVersionDetail') } },
  { method: 'post', path: `${GAMES}/config/rollback`, tag: 'variables', spec: { summary: 'Roll the variables back to a version', access: 'staff', module: 'variables', body: 'RollbackInput', ok: one('RollbackResult'), errors: [409],
    description: 'In one transaction, as a new version with change `rollback`; the config document follows at once under a new ETag.' } },

  { method: 'get', path: `${GAMES}/notifications`, tag: 'notifications', spec: { summary: 'A game\'s notifications', access: 'any', module: 'notification', query: page(), ok: list('Notification') } },
  { method: 'get', path: `${GAMES}/notifications/{notification_id}`, tag: 'notifications', spec: { summary: 'A notification, with the macros its descriptions may use', access: 'any', module: 'notification', ok: one('NotificationWithMacros') } },
  { method: 'post', path: `${GAMES}/notifications`, tag: 'notifications', spec: { summary: 'Create a notification', access: 'staff', module: 'notification', body: 'NotificationInput', ok: made('Notification') } },
  { method: 'put', path: `${GAMES}/notifications/{notification_id}`, tag: 'notifications', spec: { summary: 'Replace a notification', access: 'staff', module: 'notification', body: 'NotificationInput', ok: one('Notification') } },
  { method: 'delete', path: `${GAMES}/notifications/{notification_id}`, tag: 'notifications', spec: { summary: 'Delete a notification', access: 'staff', module: 'notification', ok: gone } },

  { method: 'get', path: LEADERBOARDS, tag: 'leaderboards', spec: { summary: 'A game\'s leaderboards', access: 'any', module: 'leaderboard', query: page(), ok: list('Leaderboard') } },
  { method: 'get', path: `${LEADERBOARDS}/{leaderboard_id}`, tag: 'leaderboards', spec: { summary: 'A leaderboard', access: 'any', module: 'leaderboard', ok: one('Leaderboard') } },
  { method: 'post', path: LEADERBOARDS, tag: 'leaderboards', spec: { summary: 'Create a leaderboard', access: 'staff', module: 'leaderboard', body: 'LeaderboardCreateInput', ok: made('Leaderboard'), errors: [409] } },
  { method: 'put', path: `${LEADERBOARDS}/{leaderboard_id}`, tag: 'leaderboards', spec: { summary: 'Change a leaderboard (the fields given)', access: 'staff', module: 'leaderboard', body: 'LeaderboardUpdateInput', ok: one('Leaderboard'), errors: [409] } },
  { method: 'delete', path: `${LEADERBOARDS}/{leaderboard_id}`, tag: 'leaderboards', spec: { summary: 'Delete a leaderboard', access: 'staff', module: 'leaderboard', ok: gone } },
  { method: 'post', path: '/api/leaderboards/{leaderboard_id}/scores', tag: 'leaderboards', spec: {
    summary: 'Save a user-game\'s score of the current period (by the leaderboard\'s operator)', access: 'staff', module: 'leaderboard', body: 'ScoreInput', ok: one('SavedScore'), errors: [409],
    description: 'The reply is the stored score after the save. An inactive leaderboard, or an incr past ±1e15, answers 409.' } },
  { method: 'get', path: '/api/leaderboards/{leaderboard_id}/rankings', tag: 'leaderboards', spec: {
    summary: 'The current period\'s rankings', access: 'any', module: 'leaderboard', ok: one('Rankings'),
    query: [
      { name: 'group_id', schema: id(), description: 'only this group\'s members' },
      { name: 'around_user_game_id', schema: id(), description: 'a window of `limit` rows around this user-game; ranks in the whole ordering ([] without a score)' },
      { name: 'period_start', schema: str({ format: 'date-time' }), description: 'rank the past period that starts then (the UTC start of a day, ISO week or month); rows then carry period_start' },
      limit(RANKINGS_LIMIT.defaultLimit, RANKINGS_LIMIT.maxLimit),
    ] } },
  { method: 'get', path: '/api/leaderboards/{leaderboard_id}/groups', tag: 'leaderboard groups', spec: { summary: 'A leaderboard\'s groups', access: 'any', module: 'leaderboard', query: page(), ok: list('LeaderboardGroup') } },
  { method: 'post', path: '/api/leaderboards/{leaderboard_id}/groups', tag: 'leaderboard groups', spec: { summary: 'Create a group', access: 'staff', module: 'leaderboard', body: 'GroupCreateInput', ok: made('LeaderboardGroup', false), errors: [409] } },
  { method: 'put', path: '/api/leaderboard-groups/{group_id}', tag: 'leaderboard groups', spec: { summary: 'Change a group', access: 'staff', module: 'leaderboard', body: 'GroupUpdateInput', ok: one('LeaderboardGroup'), errors: [409] } },
  { method: 'delete', path: '/api/leaderboard-groups/{group_id}', tag: 'leaderboard groups', spec: { summary: 'Delete a group', access: 'staff', module: 'leaderboard', ok: gone } },
  { method: 'get', path: '/api/leaderboard-groups/{group_id}/members', tag: 'leaderboard groups', spec: { summary: 'A group\'s members', access: 'any', module: 'leaderboard', query: page(), ok: list('GroupMember') } },
  { method: 'post', path: '/api/leaderboard-groups/{group_id}/members', tag: 'leaderboard groups', spec: {
    summary: 'Add a member (connected to the leaderboard\'s game)', access: 'staff', module: 'leaderboard', body: 'MemberInput', ok: made('GroupMembership', false), errors: [409] } },
  { method: 'delete', path: '/api/leaderboard-groups/{group_id}/members/{user_id}', tag: 'leaderboard groups', spec: { summary: 'Remove a member', access: 'staff', module: 'leaderboard', ok: gone } },

  { method: 'post', path: '/api/user-games/{ug_id}/topup', tag: 'balance', spec: {
    summary: 'Credit a user-game\'s wallet', access: 'admin', body: 'TopupInput', ok: made('Topup', false), errors: [409],
    headers: [{ name: 'Idempotency-Key', schema: str(), description: 'a repeat returns the first reply; the same key with another body is a 409' }],
    description: 'Through the same Lua script and outbox as the gRPC engine. A top-up past 2^53−1 is a 409.' } },
  { method: 'get', path: '/api/user-games/{ug_id}/transactions', tag: 'balance', spec: {
    summary: 'The wallet\'s ledger from MySQL, newest first', access: 'self', query: page(LEDGER_PAGE.defaultLimit, LEDGER_PAGE.maxLimit), ok: list('LedgerItem'),
    description: 'The owner, an admin or a moderator. It trails the engine by the sync lag.' } },
  { method: 'get', path: '/api/user-games/{ug_id}/balance', tag: 'balance', spec: { summary: 'The wallet\'s balances per currency, from Redis', access: 'self', ok: list('Balance') } },

  { method: 'get', path: '/api/audit', tag: 'audit', spec: {
    summary: 'The audit log, newest first', access: 'admin', ok: list('AuditEntry'),
    query: [
      { name: 'action', schema: str() }, { name: 'actor_user_id', schema: id() }, { name: 'target_type', schema: str() }, { name: 'target_id', schema: str() },
      { name: 'game_id', schema: id() }, { name: 'since', schema: str({ format: 'date-time' }) }, { name: 'until', schema: str({ format: 'date-time' }) },
      { name: 'after_id', schema: id(), description: 'entries older than this id: the next page after one that ended with it (keyset paging, constant time)' },
      limit(AUDIT_PAGE.defaultLimit, AUDIT_PAGE.maxLimit), { name: 'offset', schema: int({ minimum: 0, maximum: AUDIT_PAGE.maxOffset, default: 0 }) },
    ],
    description: 'One entry per successful write (REST, GraphQL, operator commands). Entries cannot be changed or deleted: PUT, PATCH and DELETE here are 405.' } },

  { method: 'post', path: '/api/images', tag: 'images', spec: {
    summary: 'Upload an image (PNG, JPEG, GIF or WebP, by its first bytes)', access: 'staff', body: 'multipart', ok: made('Image'),
    description: 'Multipart field `file`; the whole body is held to MAX_UPLOAD_BYTES (413). Any other type is 415.' } },
  { method: 'get', path: '/uploads/images/{filename}', tag: 'images', spec: {
    summary: 'A stored image', access: 'public', ok: { status: 200, type: 'image/*', body: { type: 'string', contentMediaType: 'image/*' }, description: 'The file, with a long Cache-Control.' } } },
];

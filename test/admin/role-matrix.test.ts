import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { ADMIN_ENDPOINTS } from '../../src/admin/admin-endpoints';
import type { AnyEndpoint, EndpointAccess } from '../../src/admin/http/endpoint';
import { gameTargetOf } from '../../src/admin/http/game-scope';
import { userActor } from '../helpers/actors';
import { type TestApi, useSharedTestApi } from '../helpers/api';

// Every endpoint of the management API, called with no token and as user, moderator and admin; each
// call gets fresh fixtures so one role's write does not change the next role's answer. Who may call an
// endpoint is read from its declaration (its `access`, the one place it is written); a row says only
// how to call it and what a caller let through gets.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

type Caller = 'none' | 'user' | 'moderator' | 'admin';
type Call = { method: string; path: string; body?: unknown; raw?: FormData };
/** `allowed`: what a caller the endpoint's declared access lets through gets with this fixture. */
type Row = [name: string, fixture: (api: TestApi) => Promise<Call>, allowed: number];

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let n = 0;
const unique = () => `${process.pid}-${(n += 1)}`;

async function game(api: TestApi, modules: string[] = []) {
  const id = (await api.services.games.create(COMMAND_ACTOR, { name: 'G', slug: `g-${unique()}` })).id;
  for (const key of modules) await api.services.modules.connect(COMMAND_ACTOR, id, { module_key: key });
  return id;
}
async function connection(api: TestApi) {
  return api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: await game(api) });
}
async function stored(api: TestApi) {
  const reply = await api.request('POST', '/api/images', { token: api.users.admin.token, raw: pngForm() });
  return reply.body.path as string;
}
const ALL_MODULES = ['variables', 'notification', 'leaderboard'];
async function variable(api: TestApi) {
  const gameId = await game(api, ALL_MODULES);
  return api.services.variables.create(COMMAND_ACTOR, gameId, { key: 'k', type: 'number', number_value: 1 });
}
async function notification(api: TestApi) {
  const gameId = await game(api, ALL_MODULES);
  return api.services.notifications.create(COMMAND_ACTOR, gameId, { name: 'n', descriptions: [{ language_id: 1, description: 'd' }], entries: [{ time_second: 0, image: '', login: '' }] });
}
async function leaderboard(api: TestApi) {
  return api.services.leaderboards.create(COMMAND_ACTOR, await game(api, ALL_MODULES), { key: `lb-${unique()}`, name: 'L' });
}
async function group(api: TestApi) {
  const board = await leaderboard(api);
  return { board, group: await api.services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key: `g-${unique()}`, name: 'G' }) };
}
/** A group of a leaderboard of a game that `user` is connected to. */
async function groupWithPlayer(api: TestApi) {
  const { board, group: g } = await group(api);
  const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: board.game_id });
  return { board, group: g, userGameId: ug.id };
}
const NOTE = { name: 'n', descriptions: [{ language_id: 1, description: 'd' }], entries: [{ time_second: 0, image: '', login: '' }] };

function pngForm() {
  const form = new FormData();
  form.append('file', new Blob([PNG]), 'a.png');
  return form;
}

const OVERRIDE = { name: 'o', starts_at: '2026-01-01T00:00:00Z', ends_at: '2036-01-01T00:00:00Z', variables: [{ key: 'k', number_value: 2 }] };
async function overridePath(api: TestApi) {
  const gameId = (await variable(api)).game_id;
  return `/api/games/${gameId}/config/overrides/${(await api.services.configOverrides.create(COMMAND_ACTOR, gameId, OVERRIDE)).id}`;
}


const rows: Row[] = [
  ['POST /api/auth/login', async (api) => ({ method: 'POST', path: '/api/auth/login', body: { email: api.users.other.email, password: 'correct horse battery' } }), 200],
  ['POST /api/auth/register', async (api) => {
    const invite = await api.services.invites.create(userActor(api.users.admin), { role: 'user', max_uses: 1 });
    const name = `reg_${unique()}`.replace(/-/g, '_');
    return { method: 'POST', path: '/api/auth/register', body: { email: `${name}@example.com`, username: name, password: 'long enough pw', invite_code: invite.code } };
  }, 201],
  ['GET /api/auth/me', async () => ({ method: 'GET', path: '/api/auth/me' }), 200],
  ['POST /api/auth/login/2fa', async () => ({ method: 'POST', path: '/api/auth/login/2fa', body: { challenge: 'x'.repeat(32), code: '123456' } }), 401],
  ['POST /api/auth/2fa/setup', async () => ({ method: 'POST', path: '/api/auth/2fa/setup' }), 200],
  ['POST /api/auth/2fa/confirm', async (api) => {
    for (const user of [api.users.user, api.users.moderator, api.users.admin]) await api.services.twoFactor.setup(COMMAND_ACTOR, user.id);
    return { method: 'POST', path: '/api/auth/2fa/confirm', body: { code: '12345' } };
  }, 400],
  ['DELETE /api/auth/2fa', async () => ({ method: 'DELETE', path: '/api/auth/2fa', body: { code: '123456' } }), 409],
  ['GET /api/auth/2fa/recovery-codes', async () => ({ method: 'GET', path: '/api/auth/2fa/recovery-codes' }), 200],
  ['POST /api/auth/2fa/recovery-codes', async () => ({ method: 'POST', path: '/api/auth/2fa/recovery-codes', body: { code: '123456' } }), 409],
  ['GET /api/invites/validate/:code', async () => ({ method: 'GET', path: '/api/invites/validate/nope' }), 200],
  ['POST /api/invites', async () => ({ method: 'POST', path: '/api/invites', body: { role: 'user', max_uses: 2 } }), 201],
  ['GET /api/invites', async () => ({ method: 'GET', path: '/api/invites' }), 200],
  ['DELETE /api/invites/:code', async (api) => ({ method: 'DELETE', path: `/api/invites/${(await api.services.invites.create(userActor(api.users.admin), { role: 'user', max_uses: 1 })).code}` }), 204],
  ['GET /api/users', async () => ({ method: 'GET', path: '/api/users' }), 200],
  ['GET /api/users/:id (the user themself)', async (api) => ({ method: 'GET', path: `/api/users/${api.users.user.id}` }), 200],
  ['PUT /api/users/:id/game-scope', async (api) => ({ method: 'PUT', path: `/api/users/${(await api.createUser('moderator', `gs_${unique()}`.replace(/-/g, '_'))).id}/game-scope`, body: { game_ids: [] } }), 200],
  ['PATCH /api/users/:id', async (api) => ({ method: 'PATCH', path: `/api/users/${api.users.other.id}`, body: { is_active: true } }), 200],
  ['GET /api/games', async () => ({ method: 'GET', path: '/api/games' }), 200],
  ['GET /api/games/:id', async (api) => ({ method: 'GET', path: `/api/games/${await game(api)}` }), 200],
  ['POST /api/games', async () => ({ method: 'POST', path: '/api/games', body: { name: 'N', slug: `s-${unique()}` } }), 201],
  ['PUT /api/games/:id', async (api) => ({ method: 'PUT', path: `/api/games/${await game(api)}`, body: { name: 'Renamed' } }), 200],
  ['DELETE /api/games/:id', async (api) => ({ method: 'DELETE', path: `/api/games/${await game(api)}` }), 204],
  ['GET /api/modules', async () => ({ method: 'GET', path: '/api/modules' }), 200],
  ['GET /api/games/:id/modules', async (api) => ({ method: 'GET', path: `/api/games/${await game(api)}/modules` }), 200],
  ['POST /api/games/:id/modules', async (api) => ({ method: 'POST', path: `/api/games/${await game(api)}/modules`, body: { module_key: 'leaderboard' } }), 201],
  ['DELETE /api/games/:id/modules/:key', async (api) => ({ method: 'DELETE', path: `/api/games/${await game(api, ['variables'])}/modules/variables` }), 204],
  ['GET /api/languages', async () => ({ method: 'GET', path: '/api/languages' }), 200],
  ['GET /api/languages/:id', async () => ({ method: 'GET', path: '/api/languages/1' }), 200],
  ['POST /api/languages', async () => ({ method: 'POST', path: '/api/languages', body: { code: `x${String.fromCharCode(97 + (n++ % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`, name: 'X' } }), 201],
  ['PUT /api/languages/:id', async (api) => {
    const lang = await api.services.languages.create(COMMAND_ACTOR, { code: `q${String.fromCharCode(97 + (n++ % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`, name: 'Q' });
    return { method: 'PUT', path: `/api/languages/${lang.id}`, body: { name: 'Q2' } };
  }, 200],
  ['DELETE /api/languages/:id', async (api) => {
    const lang = await api.services.languages.create(COMMAND_ACTOR, { code: `z${String.fromCharCode(97 + (n++ % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`, name: 'Z' });
    return { method: 'DELETE', path: `/api/languages/${lang.id}` };
  }, 204],
  ['GET /api/games/:id/users', async (api) => ({ method: 'GET', path: `/api/games/${(await connection(api)).game_id}/users` }), 200],
  ['GET /api/users/:id/games (the user themself)', async (api) => ({ method: 'GET', path: `/api/users/${api.users.user.id}/games` }), 200],
  ['POST /api/users/:id/games', async (api) => ({ method: 'POST', path: `/api/users/${api.users.user.id}/games`, body: { game_id: await game(api) } }), 201],
  ['DELETE /api/users/:id/games/:game_id', async (api) => ({ method: 'DELETE', path: `/api/users/${api.users.user.id}/games/${(await connection(api)).game_id}` }), 204],
  ['POST /api/user-games/:id/close', async (api) => ({ method: 'POST', path: `/api/user-games/${(await connection(api)).id}/close`, body: { currency: 'EUR', reason: 'x' } }), 200],
  ['GET /api/users/:id/export', async (api) => ({ method: 'GET', path: `/api/users/${api.users.other.id}/export` }), 200],
  ['GET /api/me/export', async () => ({ method: 'GET', path: '/api/me/export' }), 200],
  ['POST /api/users/:id/erase', async (api) => {
    const name = `er_${unique()}`.replace(/-/g, '_');
    return { method: 'POST', path: `/api/users/${(await api.createUser('user', name)).id}/erase`, body: { confirm: name } };
  }, 200],
  ['POST /api/user-games/:id/topup', async (api) => ({ method: 'POST', path: `/api/user-games/${(await connection(api)).id}/topup`, body: { amount: 100, comment: 'x' } }), 201],
  ['GET /api/user-games/:id/transactions (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}/transactions` }), 200],
  ['GET /api/user-games/:id (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}` }), 200],
  ['GET /api/user-games/:id/balance (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}/balance` }), 200],
  ['POST /api/images', async () => ({ method: 'POST', path: '/api/images', raw: pngForm() }), 201],
  ['GET /uploads/images/:name', async (api) => ({ method: 'GET', path: await stored(api) }), 200],
  ['GET /healthz', async () => ({ method: 'GET', path: '/healthz' }), 200],

  ['GET /api/games/:id/variables', async (api) => ({ method: 'GET', path: `/api/games/${(await variable(api)).game_id}/variables` }), 200],
  ['GET /api/games/:id/variables/:var_id', async (api) => {
    const v = await variable(api);
    return { method: 'GET', path: `/api/games/${v.game_id}/variables/${v.id}` };
  }, 200],
  ['POST /api/games/:id/variables', async (api) => ({ method: 'POST', path: `/api/games/${await game(api, ALL_MODULES)}/variables`, body: { key: 'k', type: 'string', string_value: 'x' } }), 201],
  ['PUT /api/games/:id/variables/:var_id', async (api) => {
    const v = await variable(api);
    return { method: 'PUT', path: `/api/games/${v.game_id}/variables/${v.id}`, body: { key: 'k', type: 'number', number_value: 2 } };
  }, 200],
  ['DELETE /api/games/:id/variables/:var_id', async (api) => {
    const v = await variable(api);
    return { method: 'DELETE', path: `/api/games/${v.game_id}/variables/${v.id}` };
  }, 204],
  ['GET /api/games/:id/config', async (api) => ({ method: 'GET', path: `/api/games/${(await variable(api)).game_id}/config` }), 200],
  ['GET /api/games/:id/config/versions', async (api) => ({ method: 'GET', path: `/api/games/${(await variable(api)).game_id}/config/versions` }), 200],
  ['GET /api/games/:id/config/versions/:version', async (api) => ({ method: 'GET', path: `/api/games/${(await variable(api)).game_id}/config/versions/1` }), 200],
  ['GET /api/games/:id/config/overrides', async (api) => ({ method: 'GET', path: `/api/games/${(await variable(api)).game_id}/config/overrides` }), 200],
  ['POST /api/games/:id/config/overrides', async (api) => ({ method: 'POST', path: `/api/games/${(await variable(api)).game_id}/config/overrides`, body: OVERRIDE }), 201],
  ['GET /api/games/:id/config/overrides/:override_id', async (api) => ({ method: 'GET', path: await overridePath(api) }), 200],
  ['PUT /api/games/:id/config/overrides/:override_id', async (api) => ({ method: 'PUT', path: await overridePath(api), body: OVERRIDE }), 200],
  ['DELETE /api/games/:id/config/overrides/:override_id', async (api) => ({ method: 'DELETE', path: await overridePath(api) }), 204],
  ['POST /api/games/:id/config/rollback', async (api) => ({ method: 'POST', path: `/api/games/${(await variable(api)).game_id}/config/rollback`, body: { version: 1 } }), 200],
  ['GET /api/audit', async () => ({ method: 'GET', path: '/api/audit?limit=5' }), 200],
  ['GET /api/audit/actions', async () => ({ method: 'GET', path: '/api/audit/actions' }), 200],
  ['GET /api/reports/games/:id', async (api) => ({ method: 'GET', path: `/api/reports/games/${await game(api)}` }), 200],
  ['GET /api/reports/summary', async () => ({ method: 'GET', path: '/api/reports/summary?tz=Asia/Kolkata' }), 200],
  ['GET /api/games/:id/notifications', async (api) => ({ method: 'GET', path: `/api/games/${(await notification(api)).game_id}/notifications` }), 200],
  ['GET /api/games/:id/notifications/:notification_id', async (api) => {
    const note = await notification(api);
    return { method: 'GET', path: `/api/games/${note.game_id}/notifications/${note.id}` };
  }, 200],
  ['POST /api/games/:id/notifications', async (api) => ({ method: 'POST', path: `/api/games/${await game(api, ALL_MODULES)}/notifications`, body: NOTE }), 201],
  ['PUT /api/games/:id/notifications/:notification_id', async (api) => {
    const note = await notification(api);
    return { method: 'PUT', path: `/api/games/${note.game_id}/notifications/${note.id}`, body: NOTE };
  }, 200],
  ['DELETE /api/games/:id/notifications/:notification_id', async (api) => {
    const note = await notification(api);
    return { method: 'DELETE', path: `/api/games/${note.game_id}/notifications/${note.id}` };
  }, 204],
  ['GET /api/games/:id/leaderboards', async (api) => ({ method: 'GET', path: `/api/games/${(await leaderboard(api)).game_id}/leaderboards` }), 200],
  ['GET /api/games/:id/leaderboards/:leaderboard_id', async (api) => {
    const board = await leaderboard(api);
    return { method: 'GET', path: `/api/games/${board.game_id}/leaderboards/${board.id}` };
  }, 200],
  ['POST /api/games/:id/leaderboards', async (api) => ({ method: 'POST', path: `/api/games/${await game(api, ALL_MODULES)}/leaderboards`, body: { key: 'k', name: 'L' } }), 201],
  ['PUT /api/games/:id/leaderboards/:leaderboard_id', async (api) => {
    const board = await leaderboard(api);
    return { method: 'PUT', path: `/api/games/${board.game_id}/leaderboards/${board.id}`, body: { name: 'L2' } };
  }, 200],
  ['DELETE /api/games/:id/leaderboards/:leaderboard_id', async (api) => {
    const board = await leaderboard(api);
    return { method: 'DELETE', path: `/api/games/${board.game_id}/leaderboards/${board.id}` };
  }, 204],
  ['GET /api/leaderboards/:id/groups', async (api) => ({ method: 'GET', path: `/api/leaderboards/${(await group(api)).board.id}/groups` }), 200],
  ['POST /api/leaderboards/:id/groups', async (api) => ({ method: 'POST', path: `/api/leaderboards/${(await leaderboard(api)).id}/groups`, body: { key: 'g', name: 'G' } }), 201],
  ['PUT /api/leaderboard-groups/:group_id', async (api) => ({ method: 'PUT', path: `/api/leaderboard-groups/${(await group(api)).group.id}`, body: { name: 'G2' } }), 200],
  ['DELETE /api/leaderboard-groups/:group_id', async (api) => ({ method: 'DELETE', path: `/api/leaderboard-groups/${(await group(api)).group.id}` }), 204],
  ['GET /api/leaderboard-groups/:group_id/members', async (api) => ({ method: 'GET', path: `/api/leaderboard-groups/${(await group(api)).group.id}/members` }), 200],
  ['POST /api/leaderboard-groups/:group_id/members', async (api) => {
    const { group: g } = await groupWithPlayer(api);
    return { method: 'POST', path: `/api/leaderboard-groups/${g.id}/members`, body: { user_id: api.users.user.id } };
  }, 201],
  ['DELETE /api/leaderboard-groups/:group_id/members/:user_id', async (api) => {
    const { group: g } = await groupWithPlayer(api);
    await api.services.leaderboardGroups.addMember(COMMAND_ACTOR, g.id, { user_id: api.users.user.id });
    return { method: 'DELETE', path: `/api/leaderboard-groups/${g.id}/members/${api.users.user.id}` };
  }, 204],
  ['POST /api/leaderboards/:id/scores', async (api) => {
    const { board, userGameId } = await groupWithPlayer(api);
    return { method: 'POST', path: `/api/leaderboards/${board.id}/scores`, body: { user_game_id: userGameId, score: 5 } };
  }, 200],
  ['GET /api/leaderboards/:id/payouts', async (api) => ({ method: 'GET', path: `/api/leaderboards/${(await leaderboard(api)).id}/payouts` }), 200],
  ['GET /api/leaderboards/:id/payouts/preview', async (api) => ({ method: 'GET', path: `/api/leaderboards/${(await leaderboard(api)).id}/payouts/preview` }), 200],
  ['GET /api/leaderboards/:id/rankings', async (api) => ({ method: 'GET', path: `/api/leaderboards/${(await leaderboard(api)).id}/rankings` }), 200],
  ['GET /api/currencies', async () => ({ method: 'GET', path: '/api/currencies' }), 200],
  ['POST /api/currencies', async () => ({ method: 'POST', path: '/api/currencies', body: { code: currencyCode(), exponent: 2 } }), 201],
  ['PATCH /api/currencies/:code', async () => ({ method: 'PATCH', path: '/api/currencies/SEK', body: { enabled: true } }), 200],
  ['GET /api/users/:id/freeze (the user themself)', async (api) => ({ method: 'GET', path: `/api/users/${api.users.user.id}/freeze` }), 200],
  ['POST /api/users/:id/freeze', async (api) => ({ method: 'POST', path: `/api/users/${(await api.createUser('user', `fz_${unique()}`.replace(/-/g, '_'))).id}/freeze`, body: { reason: 'x' } }), 200],
  ['DELETE /api/users/:id/freeze', async (api) => ({ method: 'DELETE', path: `/api/users/${(await api.createUser('user', `uf_${unique()}`.replace(/-/g, '_'))).id}/freeze` }), 204],
  ['GET /api/user-games/:id/freeze (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}/freeze` }), 200],
  ['POST /api/user-games/:id/freeze', async (api) => ({ method: 'POST', path: `/api/user-games/${(await connection(api)).id}/freeze`, body: { reason: 'x' } }), 200],
  ['DELETE /api/user-games/:id/freeze', async (api) => ({ method: 'DELETE', path: `/api/user-games/${(await connection(api)).id}/freeze` }), 204],
  ['GET /api/user-games/:id/limits (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}/limits` }), 200],
  ['PUT /api/user-games/:id/limits', async (api) => ({ method: 'PUT', path: `/api/user-games/${(await connection(api)).id}/limits`, body: { currency: 'EUR', max_bet: 100 } }), 200],
  ['GET /api/api-keys', async () => ({ method: 'GET', path: '/api/api-keys' }), 200],
  ['POST /api/api-keys', async () => ({ method: 'POST', path: '/api/api-keys', body: { name: 'k' } }), 201],
  ['DELETE /api/api-keys/:id', async (api) => ({ method: 'DELETE', path: `/api/api-keys/${(await api.services.apiKeys.create(COMMAND_ACTOR, { name: 'k' })).id}` }), 204],
];

/** A currency code no other call made: Q then two letters of a counter. */
function currencyCode() {
  n += 1;
  return `Q${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (n % 26))}`;
}

/** The endpoint a call reaches, and its path parameters (numbers where they are ids), by the declared path templates. */
function endpointOf(call: Call): { endpoint: AnyEndpoint; params: Record<string, unknown> } | undefined {
  for (const endpoint of ADMIN_ENDPOINTS) {
    if (endpoint.method.toUpperCase() !== call.method) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => (names.push(name), '([^/?]+)'))}(?:\\?.*)?$`);
    const match = pattern.exec(call.path);
    if (match) return { endpoint, params: Object.fromEntries(names.map((name, i) => [name, /^\d+$/.test(match[i + 1]!) ? Number(match[i + 1]) : match[i + 1]])) };
  }
  return undefined;
}

/**
 * What a moderator limited to games gets (SPEC §2.12), derived from each endpoint's declarations: in
 * scope (limited to the call's game) what an unlimited moderator gets, but a game made anew; out of
 * scope (limited to another game) a 403 for every staff operation on a game and every read of a wallet
 * of another game ('self' endpoints that name their game), what a moderator gets otherwise.
 */
function scopedExpectation(endpoint: AnyEndpoint, moderator: number, inScope: boolean): number {
  const target = gameTargetOf(endpoint);
  if (endpoint.access === 'staff' && target === 'new') return 403;
  if (inScope) return moderator;
  if (endpoint.access === 'staff' && target !== 'none') return 403;
  if (endpoint.access === 'self' && typeof target === 'function') return 403;
  return moderator;
}

/** Row names as `METHOD /path/:param` (the part before a note in parentheses). */
const rowRoute = (name: string) => name.replace(/ \(.*\)$/, '').replace(/:[a-z_]+/g, ':');
const endpointRoute = (endpoint: AnyEndpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path.replace(/\{[^}]+\}/g, ':')}`;

test('the matrix names every endpoint of the management API: a new one cannot ship without its row', (t) => {
  const named = new Set(rows.map(([name]) => rowRoute(name)));
  t.deepEqual(ADMIN_ENDPOINTS.map(endpointRoute).filter((route) => !named.has(route)), []);
});

/** A moderator limited to `games` (a new one per call: rows run at once). */
async function scopedModerator(api: TestApi, games: number[]) {
  const moderator = await api.createUser('moderator', `scoped_${unique()}`.replace(/-/g, '_'));
  await api.services.users.setGameScope(COMMAND_ACTOR, moderator.id, { game_ids: games });
  await api.services.twoFactor.setup(COMMAND_ACTOR, moderator.id); // an enrolment under way, as the fixture users have (not enabled)
  return moderator;
}

/** What no token, a user, a moderator and an admin get from an endpoint of this access, when it lets them through: `allowed`. */
function expectedFor(access: EndpointAccess, allowed: number): Record<Caller, number> {
  return {
    none: access === 'public' ? allowed : 401,
    user: access === 'staff' || access === 'admin' ? 403 : allowed,
    moderator: access === 'admin' ? 403 : allowed,
    admin: allowed,
  };
}
/** Served by the HTTP role beside the API's endpoints: public. */
const NOT_ENDPOINTS: Readonly<Record<string, EndpointAccess>> = { 'GET /uploads/images/:': 'public', 'GET /healthz': 'public' };
const accessOf = (name: string): EndpointAccess => {
  const route = rowRoute(name);
  const endpoint = ADMIN_ENDPOINTS.find((candidate) => endpointRoute(candidate) === route);
  const access = endpoint?.access ?? NOT_ENDPOINTS[route];
  if (!access) throw new Error(`${name}: no endpoint declares ${route}`);
  return access;
};

for (const [name, fixture, allowed] of rows) {
  const expected = expectedFor(accessOf(name), allowed);
  test(`${name}: ${Object.entries(expected).map(([caller, status]) => `${caller} ${status}`).join(', ')}`, async (t) => {
    const { api } = t.context;
    for (const caller of ['none', 'user', 'moderator', 'admin'] as const) {
      const call = await fixture(api);
      const token = caller === 'none' ? undefined : api.users[caller].token;
      const reply = await api.request(call.method, call.path, { token, body: call.body, raw: call.raw });
      t.is(reply.status, expected[caller], `${caller}: ${JSON.stringify(reply.body)}`);
      if (reply.status === 401) t.is(reply.body.code, 'unauthorized');
      if (reply.status === 403) t.is(reply.body.code, 'forbidden');
    }
  });
}

for (const [name, fixture, allowed] of rows) {
  test(`${name}: a moderator limited to games, in and out of the call's game`, async (t) => {
    const { api } = t.context;
    const outside = await game(api);
    for (const inScope of [true, false]) {
      const call = await fixture(api);
      const reached = endpointOf(call);
      if (!reached) return void t.pass(`${name} is no endpoint of the API (its access is the matrix's alone)`);
      const target = gameTargetOf(reached.endpoint);
      const gameId = typeof target === 'function' ? await target({ params: reached.params, body: call.body } as never, api.services) : undefined;
      const moderator = await scopedModerator(api, inScope && gameId !== undefined ? [gameId] : [outside]);
      const reply = await api.request(call.method, call.path, { token: moderator.token, body: call.body, raw: call.raw });
      const wanted = scopedExpectation(reached.endpoint, expectedFor(accessOf(name), allowed).moderator, inScope);
      t.is(reply.status, wanted, `${inScope ? 'in' : 'out of'} scope (game ${gameId ?? 'none'}): ${JSON.stringify(reply.body)}`);
    }
  });
}

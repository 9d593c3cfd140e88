import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import type { SessionUser } from '../../src/admin/core/session-user';
import { pseudonymEmailOf, pseudonymOf, type DataExport } from '../../src/admin/player-data/player-data-service';
import { AppError } from '../../src/errors';
import { waitUntil } from '../../src/local-services/process-tools';
import { ledgerWallets, reconcile } from '../../src/sync/reconcile';
import { createTestApi, PASSWORD, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { reservationClient } from '../helpers/grpc-client';
import { adminCall, expectStatus, gameWithBoard, totpCode } from '../helpers/player-fixtures';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { createLogger } from '../../src/logging/logger';

// SPEC §2.14: a player's data exported whole and erased, the books kept whole.
const test = anyTest as TestFn<{ api: TestApi }>;
test.beforeEach(async (t) => {
  t.context.api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
});
test.afterEach.always(async (t) => {
  await t.context.api?.close();
});

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
let n = 0;

/** A player with a wallet in two currencies, a score, a group, two-factor sign-in, an invite and an API key they made. */
async function richPlayer(api: TestApi) {
  const name = `pd_${process.pid}_${(n += 1)}`;
  const player = await api.createUser('admin', name);
  const { gameId, board, group } = await gameWithBoard(api);
  const ug = (await api.request('POST', `/api/users/${player.id}/games`, { ...adminCall(api), body: { game_id: gameId } })).body as { id: number };
  for (const [currency, amount] of [['EUR', 1500], ['USD', 700]] as const) {
    expectStatus(await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...adminCall(api), body: { amount, currency, comment: `welcome ${currency}` } }), 201);
  }
  expectStatus(await api.request('POST', `/api/leaderboards/${board.id}/scores`, { ...adminCall(api), body: { user_game_id: ug.id, score: 4242 } }), 200);
  expectStatus(await api.request('POST', `/api/leaderboard-groups/${group.id}/members`, { ...adminCall(api), body: { user_id: player.id } }), 201);
  const setup = await api.request('POST', '/api/auth/2fa/setup', { token: player.token });
  const confirmed = await api.request('POST', '/api/auth/2fa/confirm', { token: player.token, body: { code: totpCode(setup.body.secret) } });
  expectStatus(confirmed, 200);
  const invite = (await api.request('POST', '/api/invites', { token: player.token, body: { role: 'user', max_uses: 3 } })).body as { code: string };
  const key = (await api.request('POST', '/api/api-keys', { token: player.token, body: { name: 'studio server' } })).body as { id: number; secret: string };
  return { player, name, gameId, ug, board, group, secret: setup.body.secret as string, recoveryCodes: confirmed.body.recovery_codes as string[], invite, key };
}


test('an export holds each item about the player (two currencies, score, group, 2FA state, invite, API key, audit) and no secret', async (t) => {
  const { api } = t.context;
  const rich = await richPlayer(api);
  const worker = await startTestWorker(api);
  t.teardown(() => worker.stop());
  await waitUntil('the top-ups in the ledger', async () => (await api.database.db('ledger_entries').where({ user_id: String(rich.player.id) }).count({ n: '*' }))[0]!.n === 2, 15000);

  const reply = await fetch(`${api.base}/api/users/${rich.player.id}/export`, { headers: { authorization: `Bearer ${api.users.admin.token}` } });
  t.is(reply.status, 200);
  t.regex(reply.headers.get('content-disposition') ?? '', /^attachment; filename="user-\d+-data\.json"$/);
  t.regex(reply.headers.get('content-type') ?? '', /^application\/json/);
  const text = await reply.text();
  const doc = JSON.parse(text);
  t.true(doc.complete, 'the file ends with its completion mark');
  t.like(doc.user, { id: rich.player.id, email: rich.player.email, username: rich.name, role: 'admin', erased_at: null });
  t.deepEqual(doc.two_factor, { enabled: true });
  t.is(doc.games.length, 1);
  const game = doc.games[0];
  t.like(game, { user_game_id: rich.ug.id, game: { id: rich.gameId, name: 'Slots' } });
  t.deepEqual(game.wallets.map((w: { currency: string; available_balance: number }) => [w.currency, w.available_balance]).sort(), [['EUR', 1500], ['USD', 700]]);
  t.deepEqual(game.ledger.map((m: { kind: string; currency: string; amount: number }) => `${m.kind} ${m.currency} ${m.amount}`).sort(), ['topup EUR 1500', 'topup USD 700']);
  t.like(game.scores[0], { leaderboard_id: rich.board.id, score: 4242 });
  t.like(game.groups[0], { group_id: rich.group.id, name: 'VIP' });
  t.like(doc.invites[0], { code: '[redacted]', role: 'user', max_uses: 3 }, 'a code that can still be used is never shown');
  t.like(doc.api_keys[0], { id: rich.key.id, name: 'studio server' });
  const actions = doc.audit.map((entry: { action: string }) => entry.action);
  for (const action of ['user.two_factor_on', 'invite.create', 'api_key.create', 'user_game.create', 'user_game.topup']) t.true(actions.includes(action), action);

  // No secret of any kind: password hash, TOTP secret, recovery codes (or their hashes), API key secret or hash.
  const hashes = await api.database.db('recovery_codes').where({ user_id: rich.player.id }).pluck('code_hash');
  const stored = await api.database.db('users').where({ id: rich.player.id }).first('password_hash', 'totp_secret');
  const keyHash = (await api.database.db('api_keys').where({ id: rich.key.id }).first('secret_hash')).secret_hash as string;
  for (const secret of [stored.password_hash, stored.totp_secret, rich.secret, ...rich.recoveryCodes, ...hashes, rich.key.secret, keyHash]) {
    t.false(text.includes(secret), 'a secret is in the export');
  }
  for (const field of ['password_hash', 'totp_secret', 'secret_hash', 'code_hash', 'recovery_codes']) t.false(text.includes(`"${field}"`), field);

  // Audited; the user's own export; others are refused; GraphQL names the download.
  t.true(await api.database.db('audit_log').where({ action: 'user.export', target_id: String(rich.player.id) }).first('id').then(Boolean));
  const own = await api.request('GET', '/api/me/export', { token: rich.player.token });
  t.is(own.status, 200);
  t.is(own.body.user.id, rich.player.id);
  t.is((await api.request('GET', `/api/users/${rich.player.id}/export`, { token: api.users.moderator.token })).status, 403);
  t.is((await api.request('GET', `/api/users/${rich.player.id}/export`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', '/api/users/999999/export', adminCall(api))).status, 404);
  const urls = await gql(api, `{ user(id: ${rich.player.id}) { export_url } }`, { token: api.users.admin.token });
  t.is(urls.body.data.user.export_url, `/api/users/${rich.player.id}/export`);
  const self = await gql(api, `{ user(id: ${api.users.user.id}) { export_url } }`, { token: api.users.user.token });
  t.is(self.body.data.user.export_url, '/api/me/export');
});

test('erase: refused naming reservations, then balance; a close takes the money out; the erase leaves no email, username, session, second factor or score, keeps the books whole; a repeat changes nothing', async (t) => {
  const { api } = t.context;
  const rich = await richPlayer(api);
  const grpcRole = await startGrpcRole({ config: { ...api.config.grpc, host: '127.0.0.1', port: 0 }, wallet: api.engine.wallet, redis: api.redis.redis, logger: createLogger('silent') });
  const worker = await startTestWorker(api);
  t.teardown(async () => {
    await grpcRole.stop(1000);
    await worker.stop();
  });
  const grpc = reservationClient(grpcRole.address!);
  t.teardown(() => grpc.close());
  const ids = { user_id: String(rich.player.id), game_id: String(rich.gameId), currency: 'EUR' };
  const bet = await grpc.call('Reserve', { ...ids, request_id: 'r1', round_id: 'spin-1', amount: '300' });
  const erase = (confirm: string, token = api.users.admin.token) => api.request('POST', `/api/users/${rich.player.id}/erase`, { token, body: { confirm } });
  const close = (currency: string, key?: string, reason = 'player asked to be forgotten') =>
    api.request('POST', `/api/user-games/${rich.ug.id}/close`, { ...adminCall(api), body: { currency, reason }, headers: key ? { 'idempotency-key': key } : {} });

  t.is((await erase('someone else')).status, 400, 'confirm must be the username');
  t.is((await erase(rich.name, api.users.moderator.token)).status, 403, 'admins only');
  const reserved = await erase(rich.name);
  t.is(reserved.status, 409);
  t.is(reserved.body.errors[0].path, 'reservations');
  const closeReserved = await close('EUR');
  t.is(closeReserved.status, 409);
  t.is(closeReserved.body.errors[0].path, 'reserved');
  await grpc.call('Confirm', { request_id: 'c1', transaction_id: bet.reply!.transaction_id, round_id: 'spin-1', win_amount: '50' });
  const funded = await erase(rich.name);
  t.is(funded.status, 409);
  t.is(funded.body.errors[0].path, 'balance');
  t.regex(funded.body.detail, /EUR 1250.*USD 700|USD 700.*EUR 1250/);

  // Closing: a keyed close replays; the same key with another body is a 409; an empty wallet closes to nothing.
  const closed = await close('EUR', 'close-eur');
  t.is(closed.status, 200);
  t.like(closed.body, { amount: 1250, currency: 'EUR', available_balance: 0, reserved_balance: 0, reason: 'player asked to be forgotten' });
  t.deepEqual((await close('EUR', 'close-eur')).body, closed.body);
  t.is((await close('EUR', 'close-eur', 'another reason')).status, 409);
  t.is((await close('XYZ')).status, 200, 'a currency the wallet never held closes to nothing');
  t.like((await close('USD')).body, { amount: 700, available_balance: 0 });
  t.like((await close('USD')).body, { id: null, amount: 0 });
  t.is((await close('eur')).status, 400);
  t.is((await api.request('POST', `/api/user-games/${rich.ug.id}/close`, { token: api.users.moderator.token, body: { currency: 'EUR', reason: 'x' } })).status, 403);

  await waitUntil('the closes in the ledger', async () => (await api.database.db('ledger_entries').where({ user_id: String(rich.player.id), kind: 'close' }).count({ n: '*' }))[0]!.n === 2, 15000);
  const history = (await api.request('GET', `/api/user-games/${rich.ug.id}/transactions?kind=close`, adminCall(api))).body as Array<{ amount: number; comment: string }>;
  t.deepEqual(history.map((m) => m.amount).sort((a, b) => a - b), [700, 1250]);
  t.is(history[0]!.comment, 'player asked to be forgotten');
  t.is(await api.database.db('audit_log').where({ action: 'user_game.close', target_id: String(rich.ug.id) }).count({ n: '*' }).then((rows) => Number(rows[0]!.n)), 2);
  const sums = async () => (await ledgerWallets(api.database.db)).filter((w) => w.userId === String(rich.player.id));
  const ledgerBefore = await api.database.db('ledger_entries').where({ user_id: String(rich.player.id) }).orderBy('id');
  const walletsBefore = await sums();
  t.deepEqual(walletsBefore.map((w) => [w.currency, w.available, w.reserved]).sort(), [['EUR', '0', '0'], ['USD', '0', '0']]);

  const erased = await erase(rich.name);
  t.is(erased.status, 200);
  const pseudonym = pseudonymOf(rich.player.id);
  t.deepEqual(Object.keys(erased.body).sort(), ['email', 'erased_at', 'id', 'username']);
  t.like(erased.body, { id: rich.player.id, email: pseudonymEmailOf(rich.player.id), username: pseudonym });
  t.like((await api.request('GET', `/api/users/${rich.player.id}`, adminCall(api))).body, { username: pseudonym, is_active: false, two_factor_enabled: false });
  const row = await api.database.db('users').where({ id: rich.player.id }).first();
  t.like(row, { email: pseudonymEmailOf(rich.player.id), username: pseudonym, password_hash: '', totp_secret: null, totp_enabled_at: null });
  t.is(new Date(row.erased_at).toISOString(), erased.body.erased_at);
  t.is(await api.database.db('users').where({ email: rich.player.email }).orWhere({ username: rich.name }).first('id'), undefined);
  t.is((await api.database.db('recovery_codes').where({ user_id: rich.player.id })).length, 0);
  t.is((await api.database.db('leaderboard_scores').where({ user_game_id: rich.ug.id })).length, 0);
  t.is((await api.database.db('leaderboard_group_members').where({ user_id: rich.player.id })).length, 0);
  t.truthy((await api.database.db('api_keys').where({ id: rich.key.id }).first('revoked_at')).revoked_at);
  t.is((await api.request('GET', `/api/invites/validate/${rich.invite.code}`)).body.valid, false);
  t.is((await api.request('GET', '/api/auth/me', { token: rich.player.token })).status, 401, 'their sessions end');
  const login = await api.request('POST', '/api/auth/login', { body: { email: rich.player.email, password: PASSWORD } });
  const unknown = await api.request('POST', '/api/auth/login', { body: { email: `nobody-${n}@example.com`, password: PASSWORD } });
  t.is(login.status, 401);
  t.deepEqual(login.body, unknown.body, 'as for an unknown account');
  t.is((await api.request('POST', '/api/auth/login', { body: { email: pseudonymEmailOf(rich.player.id), password: 'anything at all' } })).status, 401);

  // The books: every ledger row kept, the sums unchanged, reconcile clean; the audit entries keep no erased value.
  t.deepEqual(await api.database.db('ledger_entries').where({ user_id: String(rich.player.id) }).orderBy('id'), ledgerBefore);
  t.deepEqual(await sums(), walletsBefore);
  t.deepEqual((await reconcile(api.redis.redis, api.config.redis.keyPrefix, api.database.db)).mismatches, []);
  const auditText = JSON.stringify(await api.database.db('audit_log').select('changes'));
  t.false(auditText.includes(rich.player.email), 'the email stays in no audit entry');
  t.false(auditText.includes(`"${rich.name}"`), 'the username stays in no audit entry');
  t.truthy(await api.database.db('audit_log').where({ action: 'user.erase', target_id: String(rich.player.id) }).first('id'));

  // A repeat answers the same and changes nothing; the export holds no email or username.
  const auditCount = async () => Number((await api.database.db('audit_log').count({ n: '*' }))[0]!.n);
  const before = await auditCount();
  const again = await erase(rich.name);
  t.is(again.status, 200);
  t.deepEqual(again.body, erased.body);
  t.is(await auditCount(), before);
  const exported = await fetch(`${api.base}/api/users/${rich.player.id}/export`, { headers: { authorization: `Bearer ${api.users.admin.token}` } });
  const text = await exported.text();
  t.false(text.includes(rich.player.email));
  t.false(text.includes(rich.name));
  const doc = JSON.parse(text);
  t.like(doc.user, { email: null, username: null });
  t.is(doc.games[0].ledger.length, 6, 'two top-ups, the round (reserve, confirm), two closes');
  t.deepEqual(doc.games[0].scores, []);
});

test('erase refuses an admin erasing themself; an unknown user is 404; GraphQL erases as REST does', async (t) => {
  const { api } = t.context;
  const self = await api.request('POST', `/api/users/${api.users.admin.id}/erase`, { ...adminCall(api), body: { confirm: 'alice_admin' } });
  t.is(self.status, 409);
  t.is((await api.request('POST', '/api/users/999999/erase', { ...adminCall(api), body: { confirm: 'x' } })).status, 404);
  t.is((await api.request('POST', `/api/users/${api.users.other.id}/erase`, { ...adminCall(api), body: {} })).status, 400);
  const reply = await gql(api, `mutation { eraseUser(id: ${api.users.other.id}, input: { confirm: "otto_other" }) { id username erased_at } }`, { token: api.users.admin.token });
  t.is(reply.body.data.eraseUser.username, pseudonymOf(api.users.other.id));
  const read = await gql(api, `{ user(id: ${api.users.other.id}) { erased_at } other: user(id: ${api.users.user.id}) { erased_at } }`, { token: api.users.admin.token });
  t.is(read.body.data.user.erased_at, reply.body.data.eraseUser.erased_at);
  t.is(read.body.data.other.erased_at, null);
});

test('a registered player: the export names the invite; the erase rewrites only the email and username of the entries that made them; the audit log refuses any other change; the old session and a re-activation stay refused; no top-up reaches them', async (t) => {
  const { api } = t.context;
  const invite = (await api.request('POST', '/api/invites', { ...adminCall(api), body: { role: 'moderator', max_uses: 1 } })).body as { id: number; code: string };
  const name = `reg_${process.pid}_${(n += 1)}`;
  const registered = await api.request('POST', '/api/auth/register', { body: { email: `${name}@example.com`, username: name, password: PASSWORD, invite_code: invite.code } });
  t.is(registered.status, 201, JSON.stringify(registered.body));
  const token = registered.body.access_token as string;
  const id = registered.body.user.id as number;
  // What they do as staff is in entries where they are the actor: those keep every value.
  const other = await api.createUser('user', `plain_${(n += 1)}`);
  const { gameId } = await gameWithBoard(api);
  t.is((await api.request('POST', `/api/users/${other.id}/games`, { token, body: { game_id: gameId } })).status, 201);
  const ownUg = (await api.request('POST', `/api/users/${id}/games`, { ...adminCall(api), body: { game_id: gameId } })).body as { id: number };
  const actedBefore = await api.database.db('audit_log').where({ actor_user_id: id }).whereNot({ action: 'user.register' }).orderBy('id').select('id', 'changes');

  const exported = await api.request('GET', `/api/users/${id}/export`, adminCall(api));
  t.like(exported.body.invite_used, { id: invite.id, code: invite.code, role: 'moderator' });

  t.is((await api.request('POST', `/api/users/${id}/erase`, { ...adminCall(api), body: { confirm: name } })).status, 200);
  const register = await api.database.db('audit_log').where({ action: 'user.register', target_id: String(id) }).first('changes');
  t.like(JSON.parse(register.changes), { email: [null, pseudonymEmailOf(id)], username: [null, pseudonymOf(id)], role: [null, 'moderator'] });
  const everything = JSON.stringify(await api.database.db('audit_log').select('changes'));
  t.false(everything.includes(name), 'no audit entry keeps the username');
  t.deepEqual(await api.database.db('audit_log').where({ actor_user_id: id }).whereNot({ action: 'user.register' }).orderBy('id').select('id', 'changes'), actedBefore);
  // The trigger still refuses every other change, with or without the erasure's session variable.
  const anEntry = actedBefore[0]!.id as number;
  await t.throwsAsync(api.database.db('audit_log').where({ id: anEntry }).update({ changes: '{}' }), { message: /audit entries cannot be changed/ });
  await t.throwsAsync(api.database.db.transaction(async (trx) => {
    await trx.raw('SET @audit_erasure_user = ?', [String(id)]);
    await trx('audit_log').where({ id: anEntry }).update({ changes: '{}' });
  }), { message: /audit entries cannot be changed/ });
  await t.throwsAsync(api.database.db.transaction(async (trx) => {
    await trx.raw('SET @audit_erasure_user = ?', [String(id)]);
    await trx('audit_log').where({ action: 'user.register', target_id: String(id) }).update({ ip: '10.9.9.9' });
  }), { message: /audit entries cannot be changed/ }, 'only the changes of the entries that made the user');
  await t.throwsAsync(api.database.db.transaction(async (trx) => {
    await trx.raw('SET @audit_erasure_user = ?', [String(id)]);
    await trx('audit_log').where({ action: 'user.register', target_id: String(id) }).update({ changes: '{"anything":1}' });
  }), { message: /audit entries cannot be changed/ }, 'and only their email and username');

  // Their session stays dead, even if the row is made active again (which is refused anyway).
  t.is((await api.request('PATCH', `/api/users/${id}`, { ...adminCall(api), body: { is_active: true } })).status, 409);
  await api.database.db('users').where({ id }).update({ is_active: true });
  await api.services.caches.userChanged(id);
  t.is((await api.request('GET', '/api/auth/me', { token })).status, 401);
  t.is((await api.request('PUT', `/api/users/${id}/game-scope`, { ...adminCall(api), body: { game_ids: [] } })).status, 409);
  t.is((await api.request('POST', `/api/users/${id}/games`, { ...adminCall(api), body: { game_id: (await gameWithBoard(api)).gameId } })).status, 409, 'no new connection');
  t.is((await api.request('POST', `/api/user-games/${ownUg.id}/topup`, { ...adminCall(api), body: { amount: 5 } })).status, 409, 'no money reaches an erased user');
});

test('a wallet of a disconnected game still holds the erase back and is in the export; abandoned downloads of a long export leave no connection behind', async (t) => {
  const { api } = t.context;
  const name = `dis_${process.pid}_${(n += 1)}`;
  const player = await api.createUser('user', name);
  const { gameId } = await gameWithBoard(api);
  const ug = (await api.request('POST', `/api/users/${player.id}/games`, { ...adminCall(api), body: { game_id: gameId } })).body as { id: number };
  expectStatus(await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...adminCall(api), body: { amount: 5000 } }), 201);
  const worker = await startTestWorker(api);
  t.teardown(() => worker.stop());
  await waitUntil('the top-up in the ledger', async () => (await api.database.db('ledger_entries').where({ user_id: String(player.id) }).first('id')) !== undefined, 15000);
  t.is((await api.request('DELETE', `/api/users/${player.id}/games/${gameId}`, adminCall(api))).status, 204);

  const refused = await api.request('POST', `/api/users/${player.id}/erase`, { ...adminCall(api), body: { confirm: name } });
  t.is(refused.status, 409);
  t.is(refused.body.errors[0].path, 'balance');
  t.regex(refused.body.detail, new RegExp(`game ${gameId} \\(no connection`));
  const exported = await api.request('GET', `/api/users/${player.id}/export`, adminCall(api));
  t.like(exported.body.games[0], { user_game_id: null, game: { id: gameId }, connected_at: null });
  t.deepEqual(exported.body.games[0].wallets.map((w: { available_balance: number }) => w.available_balance), [5000]);
  t.deepEqual(exported.body.games[0].ledger.map((m: { kind: string }) => m.kind), ['topup']);
  const about = exported.body.audit.map((entry: { action: string; target_id: string }) => `${entry.action} ${entry.target_id}`);
  for (const action of ['user_game.create', 'user_game.topup', 'user_game.delete']) t.true(about.includes(`${action} ${ug.id}`), `${action} of the former connection`);

  // No user-game names the wallet now: the operator command closes it by its engine ids, audited as the API's close.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'close', '--user-id', String(player.id), '--game-id', String(gameId), '--currency', 'EUR', '--reason', 'erasure'], {
    cwd: ROOT, env: { ...process.env, REDIS_KEY_PREFIX: api.config.redis.keyPrefix, MYSQL_URL: api.database.url, LOG_LEVEL: 'silent' },
  });
  t.like(JSON.parse(stdout), { amount: 5000, available_balance: 0, currency: 'EUR' });
  t.truthy(await api.database.db('audit_log').where({ action: 'user_game.close', target_id: `${player.id}:${gameId}` }).first('id'));
  t.is((await api.request('POST', `/api/users/${player.id}/erase`, { ...adminCall(api), body: { confirm: name } })).status, 200);

  // A long export (more rows than the pool has connections times a page), abandoned again and again.
  await api.database.db.raw(`INSERT INTO ledger_entries (event_id, stream_ms, stream_seq, kind, user_id, game_id, currency, amount, win_amount, available_balance, reserved_balance, created_at)
    SELECT CONCAT('ff-', seq), 1, seq, 'topup', ?, 'long', 'EUR', 1, 0, seq, 0, NOW(3) FROM seq_1_to_30000`, [String(player.id)]);
  for (let i = 0; i < 25; i += 1) {
    const cut = new AbortController();
    const reply = await fetch(`${api.base}/api/users/${player.id}/export`, { headers: { authorization: `Bearer ${api.users.admin.token}` }, signal: cut.signal });
    await (reply.body as ReadableStream<Uint8Array>).getReader().read();
    cut.abort();
  }
  // One export of a user at a time: while one is being written (held here, half read) another is a 429;
  // the claim ends with the first, and a late second release of it never ends a newer export's claim.
  const self = { ...player, role: 'user' } as unknown as SessionUser;
  // The last abandoned download lets go of its claim once the server has seen the client go.
  let taken: DataExport | undefined;
  await waitUntil('the abandoned downloads letting go of their claim', async () => {
    taken = await api.services.playerData.exportOf(self, COMMAND_ACTOR, player.id)
      .catch((error: unknown) => (error instanceof AppError && error.code === 'RATE_LIMITED' ? undefined : Promise.reject(error)));
    return taken !== undefined;
  }, 10_000);
  const held = taken!;
  const halfRead = held.chunks()[Symbol.asyncIterator]();
  await halfRead.next();
  const second = await api.request('GET', `/api/users/${player.id}/export`, adminCall(api));
  t.is(second.status, 429);
  t.is(second.headers.get('retry-after'), '5');
  await halfRead.return?.(undefined);
  const newer = await api.services.playerData.exportOf(self, COMMAND_ACTOR, player.id);
  held.release();
  t.is((await api.request('GET', `/api/users/${player.id}/export`, adminCall(api))).status, 429, 'the newer export still holds its claim');
  newer.release();
  let whole: { status: number; body: unknown } = { status: 0, body: null };
  await waitUntil('the export served again', async () => (whole = await api.request('GET', `/api/users/${player.id}/export`, adminCall(api))).status === 200, 20_000);
  const doc = whole.body as { games: Array<{ game: { id: unknown }; ledger: unknown[] }> };
  t.is(doc.games.find((g) => g.game.id === 'long')?.ledger.length, 30000);
  t.is((await api.request('GET', '/api/users', adminCall(api))).status, 200, 'the pool still serves');
});

test('a keyed close that found an empty wallet is remembered: a repeat of its key answers the first reply and leaves later money alone', async (t) => {
  const { api } = t.context;
  const player = await api.createUser('user', `pdz_${process.pid}_${(n += 1)}`);
  const { gameId } = await gameWithBoard(api);
  const ug = (await api.request('POST', `/api/users/${player.id}/games`, { ...adminCall(api), body: { game_id: gameId } })).body as { id: number };
  const close = () => api.request('POST', `/api/user-games/${ug.id}/close`, { ...adminCall(api), body: { currency: 'EUR', reason: 'dormant' }, headers: { 'idempotency-key': 'k1' } });
  const first = await close();
  t.is(first.status, 200);
  t.like(first.body, { id: null, amount: 0, available_balance: 0 });
  expectStatus(await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...adminCall(api), body: { amount: 500, currency: 'EUR' } }), 201);
  const again = await close();
  t.is(again.status, 200);
  t.deepEqual(again.body, first.body, 'the first reply, unchanged');
  const balances = (await api.request('GET', `/api/user-games/${ug.id}/balance`, adminCall(api))).body as Array<{ currency: string; available_balance: number }>;
  t.is(balances.find((b) => b.currency === 'EUR')?.available_balance, 500, 'the money that arrived since stays');
  t.is((await api.request('POST', `/api/user-games/${ug.id}/close`, { ...adminCall(api), body: { currency: 'EUR', reason: 'another' }, headers: { 'idempotency-key': 'k1' } })).status, 409, 'the key with other fields is a conflict');
});

test('the pseudonyms are reserved: registration refuses them naming the field, and an erase whose pseudonym an older account holds still succeeds', async (t) => {
  const { api } = t.context;
  const invite = (await api.request('POST', '/api/invites', { token: api.users.admin.token, body: { role: 'user', max_uses: 10 } })).body as { code: string };
  const victim = await api.createUser('user', `pdv_${process.pid}_${(n += 1)}`);
  const register = (email: string, username: string) => api.request('POST', '/api/auth/register', { body: { email, username, password: PASSWORD, invite_code: invite.code } });
  for (const [email, username, path] of [
    ['squat@example.com', pseudonymOf(victim.id), 'username'],
    ['squat@example.com', 'Erased-anything', 'username'],
    [pseudonymEmailOf(victim.id), 'squatter', 'email'],
    [' Someone@ERASED.invalid ', 'squatter', 'email'],
    ['Someone@ERASED.INVALID', 'squatter', 'email'],
    ['someone@mail.erased.invalid', 'squatter', 'email'],
  ] as const) {
    const reply = await register(email, username);
    t.is(reply.status, 400, `${email} ${username}`);
    t.deepEqual([...new Set(reply.body.errors.map((e: { path: string }) => e.path))], [path]);
  }
  t.is((await register('fine@example.com', 'erased_not')).status, 201, 'a name that only resembles the space is fine');
  const named = await register('squat2@example.com', 'erased-x');
  t.deepEqual(named.body.errors, [{ path: 'username', message: 'must not begin with erased- (reserved for erased users)' }]);
  t.deepEqual((await register('a@erased.invalid', 'squatter2')).body.errors, [{ path: 'email', message: 'must not be at erased.invalid (reserved for erased users)' }]);
  // The pseudonym is the id's digest: one per user, nothing of the person.
  t.is(pseudonymOf(42), `erased-${createHash('sha256').update('user:42').digest('hex').slice(0, 16)}`);
  t.not(pseudonymOf(42), pseudonymOf(43));
  t.is(pseudonymEmailOf(42), `${pseudonymOf(42)}@erased.invalid`);

  // An account made before the space was reserved holds the victim's pseudonym: the erase takes another.
  await api.database.db('users').insert({ email: pseudonymEmailOf(victim.id), username: pseudonymOf(victim.id), password_hash: 'x', role: 'user' });
  const erased = await api.request('POST', `/api/users/${victim.id}/erase`, { token: api.users.admin.token, body: { confirm: victim.email.split('@')[0] } });
  t.is(erased.status, 200);
  t.regex(erased.body.username, new RegExp(`^${pseudonymOf(victim.id)}-[0-9a-f]{8}$`));
  t.regex(erased.body.email, new RegExp(`^${pseudonymOf(victim.id)}-[0-9a-f]{8}@erased\\.invalid$`));
  t.is((await api.request('POST', `/api/users/${victim.id}/erase`, { token: api.users.admin.token, body: { confirm: victim.email.split('@')[0] } })).body.username, erased.body.username, 'a repeat answers the same');
});

test('an export and an erase read the user\'s own rows: no statement reads every connection\'s audit JSON or every membership', async (t) => {
  const { api } = t.context;
  const rich = await richPlayer(api);
  // Another player's connection and membership the statements must not have to pass over.
  const other = await api.createUser('user', `pdo_${process.pid}_${(n += 1)}`);
  expectStatus(await api.request('POST', `/api/users/${other.id}/games`, { ...adminCall(api), body: { game_id: rich.gameId } }), 201);
  expectStatus(await api.request('POST', `/api/leaderboard-groups/${rich.group.id}/members`, { ...adminCall(api), body: { user_id: other.id } }), 201);
  // The player leaves the game and the group: the export still names both through what is kept by user.
  expectStatus(await api.request('DELETE', `/api/leaderboard-groups/${rich.group.id}/members/${rich.player.id}`, adminCall(api)), 204);
  const statements: string[] = [];
  const listen = (query: { sql: string }) => statements.push(query.sql);
  api.database.db.on('query', listen);
  t.teardown(() => api.database.db.off('query', listen));
  const exported = await api.request('GET', `/api/users/${rich.player.id}/export`, adminCall(api));
  t.is(exported.status, 200);
  const actions = exported.body.audit.map((entry: { action: string; target_id: string }) => `${entry.action} ${entry.target_id}`);
  t.true(actions.includes(`leaderboard_member.remove ${rich.group.id}:${rich.player.id}`), 'a membership that ended is still found');
  t.false(actions.some((action: string) => action.endsWith(`:${other.id}`)), 'another user\'s membership is not');
  await api.request('POST', `/api/users/${rich.player.id}/erase`, { ...adminCall(api), body: { confirm: rich.name } });
  t.true(statements.length > 10);
  for (const sql of statements) {
    t.false(/JSON_VALUE/i.test(sql), sql);
    t.false(/leaderboard_member' AND target_id LIKE/i.test(sql), sql);
  }
});

test('the export never shows an invite code that can still be used: the one registered with, the ones created (an admin invite of a demoted admin too); a used-up or expired one is shown', async (t) => {
  const { api } = t.context;
  const admin = await api.createUser('admin', `pdi_${process.pid}_${(n += 1)}`);
  const adminInvite = (await api.request('POST', '/api/invites', { token: admin.token, body: { role: 'admin', max_uses: 5 } })).body as { code: string };
  const spent = (await api.request('POST', '/api/invites', { token: admin.token, body: { role: 'user', max_uses: 1 } })).body as { code: string };
  const name = `pdr_${process.pid}_${n}`;
  const registered = await api.request('POST', '/api/auth/register', { body: { email: `${name}@example.com`, username: name, password: PASSWORD, invite_code: adminInvite.code } });
  t.is(registered.status, 201);
  const newcomer = registered.body as { access_token: string; user: { id: number } };
  t.is((await api.request('POST', '/api/auth/register', { body: { email: `${name}x@example.com`, username: `${name}x`, password: PASSWORD, invite_code: spent.code } })).status, 201);
  // The admin is demoted, and reads their own export.
  t.is((await api.request('PATCH', `/api/users/${admin.id}`, { ...adminCall(api), body: { role: 'user' } })).status, 200);
  const own = await api.request('GET', '/api/me/export', { token: admin.token });
  t.is(own.status, 200);
  const text = JSON.stringify(own.body);
  t.false(text.includes(adminInvite.code), 'a live admin invite stays hidden');
  t.true(text.includes(spent.code), 'a used-up invite is history: shown');
  t.deepEqual(own.body.invites.map((invite: { role: string; code: string }) => [invite.role, invite.code]), [['admin', '[redacted]'], ['user', spent.code]]);
  const newcomers = await api.request('GET', '/api/me/export', { token: newcomer.access_token });
  t.like(newcomers.body.invite_used, { role: 'admin', code: '[redacted]' }, 'the invite registered with, while it can still be used');
  // Expired: shown.
  await api.database.db('invites').where({ code: adminInvite.code }).update({ expires_at: new Date(Date.now() - 1000) });
  t.like((await api.request('GET', '/api/me/export', { token: newcomer.access_token })).body.invite_used, { code: adminInvite.code });
});

test('an export\'s audit pages are bounded by bytes: entries of half a MiB (written before values were digested) come two a page, every one of them', async (t) => {
  const { api } = t.context;
  const player = await api.createUser('moderator', `pdb_${process.pid}_${(n += 1)}`);
  const big = JSON.stringify({ items: [Array.from({ length: 5000 }, (_, i) => `value-${i}-`.padEnd(100, 'x')), null] });
  t.true(big.length > 500_000);
  await api.database.db('audit_log').insert(Array.from({ length: 12 }, (_, i) => ({
    action: 'variable.update', actor_user_id: player.id, actor_role: 'moderator', target_type: 'variable', target_id: String(1000 + i), changes: big,
  })));
  const pages: number[] = [];
  const listen = (query: { sql: string; bindings?: unknown[] }) => {
    if (/^SELECT id, action, actor_user_id/.test(query.sql)) pages.push(query.bindings?.length ?? 0);
  };
  api.database.db.on('query', listen);
  t.teardown(() => api.database.db.off('query', listen));
  const reply = await api.request('GET', '/api/me/export', { token: player.token });
  t.is(reply.status, 200);
  t.is(reply.body.audit.filter((entry: { action: string }) => entry.action === 'variable.update').length, 12, 'every entry');
  t.true(pages.length >= 6, `pages: ${pages.join(',')}`);
  t.true(pages.every((ids) => ids <= 3), `entries per page (two large, and small ones beside them): ${pages.join(',')}`);
});

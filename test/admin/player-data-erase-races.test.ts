import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Knex } from 'knex';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createUnitOfWork } from '../../src/admin/unit-of-work';
import { whileUnerased } from '../../src/admin/users/unerased-gate';
import { createKnex } from '../../src/db/knex-factory';
import { createTestApi, type ApiReply, type TestApi } from '../helpers/api';
import { lockWaits } from '../helpers/mysql';
import { adminCall, connectedPlayer, expectStatus, gameWithBoard, totpCode, uniqueName } from '../helpers/player-fixtures';
import { uniqueQueuePrefix } from '../helpers/worker';

// SPEC §2.14: what an erase must not let through when something else about the user runs at the same
// moment. No worker runs in this file: the ledger stays empty, as it is for a moment after any move.
const test = anyTest as TestFn<{ api: TestApi }>;
test.beforeEach(async (t) => {
  t.context.api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
});
test.afterEach.always(async (t) => {
  await t.context.api?.close();
});

/**
 * Waits until `count` transactions of the test's database wait for a row lock. Fails at once when the
 * erase answers before (it never waited), and names what each connection was doing on a timeout.
 */
async function untilWaiting(db: Knex, databaseName: string, count: number, erasing: Promise<ApiReply>): Promise<void> {
  let early: ApiReply | undefined;
  void erasing.then((reply) => void (early ??= reply), () => undefined);
  const deadline = Date.now() + 10_000;
  while ((await lockWaits(db, databaseName)) !== count) {
    if (early) throw new Error(`the erase answered ${early.status} before it waited: ${JSON.stringify(early.body)}`);
    if (Date.now() > deadline) {
      const [states] = await db.raw('SELECT COMMAND, STATE, INFO FROM information_schema.PROCESSLIST WHERE DB = ?', [databaseName]);
      throw new Error(`${count} transactions never waited for a row lock together; the connections: ${JSON.stringify(states)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const eraseOf = (api: TestApi, user: { id: number }, name: string) => api.request('POST', `/api/users/${user.id}/erase`, { ...adminCall(api), body: { confirm: name } });
const balanceOf = async (api: TestApi, userId: number, gameId: number) =>
  (await api.engine.wallet.balances(String(userId), String(gameId), 'EUR')).map((b) => Number(b.availableBalance)).reduce((a, b) => a + b, 0);

test('an erase right after a top-up and a disconnection, before the sync wrote the ledger, is refused naming balance, and the export shows the wallet', async (t) => {
  const { api } = t.context;
  const { name, player, gameId, ug } = await connectedPlayer(api, 'lag');
  expectStatus(await api.request('POST', `/api/user-games/${ug.id}/topup`, { ...adminCall(api), body: { amount: 5000 } }), 201);
  expectStatus(await api.request('DELETE', `/api/users/${player.id}/games/${gameId}`, adminCall(api)), 204);
  t.is(await api.database.db('ledger_entries').where({ user_id: String(player.id) }).first('id'), undefined, 'the ledger has not got the top-up yet');

  const refused = await eraseOf(api, player, name);
  t.is(refused.status, 409);
  t.is(refused.body.errors[0].path, 'balance');
  t.regex(refused.body.detail, new RegExp(`game ${gameId} \\(no connection[^)]*\\) EUR 5000`));
  const exported = await api.request('GET', `/api/users/${player.id}/export`, adminCall(api));
  t.like(exported.body.games[0], { user_game_id: null, game: { id: gameId } });
  t.deepEqual(exported.body.games[0].wallets.map((w: { available_balance: number }) => w.available_balance), [5000]);
  t.is((await api.database.db('users').where({ id: player.id }).first('erased_at')).erased_at, null);
});

test("a credit that holds the user's row when an erase comes lands first, and the erase refuses naming balance; once erased, the same credit is refused and moves nothing", async (t) => {
  const { api } = t.context;
  const { name, player, gameId, ug } = await connectedPlayer(api, 'race');
  const store = createUnitOfWork(api.database.db, []);
  const credit = () => api.engine.wallet.topup({ userId: String(player.id), gameId: String(gameId), amount: '300', currency: 'EUR', comment: 'racing the erase' });

  // The credit holds the row (as every top-up does) while the erase, asked meanwhile, waits for it.
  const { erasing } = await whileUnerased(store, COMMAND_ACTOR, player.id, async () => {
    const started = eraseOf(api, player, name);
    await untilWaiting(api.database.db, api.database.name, 1, started);
    await credit();
    return { erasing: started };
  });
  const refused = await erasing;
  t.is(refused.status, 409, JSON.stringify(refused.body));
  t.is(refused.body.errors[0].path, 'balance');
  t.is(await balanceOf(api, player.id, gameId), 300);

  const closed = await api.request('POST', `/api/user-games/${ug.id}/close`, { ...adminCall(api), body: { currency: 'EUR', reason: 'erasure' } });
  t.is(closed.status, 200, JSON.stringify(closed.body));
  t.is((await eraseOf(api, player, name)).status, 200);
  await t.throwsAsync(whileUnerased(store, COMMAND_ACTOR, player.id, credit), { message: /was erased/ });
  t.is(await balanceOf(api, player.id, gameId), 0, 'no money reached the erased user');
});

/**
 * Something else holds the user's row: the erase, asked first, waits for it, then each `late` request
 * (let in while the user is not erased yet) behind the erase. Once the row is let go, the erase goes
 * first (InnoDB grants a row's locks in the order they were asked for). The holder and the count of
 * waiters use connections of their own: the API's pool is the requests'.
 */
async function behindAnErase(t: ExecutionContext, api: TestApi, user: { id: number }, name: string, late: () => Array<Promise<ApiReply>>) {
  const own = createKnex(api.database.url, { min: 0, max: 2 });
  const holder = await own.transaction();
  try {
    await holder('users').where({ id: user.id }).forUpdate().first('id');
    const erasing = eraseOf(api, user, name);
    await untilWaiting(own, api.database.name, 1, erasing);
    const requests = late();
    await untilWaiting(own, api.database.name, 1 + requests.length, erasing);
    await holder.commit();
    t.is((await erasing).status, 200);
    const statuses = (await Promise.all(requests)).map((reply) => reply.status);
    t.deepEqual(statuses, requests.map(() => 409), JSON.stringify(statuses));
  } finally {
    if (!holder.isCompleted()) await holder.rollback();
    await own.destroy();
  }
}

const countOf = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }))[0]!.n);

test('what the user asks just before their erase and reaches them after it is refused: no API key, invite or recovery code of theirs works', async (t) => {
  const { api } = t.context;
  const name = uniqueName('late');
  const player = await api.createUser('admin', name);
  const setup = await api.request('POST', '/api/auth/2fa/setup', { token: player.token });
  expectStatus(await api.request('POST', '/api/auth/2fa/confirm', { token: player.token, body: { code: totpCode(setup.body.secret) } }), 200);
  const own = { token: player.token };

  await behindAnErase(t, api, player, name, () => [
    api.request('POST', '/api/api-keys', { ...own, body: { name: 'late key' } }),
    api.request('POST', '/api/invites', { ...own, body: { role: 'admin', max_uses: 5 } }),
    api.request('POST', '/api/auth/2fa/recovery-codes', { ...own, body: { code: totpCode(setup.body.secret, Date.now() + 30_000) } }),
  ]);
  const { db } = api.database;
  t.is(await countOf(db('api_keys').where({ created_by: player.id }).whereNull('revoked_at')), 0, 'no key of theirs works');
  t.is(await countOf(db('invites').where({ created_by: player.id }).where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', db.raw('UTC_TIMESTAMP(3)')))), 0, 'no invite of theirs works');
  t.is(await countOf(db('recovery_codes').where({ user_id: player.id })), 0, 'no recovery code');
});

test('a top-up asked just before an erase and reaching the user after it is refused and moves nothing', async (t) => {
  const { api } = t.context;
  const { name, player, gameId, ug } = await connectedPlayer(api, 'toppedup');

  await behindAnErase(t, api, player, name, () => [api.request('POST', `/api/user-games/${ug.id}/topup`, { ...adminCall(api), body: { amount: 100 } })]);
  t.is(await balanceOf(api, player.id, gameId), 0, 'no money reached the erased user');
});

test("staff's writes about a user, asked just before the erase and reaching the user after it, are refused: no connection, score or membership comes back", async (t) => {
  const { api } = t.context;
  const { name, player, gameId, board, group, ug } = await connectedPlayer(api, 'staffed');
  const other = await gameWithBoard(api);

  await behindAnErase(t, api, player, name, () => [
    api.request('POST', `/api/users/${player.id}/games`, { ...adminCall(api), body: { game_id: other.gameId } }),
    api.request('POST', `/api/leaderboards/${board.id}/scores`, { ...adminCall(api), body: { user_game_id: ug.id, score: 99 } }),
    api.request('POST', `/api/leaderboard-groups/${group.id}/members`, { ...adminCall(api), body: { user_id: player.id } }),
  ]);
  const { db } = api.database;
  t.deepEqual(await db('user_games').where({ user_id: player.id }).pluck('game_id'), [gameId], 'no new connection');
  t.is(await countOf(db('leaderboard_scores').where({ user_game_id: ug.id })), 0, 'no score');
  t.is(await countOf(db('leaderboard_group_members').where({ user_id: player.id })), 0, 'no membership');
  // And asked after it, the same (the scores' procedure checks too).
  t.is((await api.request('POST', `/api/leaderboards/${board.id}/scores`, { ...adminCall(api), body: { user_game_id: ug.id, score: 5 } })).status, 409);
});

test("the export names the entries of the player's scores that others saved (they are the target), without the saver's address", async (t) => {
  const { api } = t.context;
  const { player, board, ug } = await connectedPlayer(api, 'scored');
  expectStatus(await api.request('POST', `/api/leaderboards/${board.id}/scores`, { token: api.users.moderator.token, body: { user_game_id: ug.id, score: 7 } }), 200);

  const exported = await api.request('GET', '/api/me/export', { token: player.token });
  const saves = exported.body.audit.filter((entry: { action: string }) => entry.action === 'score.save');
  t.is(saves.length, 1);
  t.like(saves[0], { target_type: 'score', target_id: `${board.id}:${ug.id}`, actor_user_id: api.users.moderator.id, ip: null });
});

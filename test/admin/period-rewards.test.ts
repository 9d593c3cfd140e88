import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createPeriodPayouts } from '../../src/admin/leaderboards/period-payouts';
import { AppError } from '../../src/errors';
import { createLogger } from '../../src/logging/logger';
import { readSyncStatus } from '../../src/sync/sync-status';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { until } from '../helpers/until';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

// SPEC §2.12 "Period rewards", with an injected clock: scores are saved "yesterday", then the clock
// moves past midnight and a payout round runs (in this process; test/sync/period-payouts-kill runs
// two worker processes and kills one).
let now = Date.parse('2026-12-01T12:00:00.000Z');
const typed = anyTest as TestFn<{ api: TestApi }>;
const test = typed.serial; // the tests share the clock
useSharedTestApi(typed, { QUEUE_PREFIX: uniqueQueuePrefix() }, { clock: () => now });

const REWARDS = [
  { rank_from: 1, rank_to: 1, amount: 1000, currency: 'EUR' },
  { rank_from: 2, rank_to: 3, amount: 500, currency: 'EUR' },
  { rank_from: 4, rank_to: 5, amount: 100, currency: 'USD' },
];
const staff = (api: TestApi) => ({ token: api.users.moderator.token });
/** Rewards pay money: only an admin sets or changes them (SPEC §2.12). */
const admin = (api: TestApi) => ({ token: api.users.admin.token });
let n = 0;

async function board(api: TestApi, body: Record<string, unknown> = {}) {
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'R', slug: `rw-${process.pid}-${(n += 1)}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const reply = await api.request('POST', `/api/games/${gameId}/leaderboards`, { ...admin(api), body: { key: `k${n}`, name: 'Daily top', period_type: 'daily', rewards: REWARDS, ...body } });
  return { gameId, board: reply.body as { id: number; rewards: unknown[] }, status: reply.status };
}
async function players(api: TestApi, gameId: number, leaderboardId: number, scores: number[]) {
  const made: Array<{ userId: number; userGameId: number; score: number }> = [];
  for (const score of scores) {
    const user = await api.createUser('user', `rw${(n += 1)}_${process.pid}`);
    const userGameId = (await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: gameId })).id;
    now += 1;
    await api.services.leaderboards.saveScore(COMMAND_ACTOR, leaderboardId, { user_game_id: userGameId, score });
    made.push({ userId: user.id, userGameId, score });
  }
  return made;
}
const payouts = (api: TestApi) => createPeriodPayouts({ store: api.workerStore(), wallet: api.engine.wallet, logger: createLogger('silent'), idempotencyTtlS: 86_400, clock: () => now });
const balance = async (api: TestApi, userId: number, gameId: number, currency: string) =>
  Number((await api.engine.wallet.balances(String(userId), String(gameId), currency)).find((b) => b.currency === currency)?.availableBalance);

test('a reward table is checked: ranges in order, none overlapping, amounts and currencies valid, and only on boards whose periods close', async (t) => {
  const { api } = t.context;
  const made = await board(api);
  t.is(made.status, 201);
  t.deepEqual(made.board.rewards, REWARDS);
  const refused = await board(api, { rewards: [{ rank_from: 1, rank_to: 5, amount: 10, currency: 'EUR' }, { rank_from: 5, rank_to: 9, amount: 5, currency: 'EUR' }, { rank_from: 3, rank_to: 2, amount: 0, currency: 'eur' }] });
  t.is(refused.status, 400);
  const errors = (await api.request('POST', `/api/games/${made.gameId}/leaderboards`, { ...admin(api), body: { key: 'x', name: 'x', period_type: 'daily', rewards: [{ rank_from: 1, rank_to: 5, amount: 10, currency: 'EUR' }, { rank_from: 5, rank_to: 9, amount: 5, currency: 'EUR' }, { rank_from: 3, rank_to: 2, amount: 0, currency: 'eur' }] } })).body.errors;
  t.deepEqual(errors.map((e: { path: string }) => e.path).sort(), ['rewards[1]', 'rewards[2].amount', 'rewards[2].currency', 'rewards[2].rank_to'].sort(), JSON.stringify(errors));
  const allTime = await api.request('POST', `/api/games/${made.gameId}/leaderboards`, { ...admin(api), body: { key: 'y', name: 'y', rewards: REWARDS } });
  t.is(allTime.status, 400);
  t.is(allTime.body.errors[0].path, 'rewards');
  const toAllTime = await api.request('PUT', `/api/games/${made.gameId}/leaderboards/${made.board.id}`, { ...staff(api), body: { period_type: 'all_time' } });
  t.is(toAllTime.status, 400, 'a board with rewards cannot become all_time');
  const cleared = await api.request('PUT', `/api/games/${made.gameId}/leaderboards/${made.board.id}`, { ...admin(api), body: { rewards: [] } });
  t.deepEqual(cleared.body.rewards, []);
});

test('when a period closes each ranked player gets their range\'s reward once; ties share the better rank; the listing and audit say so', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-02T09:00:00.000Z');
  const { gameId, board: b } = await board(api);
  // Ranks 1, 2, 2, 4, 5, 6: the two 80s share rank 2; 6th is in no range.
  const ranked = await players(api, gameId, b.id, [90, 80, 80, 70, 60, 50]);
  await payouts(api).run();
  t.deepEqual((await api.request('GET', `/api/leaderboards/${b.id}/payouts`, staff(api))).body, [], 'nothing while the period runs');

  now = Date.parse('2026-12-03T00:01:05.000Z'); // the day closed, and its grace (LEADERBOARD_PAYOUT_GRACE_S, 60 s) passed
  const round = payouts(api);
  await Promise.all([round.run(), payouts(api).run()]); // two workers at once
  await round.run(); // and again: nothing more
  const listed = await api.request('GET', `/api/leaderboards/${b.id}/payouts?period_start=2026-12-02T00:00:00.000Z`, staff(api));
  t.is(listed.status, 200);
  t.deepEqual(listed.body.map((p: { user_game_id: number; rank: number; amount: number; currency: string }) => [p.user_game_id, p.rank, p.amount, p.currency]), [
    [ranked[0]!.userGameId, 1, 1000, 'EUR'],
    [ranked[1]!.userGameId, 2, 500, 'EUR'],
    [ranked[2]!.userGameId, 2, 500, 'EUR'],
    [ranked[3]!.userGameId, 4, 100, 'USD'],
    [ranked[4]!.userGameId, 5, 100, 'USD'],
  ]);
  for (const p of listed.body) {
    t.truthy(p.topup_id);
    t.truthy(p.paid_at);
  }
  t.is(new Set(listed.body.map((p: { topup_id: number }) => p.topup_id)).size, 5, 'one top-up each');
  t.is(await balance(api, ranked[0]!.userId, gameId, 'EUR'), 1000);
  t.is(await balance(api, ranked[2]!.userId, gameId, 'EUR'), 500, 'the tied player got rank 2\'s reward');
  t.is(await balance(api, ranked[4]!.userId, gameId, 'USD'), 100);
  t.is(await balance(api, ranked[5]!.userId, gameId, 'EUR'), 0, 'rank 6 is in no range');
  const audit = (await api.request('GET', `/api/audit?action=leaderboard.payout&target_id=${b.id}`, { token: api.users.admin.token })).body;
  t.is(audit.length, 5);
  t.like(audit.at(-1).changes, { rank: [null, 1], amount: [null, 1000], currency: [null, 'EUR'] });

  const graph = await gql(api, `{ leaderboardPayouts(leaderboard_id: ${b.id}) { rank amount topup_id } leaderboardPayoutsTotal(leaderboard_id: ${b.id}) }`, staff(api));
  t.is(graph.body.data.leaderboardPayoutsTotal, 5);
  t.deepEqual(graph.body.data.leaderboardPayouts.map((p: { rank: number }) => p.rank), [1, 2, 2, 4, 5]);
  t.is((await api.request('GET', `/api/leaderboards/${b.id}/payouts`, { token: api.users.user.token })).status, 403, 'staff only');
  t.is((await api.request('GET', `/api/leaderboards/${b.id}/payouts?period_start=2026-12-02T05:00:00.000Z`, staff(api))).body.errors[0].path, 'period_start');
  const past = await api.request('GET', `/api/leaderboards/${b.id}/rankings?period_start=2026-12-02T00:00:00.000Z&limit=3`, { token: api.users.user.token });
  t.deepEqual(past.body.items.map((i: { score: number }) => i.score), [90, 80, 80], 'the final standings stay readable');
});

test('a preview shows what the current period would pay if it closed now, as the worker then pays it; nothing for an all_time board; staff of the board\'s game only (issue 51)', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-09T10:00:00.000Z');
  const { gameId, board: b } = await board(api);
  const ranked = await players(api, gameId, b.id, [90, 80, 80, 70, 60, 50]);
  const expected = [
    { user_game_id: ranked[0]!.userGameId, user_id: ranked[0]!.userId, rank: 1, amount: 1000, currency: 'EUR' },
    { user_game_id: ranked[1]!.userGameId, user_id: ranked[1]!.userId, rank: 2, amount: 500, currency: 'EUR' },
    { user_game_id: ranked[2]!.userGameId, user_id: ranked[2]!.userId, rank: 2, amount: 500, currency: 'EUR' },
    { user_game_id: ranked[3]!.userGameId, user_id: ranked[3]!.userId, rank: 4, amount: 100, currency: 'USD' },
    { user_game_id: ranked[4]!.userGameId, user_id: ranked[4]!.userId, rank: 5, amount: 100, currency: 'USD' },
  ];
  const preview = await api.request('GET', `/api/leaderboards/${b.id}/payouts/preview`, staff(api));
  t.is(preview.status, 200);
  t.deepEqual(preview.body, { period_start: '2026-12-09T00:00:00.000Z', closes_at: '2026-12-10T00:00:00.000Z', payouts: expected, payouts_total: 5 });
  const viaGraphql = await gql(api, `query($id: SafeInt!) { leaderboardPayoutPreview(leaderboard_id: $id) { period_start closes_at payouts { user_game_id user_id rank amount currency } payouts_total } }`, { ...staff(api), variables: { id: b.id } });
  t.deepEqual(viaGraphql.body.data?.leaderboardPayoutPreview, { ...preview.body, payouts: expected.map((p) => ({ ...p, amount: String(p.amount) })) });
  const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `p${i}: leaderboardPayoutPreview(leaderboard_id: ${b.id}) { period_start }`).join(' ')} }`;
  t.is((await gql(api, aliased(9), staff(api))).body.errors, undefined, 'each ask reads up to 10,000 ranks: nine in one document run');
  t.regex((await gql(api, aliased(10), staff(api))).body.errors[0].message, /may return \d+ objects; the limit is 100000/, 'ten are refused');

  // The period closes: the worker pays exactly what the preview showed.
  now = Date.parse('2026-12-10T00:01:05.000Z');
  await payouts(api).run();
  const paid = (await api.request('GET', `/api/leaderboards/${b.id}/payouts`, staff(api))).body as Array<Record<string, unknown>>;
  t.deepEqual(paid.map(({ user_game_id, user_id, rank, amount, currency }) => ({ user_game_id, user_id, rank, amount, currency })), expected);
  t.deepEqual((await api.request('GET', `/api/leaderboards/${b.id}/payouts/preview`, staff(api))).body, { period_start: '2026-12-10T00:00:00.000Z', closes_at: '2026-12-11T00:00:00.000Z', payouts: [], payouts_total: 0 }, 'the new period has no scores yet');

  const allTime = await api.request('POST', `/api/games/${gameId}/leaderboards`, { ...admin(api), body: { key: `all${n}`, name: 'All time' } });
  t.deepEqual((await api.request('GET', `/api/leaderboards/${allTime.body.id}/payouts/preview`, staff(api))).body, { period_start: null, closes_at: null, payouts: [], payouts_total: 0 });

  t.is((await api.request('GET', `/api/leaderboards/${b.id}/payouts/preview`, { token: api.users.user.token })).status, 403, 'a player may not read it');
  const elsewhere = await board(api);
  const scoped = await api.createUser('moderator', `rw_scoped_${process.pid}`);
  t.is((await api.request('PUT', `/api/users/${scoped.id}/game-scope`, { ...admin(api), body: { game_ids: [elsewhere.gameId] } })).status, 200);
  t.is((await api.request('GET', `/api/leaderboards/${b.id}/payouts/preview`, { token: scoped.token })).status, 403, 'a moderator of other games may not read it');
  t.is((await api.request('GET', `/api/leaderboards/999999999/payouts/preview`, staff(api))).status, 404);
});

test('a preview of a tie at the last paid rank: every tied player is paid, as the worker pays them; the read is bounded and counts the rest (issue 49 review)', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-15T10:00:00.000Z');
  const { gameId, board: b } = await board(api, { rewards: [{ rank_from: 1, rank_to: 2, amount: 7, currency: 'EUR' }] });
  const ranked = await players(api, gameId, b.id, [10, 0, 0, 0, 0, 0]);
  const preview = (await api.request('GET', `/api/leaderboards/${b.id}/payouts/preview`, staff(api))).body;
  t.is(preview.payouts_total, 6);
  t.deepEqual(preview.payouts.map((p: { rank: number }) => p.rank), [1, 2, 2, 2, 2, 2], 'the five at 0 share rank 2');

  // At most maxRows are read; the tied players beyond are counted, not listed.
  const repos = api.workerStore().read;
  const start = new Date('2026-12-15T00:00:00.000Z');
  const within = await repos.leaderboardPayouts.standingsWithin(b.id, start, 2, 3);
  t.deepEqual(within.rows.map((row) => row.user_game_id), ranked.slice(0, 3).map((p) => p.userGameId));
  t.is(within.unread, 3);
  const exact = await repos.leaderboardPayouts.standingsWithin(b.id, start, 2, 2);
  t.is(exact.rows.length, 2);
  t.is(exact.unread, 4);
  t.deepEqual((await repos.leaderboardPayouts.standingsWithin(b.id, start, 2, 100)).unread, 0);
  await t.throwsAsync(repos.leaderboardPayouts.standingsWithin(b.id, start, 5, 3), { message: /do not fit/ }, 'a read that could not hold the paid ranks is refused');
  // The period is never closed here: the board goes, so the later tests' payout rounds do not pay it.
  t.is((await api.request('DELETE', `/api/games/${gameId}/leaderboards/${b.id}`, staff(api))).status, 204);
});

test('periods that closed before the rewards were set are not paid; a period without scores is closed with nothing to pay', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-05T10:00:00.000Z');
  const { gameId, board: b } = await board(api, { rewards: [] });
  await players(api, gameId, b.id, [10, 20]);
  now = Date.parse('2026-12-06T10:00:00.000Z');
  await api.request('PUT', `/api/games/${gameId}/leaderboards/${b.id}`, { ...admin(api), body: { rewards: REWARDS } });
  await payouts(api).run();
  t.deepEqual((await api.request('GET', `/api/leaderboards/${b.id}/payouts`, staff(api))).body, [], 'the 5th closed before the rewards existed');
  now = Date.parse('2026-12-07T00:01:01.000Z');
  await payouts(api).run();
  t.deepEqual((await api.request('GET', `/api/leaderboards/${b.id}/payouts`, staff(api))).body, [], 'the 6th had no scores');
  const periods = await api.database.db('leaderboard_payout_periods').where({ leaderboard_id: b.id }).select('period_start', 'paid_at');
  t.is(periods.length, 1);
  t.truthy(periods[0].paid_at);
});

test('rewards pay money: a moderator may neither set nor change them (403 naming rewards), may edit a rewarded board otherwise; a reward\'s currency must be enabled (review item 4)', async (t) => {
  const { api } = t.context;
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'R', slug: `rw-${process.pid}-${(n += 1)}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const selfPay = [{ rank_from: 1, rank_to: 1, amount: Number.MAX_SAFE_INTEGER, currency: 'EUR' }];
  const made = await api.request('POST', `/api/games/${gameId}/leaderboards`, { ...staff(api), body: { key: `m${n}`, name: 'Mine', period_type: 'daily', rewards: selfPay } });
  t.is(made.status, 403);
  t.is(made.body.errors[0].path, 'rewards');
  const plain = await api.request('POST', `/api/games/${gameId}/leaderboards`, { ...staff(api), body: { key: `p${n}`, name: 'Plain', period_type: 'daily' } });
  t.is(plain.status, 201, 'a board without rewards is still a moderator\'s write');
  const raised = await api.request('PUT', `/api/games/${gameId}/leaderboards/${plain.body.id}`, { ...staff(api), body: { rewards: selfPay } });
  t.is(raised.status, 403);
  const viaGraphql = await gql(api, `mutation { updateLeaderboard(game_id: ${gameId}, id: ${plain.body.id}, input: { rewards: [{ rank_from: 1, rank_to: 1, amount: "5", currency: "EUR" }] }) { id } }`, staff(api));
  t.is(viaGraphql.body.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(viaGraphql.body));
  const { gameId: rewardedGame, board: rewarded } = await board(api);
  const renamed = await api.request('PUT', `/api/games/${rewardedGame}/leaderboards/${rewarded.id}`, { ...staff(api), body: { name: 'Renamed' } });
  t.is(renamed.status, 200, 'other fields of a rewarded board stay a moderator\'s');
  for (const body of [{ period_type: 'monthly' }, { sort_order: 'asc' }, { operator: 'incr' }]) {
    const reply = await api.request('PUT', `/api/games/${rewardedGame}/leaderboards/${rewarded.id}`, { ...staff(api), body });
    t.is(reply.status, 403, `${JSON.stringify(body)}: who the rewards pay is an admin's to change`);
    t.is(reply.body.errors[0].path, Object.keys(body)[0]);
  }
  t.deepEqual((await api.request('GET', `/api/games/${gameId}/leaderboards/${plain.body.id}`, staff(api))).body.rewards, [], 'nothing changed');

  const unknown = await api.request('POST', `/api/games/${gameId}/leaderboards`, { ...admin(api), body: { key: `z${n}`, name: 'Z', period_type: 'daily', rewards: [{ rank_from: 1, rank_to: 1, amount: 5, currency: 'ZZZ' }] } });
  t.is(unknown.status, 400);
  t.is(unknown.body.errors[0].path, 'rewards[0].currency');
  await api.request('PATCH', '/api/currencies/SEK', { ...admin(api), body: { enabled: false } });
  t.teardown(() => api.request('PATCH', '/api/currencies/SEK', { ...admin(api), body: { enabled: true } }).then(() => undefined));
  const disabled = await api.request('PUT', `/api/games/${gameId}/leaderboards/${plain.body.id}`, { ...admin(api), body: { rewards: [{ rank_from: 1, rank_to: 2, amount: 5, currency: 'SEK' }] } });
  t.is(disabled.status, 400);
  t.is(disabled.body.errors[0].path, 'rewards[0].currency');
});

test('a save in flight at midnight lands before the period is planned (grace), a save for a period already planned is 409 and changes nothing; one player paid in two periods gets two top-ups (review item 6)', async (t) => {
  const { api } = t.context;
  now = Date.parse('2026-12-10T12:00:00.000Z');
  const { gameId, board: b } = await board(api);
  const [early, late] = await players(api, gameId, b.id, [50, 10]);
  let workerNow = Date.parse('2026-12-11T00:00:00.005Z'); // the worker's clock has passed midnight
  const worker = createPeriodPayouts({ store: api.workerStore(), wallet: api.engine.wallet, logger: createLogger('silent'), idempotencyTtlS: 86_400, clock: () => workerNow });
  await worker.run();
  now = Date.parse('2026-12-10T23:59:59.990Z'); // the save in flight, stamped by an HTTP process's clock
  await api.services.leaderboards.saveScore(COMMAND_ACTOR, b.id, { user_game_id: late!.userGameId, score: 99 });
  workerNow = Date.parse('2026-12-11T00:01:00.006Z');
  await worker.run();
  const paid = (await api.request('GET', `/api/leaderboards/${b.id}/payouts?period_start=2026-12-10T00:00:00.000Z`, staff(api))).body as Array<{ user_game_id: number; rank: number }>;
  t.deepEqual(paid.map((p) => [p.user_game_id, p.rank]), [[late!.userGameId, 1], [early!.userGameId, 2]], 'the save in flight counted');

  now = Date.parse('2026-12-10T23:59:59.999Z'); // a process whose clock runs far behind
  const refused = await api.request('POST', `/api/leaderboards/${b.id}/scores`, { ...staff(api), body: { user_game_id: early!.userGameId, score: 1000 } });
  t.is(refused.status, 409);
  t.regex(refused.body.detail, /has closed/);
  const standings = await api.request('GET', `/api/leaderboards/${b.id}/rankings?period_start=2026-12-10T00:00:00.000Z&limit=2`, staff(api));
  t.deepEqual(standings.body.items.map((i: { score: number }) => i.score), [99, 50], 'paid standings unchanged');

  now = Date.parse('2026-12-11T08:00:00.000Z');
  await api.services.leaderboards.saveScore(COMMAND_ACTOR, b.id, { user_game_id: late!.userGameId, score: 7 });
  workerNow = Date.parse('2026-12-12T00:01:00.006Z');
  await worker.run();
  const mine = (await api.request('GET', `/api/leaderboards/${b.id}/payouts`, staff(api))).body.filter((p: { user_game_id: number }) => p.user_game_id === late!.userGameId);
  t.is(mine.length, 2);
  t.not(mine[0].topup_id, mine[1].topup_id, 'two periods, two top-ups');
  t.is(await balance(api, late!.userId, gameId, 'EUR'), 2000);
});

test('payouts left unpaid past IDEMPOTENCY_TTL_S are settled from the ledger by `payouts reconcile`: one whose top-up the ledger holds is marked with it, one it lacks is paid now, each once; not while the sync is behind (issue 48)', async (t) => {
  const { api } = t.context;
  now = Date.parse('2027-01-05T12:00:00.000Z');
  const { gameId, board: b } = await board(api);
  const [first, second] = await players(api, gameId, b.id, [90, 80]);
  now = Date.parse('2027-01-06T00:05:00.000Z');
  // A worker that credits the first winner and is killed before it marks the row; the second's top-up is never made.
  let calls = 0;
  const killed = createPeriodPayouts({
    store: api.workerStore(), logger: createLogger('silent'), idempotencyTtlS: 86_400, clock: () => now,
    wallet: {
      async topup(input) {
        calls += 1;
        if (calls === 1) await api.engine.wallet.topup(input);
        throw new AppError('UNAVAILABLE', 'the worker was killed');
      },
    },
  });
  await killed.run();
  const unpaid = async () => (await api.database.db('leaderboard_payouts').where({ leaderboard_id: b.id }).whereNull('topup_id').count({ n: '*' }))[0]!.n;
  t.is(Number(await unpaid()), 2);
  t.is(await balance(api, first!.userId, gameId, 'EUR'), 1000);

  now += 86_400_000 + 60_000; // past the time the engine remembers the keys
  await payouts(api).run();
  t.is(Number(await unpaid()), 2, 'a round leaves an overdue row for the reconcile (it is not paid again blindly)');
  const outboxEntries = async () => (await readSyncStatus(api.redis.redis, undefined, Date.now())).outboxEntries;
  await t.throwsAsync(payouts(api).reconcileOverdue(outboxEntries), { message: /outbox entries not yet in the ledger/ }, 'not while a top-up may still be on its way to the ledger');

  const worker = await startTestWorker(api);
  t.teardown(() => worker.stop());
  await until('the sync wrote the ledger', async () => (await outboxEntries()) === 0, 30_000);
  t.deepEqual(await payouts(api).reconcileOverdue(outboxEntries), { marked: 1, paid: 1 });
  t.deepEqual(await payouts(api).reconcileOverdue(outboxEntries), { marked: 0, paid: 0 }, 'a second reconcile finds nothing');
  t.is(await balance(api, first!.userId, gameId, 'EUR'), 1000, 'the first winner was credited once, by the killed worker');
  t.is(await balance(api, second!.userId, gameId, 'EUR'), 500, 'the second, once, by the reconcile');
  const rows = await api.database.db('leaderboard_payouts').where({ leaderboard_id: b.id }).orderBy('rank').select('topup_id', 'id');
  const ledgerTopup = await api.database.db('ledger_entries').where({ kind: 'topup', request_id: `lb-payout-${rows[0].id}` }).first('topup_id');
  t.is(String(rows[0].topup_id), String(ledgerTopup.topup_id), 'marked with the top-up the ledger holds');
  t.truthy(rows[1].topup_id);
  t.is(Number((await api.database.db('audit_log').where({ action: 'leaderboard.payout', target_id: String(b.id) }).count({ n: '*' }))[0]!.n), 2);
});

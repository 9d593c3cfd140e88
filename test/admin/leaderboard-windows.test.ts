import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { createAdminServices } from '../../src/admin/admin-services';
import { createRedisClient } from '../../src/redis/redis-client';
import { until } from '../helpers/until';

// SPEC §2.6 "Operators", "Around a player", "Past periods", with an injected clock (never a sleep).
let now = Date.parse('2026-11-25T10:00:00.000Z'); // a Wednesday
const typed = anyTest as TestFn<{ api: TestApi }>;
const test = typed.serial; // the tests share the clock
useSharedTestApi(typed, {}, { clock: () => now });

let n = 0;
async function setup(api: TestApi, body: Record<string, unknown> = {}) {
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'W', slug: `win-${process.pid}-${(n += 1)}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const reply = await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: `k${n}`, name: 'Top', ...body } });
  return { gameId, leaderboard: reply.body as { id: number; operator: string } };
}
async function players(api: TestApi, gameId: number, count: number) {
  const made: Array<{ userId: number; userGameId: number }> = [];
  for (let i = 0; i < count; i += 1) {
    const user = await api.createUser('user', `w${i}_${(n += 1)}`);
    made.push({ userId: user.id, userGameId: (await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: gameId })).id });
  }
  return made;
}
const save = (api: TestApi, leaderboardId: number, userGameId: number, score: number) => {
  now += 1;
  return api.request('POST', `/api/leaderboards/${leaderboardId}/scores`, { token: api.users.moderator.token, body: { user_game_id: userGameId, score } });
};
const rankings = (api: TestApi, leaderboardId: number, query: string) =>
  api.request('GET', `/api/leaderboards/${leaderboardId}/rankings?${query}`, { token: api.users.user.token });
const ranks = (items: Array<{ rank: number; user_game_id: number }>) => items.map((item) => [item.rank, item.user_game_id]);

test('operator best keeps only a strictly better score; an equal one is not kept and the last kept time breaks ties', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api, { operator: 'best' });
  t.is(leaderboard.operator, 'best');
  const [a, b] = await players(api, gameId, 2);
  t.is((await save(api, leaderboard.id, a!.userGameId, 50)).body.score, 50);
  const first = await save(api, leaderboard.id, b!.userGameId, 50);
  const worse = await save(api, leaderboard.id, a!.userGameId, 40);
  t.is(worse.body.score, 50, 'the reply is the stored score');
  const equal = await save(api, leaderboard.id, a!.userGameId, 50);
  t.is(equal.body.score, 50);
  t.is(equal.body.updated_at, worse.body.updated_at, 'an equal score is not kept: the time stays that of the last kept save');
  t.true(first.body.updated_at > worse.body.updated_at, "b's 50 came after a's kept 50");
  t.deepEqual(ranks((await rankings(api, leaderboard.id, '')).body.items), [[1, a!.userGameId], [2, b!.userGameId]], 'a kept 50 first');
  t.is((await save(api, leaderboard.id, b!.userGameId, 51)).body.score, 51);
  t.deepEqual(ranks((await rankings(api, leaderboard.id, '')).body.items), [[1, b!.userGameId], [2, a!.userGameId]]);

  const asc = await setup(api, { operator: 'best', sort_order: 'asc' });
  const [c] = await players(api, asc.gameId, 1);
  await save(api, asc.leaderboard.id, c!.userGameId, 30);
  t.is((await save(api, asc.leaderboard.id, c!.userGameId, 31)).body.score, 30, 'on an asc board lower is better');
  t.is((await save(api, asc.leaderboard.id, c!.userGameId, 29)).body.score, 29);
});

test('operator incr adds to the period score from 0; past ±1e15 it is a 409 and nothing is stored', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api, { operator: 'incr' });
  const [a] = await players(api, gameId, 1);
  t.is((await save(api, leaderboard.id, a!.userGameId, 10)).body.score, 10);
  t.is((await save(api, leaderboard.id, a!.userGameId, -3.5)).body.score, 6.5);
  t.is((await save(api, leaderboard.id, a!.userGameId, 1e15)).status, 409);
  t.is((await rankings(api, leaderboard.id, '')).body.items[0].score, 6.5, 'the refused incr stored nothing');
  const audit = await api.request('GET', `/api/audit?action=score.save&game_id=${gameId}`, { token: api.users.admin.token });
  t.deepEqual(audit.body.map((entry: { changes: unknown }) => entry.changes), [{ score: [10, 6.5] }, { score: [null, 10] }], 'a refused save adds no entry');
});

test('the operator is set at create and changes by PUT only while the leaderboard has no scores (409 after)', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  t.is(leaderboard.operator, 'set');
  const path = `/api/games/${gameId}/leaderboards/${leaderboard.id}`;
  t.is((await api.request('PUT', path, { token: api.users.admin.token, body: { operator: 'sum' } })).body.errors[0].path, 'operator');
  t.is((await api.request('PUT', path, { token: api.users.admin.token, body: { operator: 'incr' } })).body.operator, 'incr');
  const [a] = await players(api, gameId, 1);
  await save(api, leaderboard.id, a!.userGameId, 5);
  const refused = await api.request('PUT', path, { token: api.users.admin.token, body: { operator: 'set', name: 'New' } });
  t.is(refused.status, 409);
  t.like((await api.request('GET', path, { token: api.users.user.token })).body, { operator: 'incr', name: 'Top' }, 'nothing of the refused PUT applied');
  t.is((await api.request('PUT', path, { token: api.users.admin.token, body: { operator: 'incr', name: 'Same op' } })).status, 200);
});

test('around a player: N rows centred on X, shifted at either end, ranks in the whole ordering; [] without a score', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const people = await players(api, gameId, 9);
  for (const [i, person] of people.entries()) await save(api, leaderboard.id, person.userGameId, 100 - i); // rank i+1
  const ug = (rank: number) => people[rank - 1]!.userGameId;
  const window = async (rank: number, limit: number) => ranks((await rankings(api, leaderboard.id, `around_user_game_id=${ug(rank)}&limit=${limit}`)).body.items);
  // Twice: first counted in MySQL while the rank index builds, then (once built) from the index.
  for (let pass = 0; pass < 2; pass += 1) {
    t.deepEqual(await window(5, 3), [[4, ug(4)], [5, ug(5)], [6, ug(6)]]);
    t.deepEqual(await window(5, 4), [[4, ug(4)], [5, ug(5)], [6, ug(6)], [7, ug(7)]], '⌊(N−1)/2⌋ before, the rest after');
    t.deepEqual(await window(1, 3), [[1, ug(1)], [2, ug(2)], [3, ug(3)]], 'shifted at the top');
    t.deepEqual(await window(9, 4), [[6, ug(6)], [7, ug(7)], [8, ug(8)], [9, ug(9)]], 'shifted at the bottom');
    t.deepEqual(await window(2, 50), people.map((p, i) => [i + 1, p.userGameId]), 'fewer rows than N: all of them');
    t.deepEqual(await window(3, 1), [[3, ug(3)]]);
    await until('the rank index is built', () => api.services.rankIndex.isBuilt(gameId, leaderboard.id, new Date(0)));
  }
  await save(api, leaderboard.id, ug(9), 1000); // the last becomes the first: the index follows the save
  t.deepEqual(ranks((await rankings(api, leaderboard.id, `around_user_game_id=${ug(9)}&limit=2`)).body.items), [[1, ug(9)], [2, ug(1)]]);
  t.deepEqual(ranks((await rankings(api, leaderboard.id, `around_user_game_id=${ug(5)}&limit=1`)).body.items), [[6, ug(5)]]);
  const [outsider] = await players(api, gameId, 1);
  t.deepEqual((await rankings(api, leaderboard.id, `around_user_game_id=${outsider!.userGameId}`)).body.items, []);
  t.is((await rankings(api, leaderboard.id, 'around_user_game_id=abc')).status, 400);

  const group = await api.services.leaderboardGroups.create(COMMAND_ACTOR, leaderboard.id, { key: 'g', name: 'G' });
  for (const rank of [2, 4, 6, 8]) await api.services.leaderboardGroups.addMember(COMMAND_ACTOR, group.id, { user_id: people[rank - 1]!.userId });
  const inGroup = await rankings(api, leaderboard.id, `group_id=${group.id}&around_user_game_id=${ug(6)}&limit=2`);
  t.deepEqual(ranks(inGroup.body.items), [[3, ug(6)], [4, ug(8)]], 'with group_id, ranks among the members');
});

test('ties in the whole ordering: ranks around a player follow the earlier save, then the lower user_game_id', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const people = await players(api, gameId, 6);
  for (const person of people) await save(api, leaderboard.id, person.userGameId, 7);
  for (let pass = 0; pass < 2; pass += 1) {
    if (pass === 1) await until('the rank index is built', () => api.services.rankIndex.isBuilt(gameId, leaderboard.id, new Date(0)));
    const items = (await rankings(api, leaderboard.id, `around_user_game_id=${people[3]!.userGameId}&limit=3`)).body.items;
    t.deepEqual(ranks(items), [[3, people[2]!.userGameId], [4, people[3]!.userGameId], [5, people[4]!.userGameId]]);
  }
});

test('past periods: period_start ranks the period that starts then, rows carry it; anything else is a 400', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api, { period_type: 'daily' });
  const [a, b] = await players(api, gameId, 2);
  await save(api, leaderboard.id, a!.userGameId, 1);
  await save(api, leaderboard.id, b!.userGameId, 2);
  const yesterday = new Date(Date.UTC(2026, 10, 25)).toISOString();
  now += 24 * 3600 * 1000;
  await save(api, leaderboard.id, a!.userGameId, 9);
  t.deepEqual(ranks((await rankings(api, leaderboard.id, '')).body.items), [[1, a!.userGameId]], 'the current period');
  const past = await rankings(api, leaderboard.id, `period_start=${yesterday}`);
  t.deepEqual(past.body.items.map((item: { user_game_id: number; period_start: string }) => [item.user_game_id, item.period_start]), [[b!.userGameId, yesterday], [a!.userGameId, yesterday]]);
  const around = await rankings(api, leaderboard.id, `period_start=${yesterday}&around_user_game_id=${a!.userGameId}&limit=1`);
  t.deepEqual(ranks(around.body.items), [[2, a!.userGameId]]);
  // A day the calendar lacks is refused, not rolled over (JavaScript reads 2026-02-30 as March 2).
  for (const bad of ['2026-11-25T10:00:00.000Z', 'yesterday', '2026-11-25', '2026-02-30T00:00:00.000Z', '2026-11-31T00:00:00.000Z']) {
    const refused = await rankings(api, leaderboard.id, `period_start=${encodeURIComponent(bad)}`);
    t.is(refused.status, 400, bad);
    t.is(refused.body.errors[0].path, 'period_start');
  }
  const query = `{ rankings(leaderboard_id: ${leaderboard.id}, period_start: "${yesterday}", around_user_game_id: ${a!.userGameId}, limit: 1) { items { rank user_game_id period_start } } }`;
  t.deepEqual((await gql(api, query, { token: api.users.user.token })).body.data.rankings.items, [{ rank: 2, user_game_id: a!.userGameId, period_start: yesterday }], 'GraphQL answers as REST');
});

test('the rank index keeps MySQL\'s value under concurrent saves of one row from two HTTP processes: 40 incr +1 saves at once, three times over', async (t) => {
  // Before: each save put its own result into the index in whatever order the updates arrived, and
  // 40 saves left −79 in the index while MySQL held −81 (around-me ranked from it for up to 10 minutes).
  // Two service instances with Redis connections of their own stand for two HTTP processes.
  const { api } = t.context;
  const otherRedis = createRedisClient({ url: api.config.redis.url, keyPrefix: api.config.redis.keyPrefix, role: 'http' });
  t.teardown(() => otherRedis.disconnect());
  const other = createAdminServices({ db: api.database.db, redis: otherRedis, wallet: api.engine.wallet, config: api.config, clock: () => now });
  t.teardown(() => other.caches.close());
  const { gameId, leaderboard } = await setup(api, { operator: 'incr' });
  const [a, b] = await players(api, gameId, 2);
  await save(api, leaderboard.id, a!.userGameId, 1);
  await save(api, leaderboard.id, b!.userGameId, 60);
  await rankings(api, leaderboard.id, `around_user_game_id=${a!.userGameId}&limit=3`);
  await until('the rank index is built', () => api.services.rankIndex.isBuilt(gameId, leaderboard.id, new Date(0)));
  const generation = (await api.redis.redis.get(`lbrg:${gameId}`)) ?? '0';
  const key = `lbr{${leaderboard.id}}:${generation}:0`;
  const indexed = async () => Number(await api.redis.redis.zscore(key, (await api.redis.redis.hget(`${key}:m`, String(a!.userGameId)))!));
  for (let round = 1; round <= 3; round += 1) {
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? other : api.services).leaderboards.saveScore(COMMAND_ACTOR, leaderboard.id, { user_game_id: a!.userGameId, score: 1 })));
    const [row] = await api.database.db('leaderboard_scores').where({ leaderboard_id: leaderboard.id, user_game_id: a!.userGameId }).select('score', 'rank_score');
    t.is(row.score, 1 + 40 * round);
    t.is(await indexed(), Number(row.rank_score), `round ${round}: the index holds MySQL's rank score`);
  }
  const around = (await rankings(api, leaderboard.id, `around_user_game_id=${b!.userGameId}&limit=2`)).body.items;
  t.deepEqual(ranks(around), [[1, a!.userGameId], [2, b!.userGameId]], 'a (121) leads b (60)');
});

test('ties saved in the same millisecond: around a player the lower user_game_id comes first, from MySQL and from the built index', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const people = await players(api, gameId, 5);
  now += 1;
  // Saved in reverse, all at one instant: only user_game_id can order them.
  for (const person of [...people].reverse()) {
    await api.request('POST', `/api/leaderboards/${leaderboard.id}/scores`, { token: api.users.moderator.token, body: { user_game_id: person.userGameId, score: 3 } });
  }
  for (let pass = 0; pass < 2; pass += 1) {
    if (pass === 1) await until('the rank index is built', () => api.services.rankIndex.isBuilt(gameId, leaderboard.id, new Date(0)));
    const items = (await rankings(api, leaderboard.id, `around_user_game_id=${people[2]!.userGameId}&limit=3`)).body.items;
    t.deepEqual(ranks(items), [[2, people[1]!.userGameId], [3, people[2]!.userGameId], [4, people[3]!.userGameId]], `pass ${pass}`);
  }
});

test('after a sort order change the rank index is named anew: around a player ranks by the new order', async (t) => {
  const { api } = t.context;
  const { gameId, leaderboard } = await setup(api);
  const [low, mid, high] = await players(api, gameId, 3);
  await save(api, leaderboard.id, low!.userGameId, 1);
  await save(api, leaderboard.id, mid!.userGameId, 5);
  await save(api, leaderboard.id, high!.userGameId, 9);
  await rankings(api, leaderboard.id, `around_user_game_id=${mid!.userGameId}&limit=1`);
  await until('the desc index is built', () => api.services.rankIndex.isBuilt(gameId, leaderboard.id, new Date(0)));
  t.deepEqual(ranks((await rankings(api, leaderboard.id, `around_user_game_id=${high!.userGameId}&limit=1`)).body.items), [[1, high!.userGameId]]);

  t.is((await api.request('PUT', `/api/games/${gameId}/leaderboards/${leaderboard.id}`, { token: api.users.admin.token, body: { sort_order: 'asc' } })).status, 200);
  for (let pass = 0; pass < 2; pass += 1) {
    if (pass === 1) await until('the asc index is built', () => api.services.rankIndex.isBuilt(gameId, leaderboard.id, new Date(0)));
    t.deepEqual(ranks((await rankings(api, leaderboard.id, `around_user_game_id=${high!.userGameId}&limit=1`)).body.items), [[3, high!.userGameId]], `pass ${pass}`);
    t.deepEqual(ranks((await rankings(api, leaderboard.id, `around_user_game_id=${low!.userGameId}&limit=1`)).body.items), [[1, low!.userGameId]], `pass ${pass}`);
  }
});

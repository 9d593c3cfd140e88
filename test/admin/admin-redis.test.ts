import test from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createRankIndex } from '../../src/admin/leaderboards/rank-index-store';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { redisReady } from '../../src/redis/redis-ready';
import { createTestApi } from '../helpers/api';
import { startRedisServer } from '../helpers/redis-server';
import { until } from '../helpers/until';

// Issue 33 item 7: admin data a request can grow lives in a Redis of its own (ADMIN_REDIS_URL), never
// beside the balances, and an index build stops short of filling whichever Redis it is given.

test('with an admin Redis, the rank indexes of past periods are built there and none reaches the engine\'s Redis', async (t) => {
  const adminServer = await startRedisServer();
  t.teardown(adminServer.stop);
  const adminRedis = createRedisClient({ url: adminServer.url, role: 'http' });
  t.teardown(() => adminRedis.disconnect());
  t.true(await redisReady(adminRedis, 5000));
  let now = Date.parse('2026-11-20T10:00:00.000Z');
  const api = await createTestApi({}, { adminRedis, clock: () => now });
  t.teardown(() => api.close());

  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'Sep', slug: `sep-${process.pid}-${Date.now()}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = (await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: 'daily', name: 'Daily', period_type: 'daily' } })).body;
  const player = await api.createUser('user', `sep_${Date.now()}`);
  const ug = await api.services.connections.connect(COMMAND_ACTOR, player.id, { game_id: gameId });
  const days: string[] = [];
  for (let day = 0; day < 3; day += 1) {
    days.push(new Date(Date.UTC(2026, 10, 20 + day)).toISOString());
    await api.request('POST', `/api/leaderboards/${board.id}/scores`, { token: api.users.admin.token, body: { user_game_id: ug.id, score: day } });
    now += 24 * 3600 * 1000;
  }
  for (const day of days) {
    const around = await api.request('GET', `/api/leaderboards/${board.id}/rankings?period_start=${day}&around_user_game_id=${ug.id}&limit=3`, { token: api.users.user.token });
    t.is(around.status, 200);
    await until(`the index of ${day}`, () => api.services.rankIndex.isBuilt(gameId, board.id, new Date(day)));
  }
  const engineKeys = await api.redis.redis.keys(`${api.config.redis.keyPrefix}lbr*`);
  t.deepEqual(engineKeys, [], 'no rank index in the engine Redis');
  t.true((await adminRedis.keys('lbr*')).length >= 3, 'the indexes are in the admin Redis');
});

test('no rank index is built while its Redis holds 80% of its maxmemory: ranks are counted in MySQL, and the build comes once there is room', async (t) => {
  const server = await startRedisServer(['--maxmemory', '16mb', '--maxmemory-policy', 'noeviction']);
  t.teardown(server.stop);
  const redis = createRedisClient({ url: server.url, role: 'http' });
  t.teardown(() => redis.disconnect());
  t.true(await redisReady(redis, 5000));
  const api = await createTestApi();
  t.teardown(() => api.close());
  const logs: string[] = [];
  const rankIndex = createRankIndex({ db: api.database.db, redis, logger: createLogger('warn', {}, { write: (line: string) => logs.push(line) }) });
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'Full', slug: `full-${process.pid}-${Date.now()}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = (await api.request('POST', `/api/games/${gameId}/leaderboards`, { token: api.users.admin.token, body: { key: 'all', name: 'All' } })).body;
  const ug = await api.services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: gameId });
  await api.request('POST', `/api/leaderboards/${board.id}/scores`, { token: api.users.admin.token, body: { user_game_id: ug.id, score: 5 } });

  // Ballast in small pieces up to 85% of maxmemory.
  const used = async () => Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1]);
  for (let piece = 0; (await used()) < 0.85 * 16 * 1024 * 1024; piece += 1) await redis.set(`ballast:${piece}`, 'x'.repeat(256 * 1024));
  const x = { rank_score: -5, updated_at: new Date(), user_game_id: ug.id };
  t.is(await rankIndex.countBefore(gameId, board.id, new Date(0), x), null);
  await until('the refusal logged', async () => logs.some((line) => line.includes('no rank index built')));
  t.false(await rankIndex.isBuilt(gameId, board.id, new Date(0)));

  await redis.del(...(await redis.keys('ballast:*')));
  t.is(await rankIndex.countBefore(gameId, board.id, new Date(0), x), null);
  await until('the index built once there is room', () => rankIndex.isBuilt(gameId, board.id, new Date(0)));
  t.is(await rankIndex.countBefore(gameId, board.id, new Date(0), x), 0);
});

import test from 'ava';
import { AppError } from '../../src/errors';
import { assertNoEviction } from '../../src/redis/eviction-policy';
import { createRedisClient } from '../../src/redis/redis-client';
import { redisReady } from '../../src/redis/redis-ready';
import { startCliProcess } from '../helpers/cli-process';
import { createEngine } from '../helpers/engine';
import { startRedisServer } from '../helpers/redis-server';

test('a Redis out of memory answers RESOURCE_EXHAUSTED and nothing moves', async (t) => {
  const server = await startRedisServer(['--maxmemory-policy', 'noeviction']);
  t.teardown(server.stop);
  const redis = createRedisClient({ url: server.url, role: 'grpc' });
  t.teardown(() => redis.disconnect());
  t.true(await redisReady(redis, 5000));
  const engine = createEngine(redis);
  const target = engine.newWallet();
  await engine.fund(target, 1000);
  const reserved = await engine.wallet.reserve({ ...target, requestId: 'r1', roundId: 'x', amount: '100' });
  // Memory over the limit: the limit set below what is in use (filling up to it leaves Redis hovering
  // at the boundary, as a refused write's own buffer is freed again).
  const used = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
  await redis.config('SET', 'maxmemory', String(used - 256 * 1024));
  const before = await engine.state(target, [reserved.transactionId]);
  for (const call of [
    () => engine.wallet.topup({ ...target, amount: '5', comment: '' }),
    () => engine.wallet.reserve({ ...target, requestId: 'r2', roundId: 'x', amount: '10' }),
    () => engine.wallet.confirm({ requestId: 'c', transactionId: reserved.transactionId, roundId: '', winAmount: '0' }),
    () => engine.wallet.cancel({ requestId: 'x', transactionId: reserved.transactionId, reason: '' }),
  ]) {
    const error = await t.throwsAsync(call());
    t.is((error as AppError).code, 'RESOURCE_EXHAUSTED', String(error));
  }
  for (const batch of [
    () => engine.wallet.reserveBatch([{ ...target, requestId: 'r3', roundId: 'x', amount: '10' }, { ...target, requestId: 'r4', roundId: 'x', amount: '10' }]),
    () => engine.wallet.cancelBatch([{ requestId: 'x2', transactionId: reserved.transactionId, reason: '' }]),
  ]) {
    const outcomes = await batch();
    t.true(outcomes.every((outcome) => outcome instanceof AppError && outcome.code === 'RESOURCE_EXHAUSTED'), 'a batch: each item RESOURCE_EXHAUSTED');
  }
  t.deepEqual(await engine.state(target, [reserved.transactionId]), before);
});

test('every role refuses to start on a Redis whose maxmemory-policy evicts, naming the setting', async (t) => {
  const server = await startRedisServer(['--maxmemory-policy', 'allkeys-lru']);
  t.teardown(server.stop);
  const redis = createRedisClient({ url: server.url, role: 'cli' });
  t.teardown(() => redis.disconnect());
  const refused = await t.throwsAsync(assertNoEviction(redis, () => undefined));
  t.regex(refused!.message, /maxmemory-policy is "allkeys-lru".*noeviction/);

  for (const role of ['grpc', 'http', 'worker']) {
    const started = await startCliProcess(['serve', '--roles', role], { REDIS_URL: server.url });
    t.is(await started.exit, 1, role);
    t.regex(started.lines.join('\n'), /maxmemory-policy is "allkeys-lru"/, role);
  }
});

test('where CONFIG is not permitted the check only warns', async (t) => {
  const server = await startRedisServer(['--rename-command', 'CONFIG', '""']);
  t.teardown(server.stop);
  const redis = createRedisClient({ url: server.url, role: 'cli' });
  t.teardown(() => redis.disconnect());
  const warnings: string[] = [];
  await assertNoEviction(redis, (message) => warnings.push(message));
  t.is(warnings.length, 1);
  t.regex(warnings[0]!, /could not check Redis maxmemory-policy/);
});

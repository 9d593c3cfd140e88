import { randomBytes } from 'node:crypto';
import test from 'ava';
import { AppError } from '../../src/errors';
import { createRedisClient, type RedisRole } from '../../src/redis/redis-client';
import { redisReady } from '../../src/redis/redis-ready';
import { createEngine } from '../helpers/engine';
import { createTestRedis } from '../helpers/redis';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { testConfig } from '../helpers/test-config';

// SPEC §1.6: a write that may have reached Redis is never sent twice by the client library. A top-up
// without an Idempotency-Key runs again if it is re-sent, so a lost reply must fail (UNAVAILABLE) and
// leave exactly one credit and one outbox entry.
for (const role of ['grpc', 'http', 'cli', 'worker'] as RedisRole[]) {
  test(`${role} role: a top-up whose reply is lost after Redis ran it fails UNAVAILABLE and credits once`, async (t) => {
    const owner = await createTestRedis();
    t.teardown(owner.cleanup);
    const proxy = await startTcpProxy(Number(new URL(testConfig().redis.url).port || 6379));
    t.teardown(proxy.close);
    const client = createRedisClient({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: owner.prefix, role });
    client.on('error', () => undefined);
    t.teardown(() => client.disconnect());
    t.true(await redisReady(client, 5000));
    const engine = createEngine(client);
    const wallet = { userId: `u-${randomBytes(4).toString('hex')}`, gameId: 'g', currency: 'EUR' };
    await engine.fund(engine.newWallet(), 1); // loads the script: the lost reply is the top-up's own

    const lost = proxy.dropNextReplyContaining('987654321');
    const reply = engine.wallet.topup({ ...wallet, amount: '987654321', comment: 'lost reply' });
    await lost;
    const error = await t.throwsAsync(reply);
    t.true(error instanceof AppError, String(error));
    t.is((error as AppError).code, 'UNAVAILABLE');

    const check = createEngine(owner.redis);
    t.deepEqual(await check.wallet.balance(wallet.userId, wallet.gameId, 'EUR'), { availableBalance: '987654321', reservedBalance: '0' });
    t.is((await check.outbox(wallet)).length, 1);
  });
}

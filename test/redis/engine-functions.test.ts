import { once } from 'node:events';
import test from 'ava';
import { LIBRARY_VERSION } from '../../src/redis/engine-functions';
import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { startRedisServer } from '../helpers/redis-server';

// The wallet store calls its scripts as one Redis Functions library (src/redis/engine-functions.ts):
// a server without it (new, emptied, restarted without persistence) gets it on the first call, which
// then runs once; concurrent first calls wait for one load.

async function engineOn(t: import('ava').ExecutionContext) {
  const server = await startRedisServer();
  t.teardown(() => server.stop());
  const redis = createRedisClient({ url: server.url, role: 'grpc' });
  t.teardown(() => redis.disconnect());
  await once(redis, 'ready'); // the gRPC role's client has no offline queue
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  const libraries = async () => ((await redis.call('FUNCTION', 'LIST')) as unknown[][]).map((library) => String(library[1]));
  const loads = async () => Number(/cmdstat_function\|load:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0);
  return { redis, wallet, libraries, loads };
}

test('concurrent first calls on a server without the library load it once, and each call runs once', async (t) => {
  const { wallet, libraries, loads } = await engineOn(t);
  t.deepEqual(await libraries(), []);
  const replies = await Promise.all(Array.from({ length: 200 }, (_, i) =>
    wallet.topup({ userId: `u${i % 20}`, gameId: 'game', currency: 'EUR', amount: '5', comment: '', idempotencyKey: `k${i}` })));
  t.is(replies.length, 200);
  t.deepEqual(await libraries(), [`reservation_${LIBRARY_VERSION}`]);
  t.is(await loads(), 1, 'one FUNCTION LOAD for 200 calls');
  for (let u = 0; u < 20; u++) t.is((await wallet.balance(`u${u}`, 'game', 'EUR')).availableBalance, '50', `u${u}: ten top-ups of 5, each once`);
});

test('a server whose functions were flushed (as after a restart without persistence) gets the library back on the next call', async (t) => {
  const { redis, wallet, libraries } = await engineOn(t);
  await wallet.topup({ userId: 'u', gameId: 'game', currency: 'EUR', amount: '100', comment: '' });
  await redis.call('FUNCTION', 'FLUSH');
  t.deepEqual(await libraries(), []);
  const reserved = await wallet.reserve({ requestId: 'r1', userId: 'u', gameId: 'game', roundId: 'round', amount: '30', currency: 'EUR' });
  t.like(reserved, { status: 'reserved', availableBalance: '70', reservedBalance: '30' });
  t.deepEqual(await libraries(), [`reservation_${LIBRARY_VERSION}`]);
  t.like(await wallet.reserve({ requestId: 'r1', userId: 'u', gameId: 'game', roundId: 'round', amount: '30', currency: 'EUR' }), { transactionId: reserved.transactionId, replayed: true });
});

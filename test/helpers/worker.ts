import { auditWalletMovesFromLedger } from '../../src/admin/balance/topup-audit';
import { createLogger } from '../../src/logging/logger';
import { createLimitSeeds, startLimitSeedSweeps } from '../../src/admin/wallet-controls/limit-seeds';
import { createRedisClient } from '../../src/redis/redis-client';
import { startWorkerRole } from '../../src/sync/worker-role';
import { createWalletStore } from '../../src/wallet/wallet-store';
import type { TestApi } from './api';

/**
 * The sync worker over the test API's Redis prefix and database (the API needs a QUEUE_PREFIX of its
 * own), with the worker role's sweeps of loss limits' first counts unless `sweeps` is false.
 */
export async function startTestWorker(api: TestApi, options: { sweeps?: boolean } = {}): Promise<{ stop(): Promise<void> }> {
  const workerRedis = createRedisClient({ url: api.config.redis.url, keyPrefix: api.config.redis.keyPrefix, role: 'worker' });
  const queueRedis = createRedisClient({ url: api.config.redis.url, role: 'queue' });
  const role = await startWorkerRole({
    config: api.config, db: api.database.db, redis: workerRedis, queueConnection: queueRedis, wallet: createWalletStore(workerRedis), logger: createLogger('silent'),
    alongside: auditWalletMovesFromLedger,
  });
  // As the worker role does beside the sync (serve.ts): first counts of loss limits finished by themselves.
  const seeds = options.sweeps === false ? null : startLimitSeedSweeps(createLimitSeeds({ store: api.workerStore(), wallet: api.engine.wallet }), createLogger('silent'), 100);
  return {
    async stop() {
      await seeds?.stop();
      await role.stop(1000);
      workerRedis.disconnect();
      queueRedis.disconnect();
    },
  };
}

/** A QUEUE_PREFIX no other test uses. */
export const uniqueQueuePrefix = () => `{t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}}`;

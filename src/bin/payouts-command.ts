import pino from 'pino';
import { createPeriodPayouts } from '../admin/leaderboards/period-payouts';
import type { Config } from '../config';
import { createKnex } from '../db/knex-factory';
import { createLogger } from '../logging/logger';
import { storeDurability } from '../redis/durable-ack';
import { readSyncStatus } from '../sync/sync-status';
import { createWalletService } from '../wallet/wallet-service';
import { createWalletStore } from '../wallet/wallet-store';
import { operatorAdminStore, operatorRedis } from './operator-redis';

/**
 * `payouts reconcile`: period payouts left unpaid longer than IDEMPOTENCY_TTL_S (every worker down for
 * that long, say) are settled from the ledger: marked paid with the top-up the ledger holds under the
 * row's key, or paid now when it holds none (period-payouts.ts, reconcileOverdue). Exit 1 when the
 * sync is behind (nothing done then).
 */
export async function payoutsReconcileCommand(config: Config): Promise<number> {
  const redis = operatorRedis(config);
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  const admin = operatorAdminStore(config, db);
  const durability = storeDurability(config.redis);
  const logger = createLogger(config.logLevel, { command: 'payouts reconcile' }, pino.destination(2));
  try {
    const wallet = createWalletService({ store: createWalletStore(redis, { durableAck: durability.ack }), idempotencyTtlS: config.engine.idempotencyTtlS });
    const payouts = createPeriodPayouts({ store: admin.store, wallet, logger, idempotencyTtlS: config.engine.idempotencyTtlS });
    const result = await payouts.reconcileOverdue(async () => (await readSyncStatus(redis, undefined, Date.now())).outboxEntries);
    console.log(`overdue payouts: ${result.marked} found in the ledger and marked paid, ${result.paid} paid now`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    durability.close();
    await admin.close();
    await redis.quit();
    await db.destroy();
  }
}

import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import type { RedisLike } from '../redis/script-registry';
import { createAdminCaches } from './cache/admin-caches';
import { changeSubscribers } from './change-subscribers';
import { createRankIndex } from './leaderboards/rank-index-store';
import { createUnitOfWork } from './unit-of-work';
import { createConfigVersions } from './variables/config-versions';

/**
 * The one way to write admin data: a unit of work whose commits reach every subscriber (the read
 * caches of every instance, config versions, rank indexes). The management API's services, the worker's
 * period payouts and the operator commands all take theirs from here, so no write path skips one.
 * `adminRedis`: ADMIN_REDIS_URL's Redis (the engine's when not given). close() ends the caches' subscription.
 */
export function createAdminStore(deps: { db: Knex; adminRedis: RedisLike; logger?: Logger; cacheClock?: () => number }) {
  const { db, adminRedis, logger, cacheClock } = deps;
  const caches = createAdminCaches(adminRedis, { logger, clock: cacheClock });
  const configVersions = createConfigVersions(adminRedis);
  const rankIndex = createRankIndex({ db, redis: adminRedis, logger });
  const store = createUnitOfWork(db, changeSubscribers({ caches, configVersions, rankIndex }));
  return { store, caches, configVersions, rankIndex, close: () => caches.close() };
}

export type AdminStore = ReturnType<typeof createAdminStore>;

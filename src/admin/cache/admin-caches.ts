import type { Logger } from '../../logging/logger';
import type { RedisLike } from '../../redis/script-registry';
import type { LeaderboardRow } from '../leaderboards/leaderboards-repository';
import type { UserRow } from '../users/users-repository';
import { createInvalidationBus } from './invalidation-bus';
import { createReadCache } from './read-cache';

/**
 * How long an entry may serve without news of a change: the bound on a change that reaches another
 * instance through no message (one published while its subscription was down). SPEC §2.2's role
 * changes and deactivations apply at once through the messages; this is the fallback.
 */
export const ADMIN_CACHE_TTL_MS = 1000;

/**
 * What the management API reads on nearly every request and rarely writes: the token's user, a
 * leaderboard, the modules connected to a game. Each service that writes one of them says so here
 * after its commit, and every HTTP instance drops the entry.
 */
export function createAdminCaches(redis: RedisLike, options: { logger?: Logger; clock?: () => number } = {}) {
  const bus = createInvalidationBus(redis, options.logger);
  const cacheOptions = { ttlMs: ADMIN_CACHE_TTL_MS, clock: options.clock };
  const users = bus.register(createReadCache<UserRow | undefined>('users', cacheOptions));
  const leaderboards = bus.register(createReadCache<LeaderboardRow | undefined>('leaderboards', cacheOptions));
  const gameModules = bus.register(createReadCache<ReadonlySet<string>>('game-modules', cacheOptions));

  return {
    user: (id: number, load: () => Promise<UserRow | undefined>) => users.get(id, load),
    userChanged: (id: number) => bus.invalidate(users, id),
    leaderboard: (id: number, load: () => Promise<LeaderboardRow | undefined>) => leaderboards.get(id, load),
    leaderboardChanged: (id: number) => bus.invalidate(leaderboards, id),
    modulesOf: (gameId: number, load: () => Promise<ReadonlySet<string>>) => gameModules.get(gameId, load),
    modulesChanged: (gameId: number) => bus.invalidate(gameModules, gameId),
    /** A deleted game takes its leaderboards along (by foreign key): every leaderboard entry goes. */
    async gameRemoved(gameId: number): Promise<void> {
      await Promise.all([bus.invalidate(gameModules, gameId), bus.invalidateAll(leaderboards)]);
    },
    ready: bus.ready,
    close: bus.close,
  };
}

export type AdminCaches = ReturnType<typeof createAdminCaches>;

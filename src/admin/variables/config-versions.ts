import type { RedisLike } from '../../redis/script-registry';

/**
 * One counter per game in Redis, bumped after every change that alters its config document (a
 * variable written, the variables module connected or disconnected, the game deleted). Every HTTP
 * instance compares it with the version of its cached document, so a change shows everywhere at once.
 */
export function createConfigVersions(redis: RedisLike) {
  const key = (gameId: number) => `cfgv:${gameId}`;
  return {
    /** The current version, or null when Redis cannot tell (then nothing is served from cache). */
    async current(gameId: number): Promise<string | null> {
      try {
        return (await redis.get(key(gameId))) ?? '0';
      } catch {
        return null;
      }
    },
    /**
     * Called after the change committed. Should Redis fail here, caches still expire (see the
     * variables service), so a missed bump delays a change by at most that long.
     */
    async bump(gameId: number): Promise<void> {
      await redis.incr(key(gameId)).catch(() => undefined);
    },
  };
}

export type ConfigVersions = ReturnType<typeof createConfigVersions>;

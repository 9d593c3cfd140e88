import { createHash } from 'node:crypto';
import type { RedisLike } from '../../redis/script-registry';
import { AppError } from '../../errors';
import { withRedisErrors } from '../../redis/redis-errors';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_S = 15 * 60;

/**
 * Counts failed logins per (email, client address) in Redis, shared by every HTTP instance: after
 * ten failures within 15 minutes further attempts get 429 with Retry-After until the window ends.
 */
export function createLoginLimiter(redis: RedisLike) {
  const key = (email: string, ip: string) =>
    `rl:login:${createHash('sha256').update(email.toLowerCase()).update('\0').update(ip).digest('base64url')}`;

  return {
    async assertAllowed(email: string, ip: string): Promise<void> {
      const k = key(email, ip);
      const [failures, ttlMs] = await withRedisErrors(() => Promise.all([redis.get(k), redis.pttl(k)]));
      if (Number(failures ?? 0) >= LOGIN_FAILURE_LIMIT) {
        const retryAfterS = Math.max(1, Math.ceil(ttlMs / 1000));
        throw new AppError('RATE_LIMITED', `too many failed logins; try again in ${retryAfterS} s`, { retryAfterS });
      }
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      const k = key(email, ip);
      await withRedisErrors(() => redis.multi().incr(k).expire(k, LOGIN_WINDOW_S, 'NX').exec());
    },
    async reset(email: string, ip: string): Promise<void> {
      await withRedisErrors(() => redis.del(key(email, ip)));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

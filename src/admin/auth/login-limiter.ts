import { createHash } from 'node:crypto';
import type { RedisLike } from '../../redis/script-registry';
import { AppError } from '../../errors';
import { translateRedisError, withRedisErrors } from '../../redis/redis-errors';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_S = 15 * 60;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url');

/**
 * Failed logins, counted in Redis (shared by every HTTP instance) per (canonical email, client address)
 * and per client address over all emails. Each attempt is counted atomically *before* the password is
 * checked, so N concurrent guesses get at most the remaining allowance; a successful login gives its
 * count back. Past a limit, attempts get 429 with Retry-After until the window (15 minutes from the
 * first counted failure) ends.
 */
export function createLoginLimiter(redis: RedisLike, options: { addressLimit: number }) {
  const emailKey = (email: string, address: string) => `rl:login:${digest(email, address)}`;
  const addressKey = (address: string) => `rl:login-address:${digest(address)}`;

  /** INCR, start the window on the first count, read what is left of it: one atomic MULTI. */
  async function count(key: string, limit: number): Promise<void> {
    const results = await withRedisErrors(() => redis.multi().incr(key).expire(key, LOGIN_WINDOW_S, 'NX').pttl(key).exec());
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw translateRedisError(failed?.[0] ?? new Error('the rate-limit transaction was aborted'));
    const attempts = Number(results[0]![1]);
    if (attempts > limit) {
      const retryAfterS = Math.max(1, Math.ceil(Number(results[2]![1]) / 1000));
      throw new AppError('RATE_LIMITED', `too many failed logins; try again in ${retryAfterS} s`, { retryAfterS });
    }
  }

  return {
    /** Counts this attempt as a failure; 429 when it passes a limit. Call before checking the password. */
    async attempt(email: string, address: string): Promise<void> {
      await count(addressKey(address), options.addressLimit);
      await count(emailKey(email, address), LOGIN_FAILURE_LIMIT);
    },
    /** The attempt was right: it was no failure, and the email's count starts over. */
    async succeeded(email: string, address: string): Promise<void> {
      await withRedisErrors(() => Promise.all([redis.del(emailKey(email, address)), redis.decr(addressKey(address))]));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

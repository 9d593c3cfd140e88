import { randomBytes } from 'node:crypto';
import { withRedisErrors } from '../../redis/redis-errors';
import type { RedisLike } from '../../redis/script-registry';

/** SPEC §2.12: a sign-in challenge lives 5 minutes and takes at most 5 wrong codes. */
export const CHALLENGE_TTL_S = 300;
export const CHALLENGE_WRONG_CODES = 5;

/** HINCRBY only on a challenge that still exists (an expired one must not come back without its TTL). */
const COUNT_WRONG = "if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end return redis.call('HINCRBY', KEYS[1], 'wrong', 1)";

export interface Challenge {
  readonly userId: number;
  readonly email: string;
  readonly address: string;
}

/**
 * The second step of a sign-in, between a right password and a right code: in Redis (every HTTP
 * instance sees it), named by 192 random bits, gone after 5 minutes, a right code or a fifth wrong one.
 */
export function createTwoFactorChallenges(redis: RedisLike) {
  const key = (id: string) => `2fa:challenge:${id}`;
  return {
    async open(challenge: Challenge): Promise<string> {
      const id = randomBytes(24).toString('base64url');
      await withRedisErrors(() => redis.multi()
        .hset(key(id), { user: challenge.userId, email: challenge.email, address: challenge.address, wrong: 0 })
        .expire(key(id), CHALLENGE_TTL_S).exec());
      return id;
    },
    async find(id: string): Promise<Challenge | null> {
      if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
      const fields = await withRedisErrors(() => redis.hgetall(key(id)));
      return fields.user ? { userId: Number(fields.user), email: fields.email ?? '', address: fields.address ?? '' } : null;
    },
    /** Counts a wrong code; true when that was the last one allowed, or the challenge is gone (it is gone then). */
    async wrongCode(id: string): Promise<boolean> {
      const wrong = Number(await withRedisErrors(() => redis.eval(COUNT_WRONG, 1, key(id))));
      if (wrong >= 0 && wrong < CHALLENGE_WRONG_CODES) return false;
      await withRedisErrors(() => redis.del(key(id)));
      return true;
    },
    async close(id: string): Promise<void> {
      await withRedisErrors(() => redis.del(key(id)));
    },
  };
}

export type TwoFactorChallenges = ReturnType<typeof createTwoFactorChallenges>;

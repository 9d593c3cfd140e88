import { randomBytes } from 'node:crypto';
import { withRedisErrors } from '../../redis/redis-errors';
import type { RedisLike } from '../../redis/script-registry';

/** SPEC §2.12: a sign-in challenge lives 5 minutes and takes at most 5 wrong codes. */
export const CHALLENGE_TTL_S = 300;
export const CHALLENGE_WRONG_CODES = 5;

/** HINCRBY only on a challenge that still exists (an expired one must not come back without its TTL). */
const COUNT_TRY = "if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end return redis.call('HINCRBY', KEYS[1], 'tries', 1)";

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
        .hset(key(id), { user: challenge.userId, email: challenge.email, address: challenge.address, tries: 0 })
        .expire(key(id), CHALLENGE_TTL_S).exec());
      return id;
    },
    async find(id: string): Promise<Challenge | null> {
      if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
      const fields = await withRedisErrors(() => redis.hgetall(key(id)));
      return fields.user ? { userId: Number(fields.user), email: fields.email ?? '', address: fields.address ?? '' } : null;
    },
    /**
     * Takes the challenge's next try, before its code is checked: its number (1 for the first), or
     * null when the challenge is gone or has had its CHALLENGE_WRONG_CODES tries (a right code closes
     * it, so every earlier try was wrong). Codes sent at once each get their own number: the sixth
     * code of a challenge is never checked, however they race.
     */
    async takeTry(id: string): Promise<number | null> {
      const tries = Number(await withRedisErrors(() => redis.eval(COUNT_TRY, 1, key(id))));
      return tries >= 1 && tries <= CHALLENGE_WRONG_CODES ? tries : null;
    },
    /** Ends the challenge; true for the one caller whose call ended it (the first right code wins). */
    async close(id: string): Promise<boolean> {
      return (await withRedisErrors(() => redis.del(key(id)))) === 1;
    },
  };
}

export type TwoFactorChallenges = ReturnType<typeof createTwoFactorChallenges>;

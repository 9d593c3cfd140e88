import { randomBytes } from 'node:crypto';
import { withRedisErrors } from '../../redis/redis-errors';
import type { RedisLike } from '../../redis/script-registry';

/** How long a session lives (SPEC: the queue dashboard signs an admin in for 15 minutes). */
export const SESSION_TTL_S = 15 * 60;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const key = (sessionId: string) => `qsess:${sessionId}`;

/**
 * The queue dashboard's sessions, kept on the server (Redis, so every HTTP instance sees the same): a
 * cookie holds a random id of 256 bits; the session lives `ttlS` and ends at once on sign-out,
 * wherever the cookie may still be.
 */
export function createDashboardSessions(redis: RedisLike, ttlS = SESSION_TTL_S) {
  return {
    ttlS,
    async start(userId: number): Promise<string> {
      const sessionId = randomBytes(32).toString('base64url');
      await withRedisErrors(() => redis.set(key(sessionId), String(userId), 'EX', ttlS));
      return sessionId;
    },
    /** The session's user id, or null when it is unknown, ended or expired. */
    async userOf(sessionId: string): Promise<number | null> {
      if (!SESSION_ID.test(sessionId)) return null;
      const userId = await withRedisErrors(() => redis.get(key(sessionId)));
      return userId === null ? null : Number(userId);
    },
    async end(sessionId: string): Promise<void> {
      if (SESSION_ID.test(sessionId)) await withRedisErrors(() => redis.del(key(sessionId)));
    },
  };
}

export type DashboardSessions = ReturnType<typeof createDashboardSessions>;

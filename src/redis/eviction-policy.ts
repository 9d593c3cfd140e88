import { Cluster } from 'ioredis';
import { StartupRefused } from '../lifecycle/startup-refused';
import { redisReady } from './redis-ready';
import type { RedisLike } from './script-registry';

/**
 * SPEC §1.6: every role checks that Redis' `maxmemory-policy` is `noeviction` (on every master of a
 * cluster) and refuses to start otherwise. Where CONFIG is not permitted (a managed Redis) it warns.
 * Waits up to `readyTimeoutMs` for the connection; a Redis that does not answer by then is the role's
 * own concern (the gRPC role serves NOT_SERVING until it comes), so it only warns.
 */
export async function assertNoEviction(redis: RedisLike, warn: (message: string) => void, readyTimeoutMs = 5000): Promise<void> {
  if (!(await redisReady(redis, readyTimeoutMs))) {
    warn('could not check Redis maxmemory-policy: Redis does not answer yet');
    return;
  }
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let policy: string | undefined;
    try {
      policy = ((await node.config('GET', 'maxmemory-policy')) as string[])[1];
    } catch (error) {
      warn(`could not check Redis maxmemory-policy (CONFIG GET refused: ${(error as Error).message}); it must be noeviction`);
      continue;
    }
    if (policy !== undefined && policy !== 'noeviction') {
      throw new StartupRefused(
        `Redis maxmemory-policy is "${policy}" at ${node.options.host}:${node.options.port}: set it to noeviction ` +
          '(an evicting Redis silently drops balances and idempotency records)',
      );
    }
  }
}

import { Cluster } from 'ioredis';
import type { RedisDurability } from '../config';
import { StartupRefused } from '../lifecycle/startup-refused';
import type { RedisLike } from './script-registry';

/**
 * SPEC §1.10: with REDIS_DURABILITY=replicated a role refuses to start against a store without
 * WAITAOF (Redis or Valkey before 7.2), or whose primary keeps no AOF (WAITAOF's local count would
 * never be met), on every master of a cluster. `local` asks nothing more than before.
 */
export async function assertDurabilitySupported(redis: RedisLike, durability: RedisDurability): Promise<void> {
  if (durability.mode !== 'replicated') return;
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    const where = `${node.options.host ?? 'the primary'}:${node.options.port ?? ''}`;
    const [info] = (await node.call('COMMAND', 'INFO', 'WAITAOF')) as unknown[];
    if (!info) {
      throw new StartupRefused(
        `REDIS_DURABILITY=replicated needs WAITAOF (Redis or Valkey 7.2 or newer), which the store at ${where} does not have: ` +
          'upgrade it or set REDIS_DURABILITY=local',
      );
    }
    const appendOnly = await node.config('GET', 'appendonly').then((reply) => (reply as string[])[1], () => undefined);
    if (appendOnly === 'no') {
      throw new StartupRefused(`REDIS_DURABILITY=replicated needs the AOF on (appendonly yes) at ${where}`);
    }
  }
}

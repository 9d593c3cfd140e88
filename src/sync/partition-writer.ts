import type { ChainableCommander } from 'ioredis';
import type { RedisLike } from '../redis/script-registry';

/** Commands per pipeline while writing. */
const FLUSH_EVERY = 500;

/** Pipelines per partition (every key of one shares its slot), sent every FLUSH_EVERY commands. */
export function createPartitionWriter(redis: RedisLike) {
  const pending = new Map<number, Array<(pipeline: ChainableCommander) => void>>();
  const flush = async (partition: number) => {
    const commands = pending.get(partition) ?? [];
    pending.delete(partition);
    if (commands.length === 0) return;
    const pipeline = redis.pipeline();
    for (const command of commands) command(pipeline);
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  };
  return {
    add(partition: number, command: (pipeline: ChainableCommander) => void): Promise<void> | void {
      const commands = pending.get(partition) ?? [];
      commands.push(command);
      pending.set(partition, commands);
      if (commands.length >= FLUSH_EVERY) return flush(partition);
    },
    async flushAll(): Promise<void> {
      for (const partition of [...pending.keys()]) await flush(partition);
    },
  };
}

export type PartitionWriter = ReturnType<typeof createPartitionWriter>;

import type { Config } from '../config';
import { createKnex } from '../db/knex-factory';
import { createRoleRedis } from '../redis/redis-client';
import { operatorRedis } from './operator-redis';
import { reconcile } from '../sync/reconcile';
import { createSyncQueue } from '../sync/sync-queue';
import { readSyncStatus } from '../sync/sync-status';

/** `reconcile`: every Redis wallet against the sum of MySQL's ledger; exit code 1 on any mismatch. */
export async function reconcileCommand(config: Config): Promise<number> {
  const redis = operatorRedis(config);
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  try {
    const backlog = (await readSyncStatus(redis, undefined, Date.now())).outboxEntries;
    const { wallets, mismatches } = await reconcile(redis, config.redis.keyPrefix, db);
    for (const m of mismatches) {
      console.log(`MISMATCH ${m.wallet}: redis ${JSON.stringify(m.redis)} mysql ${JSON.stringify(m.mysql)}`);
    }
    console.log(`${wallets} wallets compared, ${mismatches.length} mismatches, ${backlog} outbox entries not yet in MySQL`);
    if (backlog > 0 && mismatches.length > 0) console.log('(mismatches are expected until the outbox has drained)');
    return mismatches.length > 0 ? 1 : 0;
  } finally {
    redis.disconnect();
    await db.destroy();
  }
}

/** `sync status`: outbox length, pending entries and age of the oldest entry per partition; queue counts. */
export async function syncStatusCommand(config: Config): Promise<void> {
  const redis = operatorRedis(config);
  const queueConnection = createRoleRedis({ ...config.redis, keyPrefix: '', role: 'queue' });
  const queue = createSyncQueue(queueConnection, config.queue.prefix);
  try {
    const status = await readSyncStatus(redis, queue, Date.now());
    console.log('partition  length  pending  oldest_age_ms');
    for (const s of status.partitions.filter((partition) => partition.length > 0)) {
      console.log(`${String(s.partition).padStart(9)}  ${String(s.length).padStart(6)}  ${String(s.pending).padStart(7)}  ${String(s.oldestAgeMs ?? '-').padStart(13)}`);
    }
    console.log(`outbox: ${status.outboxEntries} entries in ${status.partitionsWithEntries} partitions, oldest ${status.oldestAgeMs} ms`);
    console.log(`queue: ${JSON.stringify(status.queue)}`);
  } finally {
    await queue.close();
    redis.disconnect();
    queueConnection.disconnect();
  }
}

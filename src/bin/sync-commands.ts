import type { Config } from '../config';
import { createKnex } from '../db/knex-factory';
import { createRoleRedis } from '../redis/redis-client';
import { operatorRedis } from './operator-redis';
import { reconcile } from '../sync/reconcile';
import { checkRollups } from '../reports/report-check';
import { checkPrintedTotals } from '../admin/reports/printed-totals-reads';
import { rebuildRollups, RebuildTakenOver } from '../reports/report-rebuild';
import { createSyncQueue } from '../sync/sync-queue';
import { readSyncStatus } from '../sync/sync-status';

/** `reconcile`: every Redis wallet against the sum of MySQL's ledger; exit code 1 on any mismatch. */
export async function reconcileCommand(config: Config): Promise<number> {
  const redis = operatorRedis(config);
  // Three at once: the rollup check's two snapshots and the lock that lines them up (report-check.ts).
  const db = createKnex(config.mysql.url, { min: 0, max: 3 });
  try {
    const backlog = (await readSyncStatus(redis, undefined, Date.now())).outboxEntries;
    const { wallets, mismatches } = await reconcile(redis, config.redis.keyPrefix, db);
    for (const m of mismatches) {
      console.log(`MISMATCH ${m.wallet}: redis ${JSON.stringify(m.redis)} mysql ${JSON.stringify(m.mysql)}`);
    }
    console.log(`${wallets} wallets compared, ${mismatches.length} mismatches, ${backlog} outbox entries not yet in MySQL`);
    if (backlog > 0 && mismatches.length > 0) console.log('(mismatches are expected until the outbox has drained)');
    const rollups = await checkRollups(db);
    for (const m of rollups.mismatches) {
      console.log(`ROLLUP MISMATCH game ${JSON.stringify(m.gameId)} ${m.currency} ${m.unit} from ${m.start}: ${Object.entries(m.figures).map(([figure, [ledger, rollup]]) => `${figure} ledger ${ledger} rollups ${rollup}`).join(', ')}`);
    }
    if (!rollups.checked) console.log('report rollups not checked: `reports rebuild` is under way (run it again to finish it)');
    else console.log(`${rollups.rows} report rollup rows compared with the ledger, ${rollups.mismatchCount} differ${rollups.mismatchCount > 0 ? ' (`npm run cli -- reports rebuild` recomputes them)' : ''}`);
    // What the API prints is checked with the rollups: not while a rebuild has emptied days it reads.
    const printed = rollups.checked ? await checkPrintedTotals(db) : null;
    for (const m of printed?.mismatches ?? []) {
      console.log(`REPORT MISMATCH game ${JSON.stringify(m.gameId)} ${m.currency} ${m.figure}: ledger ${m.ledger} reports print ${m.printed}`);
    }
    if (printed?.checked) console.log(`${printed.compared} games' report totals, as the API prints them, compared with the ledger, ${printed.mismatchCount} differ`);
    return mismatches.length > 0 || rollups.mismatchCount > 0 || (printed?.mismatchCount ?? 0) > 0 ? 1 : 0;
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

/** `reports rebuild [--from DATE]`: the rollups recomputed from the ledger, with progress (SPEC §2.13). */
export async function reportsRebuildCommand(config: Config, from: string | undefined, fromMs: number | undefined): Promise<void> {
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  const started = Date.now();
  try {
    const done = await rebuildRollups(db, {
      fromMs,
      onProgress: (progress) => {
        const total = Math.max(progress.lastId, 1);
        const at = Math.min(progress.nextId - 1, total);
        if (progress.nextId === 1) console.log(`${progress.resumed ? 'resuming' : 'rebuilding'} report rollups${from ? ` from the UTC day of ${from}` : ''}: ledger ids 1 to ${progress.lastId}`);
        else console.log(`  ${at} of ${progress.lastId} ledger ids (${Math.floor((at / total) * 100)}%)`);
      },
    });
    console.log(`report rollups rebuilt up to ledger id ${done.lastId} in ${((Date.now() - started) / 1000).toFixed(1)} s; later moves are the sync's`);
  } catch (error) {
    if (!(error instanceof RebuildTakenOver)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

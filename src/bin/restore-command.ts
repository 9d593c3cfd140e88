import type { Config } from '../config';
import { createKnex } from '../db/knex-factory';
import { restoreFromLedger, RestoreRefused } from '../sync/restore';
import { operatorRedis } from './operator-redis';

/**
 * `restore [--force]`: rebuilds the engine's Redis state from MySQL's ledger (SPEC §1.10; runbook in
 * docs/operations.md). Exit 1 when refused (Redis holds engine data and --force was not given).
 */
export async function restoreCommand(config: Config, force: boolean): Promise<number> {
  const redis = operatorRedis(config);
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  try {
    const report = await restoreFromLedger(redis, db, {
      idempotencyTtlS: config.engine.idempotencyTtlS,
      reservationsExpire: config.engine.reservationTimeoutS > 0,
      force,
      log: (line) => console.log(line),
    });
    if (report.deletedKeys > 0) console.log(`deleted ${report.deletedKeys} engine keys first (--force)`);
    console.log(
      `restored ${report.wallets} wallets, ${report.openReservations} open reservations, ${report.recentSettled} settled transactions ` +
        `and ${report.topupRecords} top-up idempotency records inside IDEMPOTENCY_TTL_S, from ${report.ledgerRows} ledger rows and ` +
        `${report.transactionRows} transaction rows in ${report.seconds.toFixed(1)} s ` +
        `(${Math.round((report.ledgerRows + report.transactionRows) / Math.max(report.seconds, 0.001))} rows/s); run reconcile to check`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    redis.disconnect();
    await db.destroy();
  }
}

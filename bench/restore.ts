/**
 * `restore` from outside (SPEC §1.10): a ledger of `--ledger-rows` rows (default 1,000,000) with
 * `--open` reservations still open (default 100,000), written straight into a database of the bench's
 * own, then `restore` into a store of its own; prints rows per second from MySQL and the store's memory.
 *
 *   npm run bench:restore -- [--ledger-rows 1000000] [--open 100000]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { freePort } from '../src/local-services/process-tools';
import { createRedisClient } from '../src/redis/redis-client';
import { restoreFromLedger } from '../src/sync/restore';
import { createBenchDatabase } from './lib/bench-database';
import { startRedis } from './lib/processes';

const { values } = parseArgs({ options: { 'ledger-rows': { type: 'string', default: '1000000' }, open: { type: 'string', default: '100000' } } });
const ledgerRows = Number(values['ledger-rows']);
const openCount = Number(values.open);

/** SQL for a valid transaction_id of this engine from a number: `<pp>.<ref 22>.EUR-<derived 16>-<nonce 11>`. */
const TX_ID = (n: string) =>
  `CONCAT(LPAD(LOWER(HEX(${n} % 64)), 2, '0'), '.', LPAD(${n} % 100000, 22, 'r'), '.EUR-', LPAD(${n}, 16, 'd'), '-', LPAD(${n}, 11, 'n'))`;

async function main() {
  const config = loadConfig(process.env);
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_restore', 4);
  const store = await startRedis(await freePort(), 'always');
  const redis = createRedisClient({ url: store.url, role: 'cli' });
  try {
    // One top-up per wallet, `open` open reservations, and settled ones (reserve + confirm) for the rest.
    const wallets = Math.min(100_000, Math.max(1, Math.floor(ledgerRows / 10)));
    const settled = Math.max(0, Math.floor((ledgerRows - wallets - openCount) / 2));
    const transactions = openCount + settled;
    const now = Date.now();
    const started = Date.now();
    const db = bench.db;
    await db.raw(`INSERT INTO ledger_entries (event_id, stream_ms, stream_seq, kind, user_id, game_id, currency, amount, win_amount, available_balance, reserved_balance, topup_id, comment, created_at)
      SELECT CONCAT(LPAD(LOWER(HEX(seq % 64)), 2, '0'), '-', ?, '-', seq), ?, seq, 'topup', CONCAT('u', seq % ${wallets}), 'g', 'EUR', 1000000, 0, 1000000, 0, seq * 64 + seq % 64, 'bench', NOW(3)
      FROM seq_0_to_${wallets - 1}`, [now - 3_600_000, now - 3_600_000]);
    await db.raw(`INSERT INTO transactions (transaction_id, user_id, game_id, currency, round_id, amount, win_amount, status, reserve_request_id, created_at, settled_at)
      SELECT ${TX_ID('seq')}, CONCAT('u', seq % ${wallets}), 'g', 'EUR', 'round', 10, IF(seq < ${openCount}, 0, 5),
        IF(seq < ${openCount}, 'reserved', 'confirmed'), CONCAT('req-', seq), NOW(3), IF(seq < ${openCount}, NULL, NOW(3))
      FROM seq_0_to_${transactions - 1}`);
    await db.raw(`INSERT INTO ledger_entries (event_id, stream_ms, stream_seq, kind, user_id, game_id, currency, amount, win_amount, available_balance, reserved_balance, transaction_id, round_id, request_id, created_at)
      SELECT CONCAT(LPAD(LOWER(HEX(seq % 64)), 2, '0'), '-', ?, '-', seq), ?, seq, 'reserve', CONCAT('u', seq % ${wallets}), 'g', 'EUR', 10, 0, 999990, 10, ${TX_ID('seq')}, 'round', CONCAT('req-', seq), NOW(3)
      FROM seq_0_to_${transactions - 1}`, [now - 1_800_000, now - 1_800_000]);
    if (settled > 0) {
      await db.raw(`INSERT INTO ledger_entries (event_id, stream_ms, stream_seq, kind, user_id, game_id, currency, amount, win_amount, available_balance, reserved_balance, transaction_id, round_id, request_id, request_round_id, created_at)
        SELECT CONCAT(LPAD(LOWER(HEX(seq % 64)), 2, '0'), '-', ?, '-', seq), ?, seq, 'confirm', CONCAT('u', seq % ${wallets}), 'g', 'EUR', 10, 5, 999995, 0, ${TX_ID('seq')}, 'round', CONCAT('win-', seq), '', NOW(3)
        FROM seq_${openCount}_to_${transactions - 1}`, [now - 900_000, now - 900_000]);
    }
    const [[{ n }]] = (await db.raw('SELECT COUNT(*) AS n FROM ledger_entries')) as [[{ n: number }]];
    console.log(`wrote ${n} ledger rows and ${transactions} transactions (${openCount} open) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const report = await restoreFromLedger(redis, db, { idempotencyTtlS: 86_400, reservationsExpire: false, force: false, log: (line) => console.log(`  ${line}`) });
    const memory = /used_memory:(\d+)/.exec(await redis.info('memory'))?.[1];
    const rows = report.ledgerRows + report.transactionRows;
    console.log(`restore: ${report.wallets} wallets, ${report.openReservations} open reservations, ${report.recentSettled} settled records in the idempotency window`);
    console.log(`restore: ${rows} rows from MySQL in ${report.seconds.toFixed(1)} s = ${Math.round(rows / report.seconds)} rows/s (${Math.round(report.ledgerRows / report.seconds)} ledger rows/s of the whole run); store memory ${Math.round(Number(memory) / 1048576)} MiB`);
  } finally {
    redis.disconnect();
    await store.stop();
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

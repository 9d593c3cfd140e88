/**
 * What a wallet's history costs on a wallet with many moves (SPEC §1.11, issue 38): one user-game of
 * `--moves` ledger rows in two currencies (the rows doubled in SQL from a seed row, in their own
 * database), then the reads the management API makes, each timed over `--repeats`: the balances at
 * an instant (early, middle, late), a page of the newest moves, the next page by `after_id`, and a
 * filtered page. It prints each read's median and worst milliseconds.
 *
 *   npm run bench:history -- [--moves 1000000] [--repeats 20]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { findLedgerPosition, lastMovesAt, listUserGameLedger } from '../src/records/ledger-reads';
import { LEDGER_TABLE } from '../src/records/ledger-tables';
import { createBenchDatabase } from './lib/bench-database';
import { percentiles } from './lib/flows';
import { fmt, table } from './lib/report';

const { values } = parseArgs({ options: { moves: { type: 'string', default: '1000000' }, repeats: { type: 'string', default: '20' } } });
const moves = Number(values.moves);
const repeats = Number(values.repeats);
const START_MS = Date.UTC(2026, 0, 1);

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_history');
  try {
    const db = bench.db;
    const seed = { event_id: 'seed', stream_ms: START_MS, stream_seq: 0, kind: 'topup', user_id: 'u', game_id: 'g', currency: 'EUR', amount: 1, win_amount: 0, available_balance: 1, reserved_balance: 0, created_at: new Date(START_MS) };
    await db(LEDGER_TABLE).insert(seed);
    // Doubling: each pass copies every row a pass later in time (a millisecond per row), the other
    // currency on odd passes, so times and outbox order stay unique and increasing.
    const started = Date.now();
    for (let rows = 1, pass = 1; rows < moves; rows *= 2, pass += 1) {
      await db.raw(
        `INSERT INTO ?? (event_id, stream_ms, stream_seq, kind, user_id, game_id, currency, amount, win_amount, available_balance, reserved_balance, created_at)
         SELECT CONCAT('e', stream_ms + ?), stream_ms + ?, stream_seq, kind, user_id, game_id, IF(? % 2 = 1, 'USD', currency), amount, win_amount, available_balance + ?, reserved_balance, created_at + INTERVAL ? * 1000 MICROSECOND
         FROM ?? LIMIT ?`,
        [LEDGER_TABLE, rows, rows, pass, rows, rows, LEDGER_TABLE, Math.min(rows, moves - rows)],
      );
    }
    const total = Number(((await db(LEDGER_TABLE).count({ n: '*' }))[0] as { n: number }).n);
    await db.raw('ANALYZE TABLE ??', [LEDGER_TABLE]);
    console.log(`${total} moves of one wallet in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const timed = async (read: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < repeats; i += 1) {
        const t0 = process.hrtime.bigint();
        await read();
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      const { p50, max } = percentiles(ms);
      return [fmt(p50, 2), fmt(max, 2)];
    };
    const at = (fraction: number) => new Date(START_MS + Math.floor(total * fraction));
    const newest = await listUserGameLedger(db, 'u', 'g', {}, { limit: 100, offset: 0 });
    const after = await findLedgerPosition(db, 'u', 'g', newest.at(-1)!.id);
    const rows = [
      ['balances at an early instant', ...(await timed(() => lastMovesAt(db, 'u', 'g', at(0.01))))],
      ['balances at the middle', ...(await timed(() => lastMovesAt(db, 'u', 'g', at(0.5))))],
      ['balances at the end', ...(await timed(() => lastMovesAt(db, 'u', 'g', at(2))))],
      ['newest 100 moves', ...(await timed(() => listUserGameLedger(db, 'u', 'g', {}, { limit: 100, offset: 0 })))],
      ['next 100 by after_id', ...(await timed(() => listUserGameLedger(db, 'u', 'g', { after }, { limit: 100, offset: 0 })))],
      ['newest 100 top-ups since the middle', ...(await timed(() => listUserGameLedger(db, 'u', 'g', { kind: 'topup', since: at(0.5) }, { limit: 100, offset: 0 })))],
    ];
    console.log(table(['read', 'median ms', 'worst ms'], rows));
  } finally {
    await bench.drop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

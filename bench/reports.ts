/**
 * SPEC §2.13's reports (issue 52's goals):
 *
 * 1. the sync's drain with rollups against without, in this run: one worker drains the same engine
 *    mix over `--drain-games` games, rollups on and off in the order on, off, off, on (goal ≥ 0.9);
 * 2. a ledger of `--moves` moves (default 10,000,000) over `--games` games and `--days` days, written
 *    in SQL, summed into the rollups by `reports rebuild` (timed), and the rollups' bytes per
 *    game-day;
 * 3. over HTTP (the HTTP role as its own process, one request at a time): a game's daily report over
 *    a year and the summary of every game over 90 days, each `--repeats` times in time zones that
 *    turn (UTC, Europe/Berlin, Asia/Kolkata, America/St_Johns): p50, p99, max (goal p99 ≤ 50 ms).
 *
 *   npm run bench:reports -- [--moves 10000000] [--games 100] [--players 200] [--days 365]
 *                            [--rounds-per-session 30] [--repeats 200] [--drain-moves 60000] [--skip-drain | --drain-only]
 *
 * The generated ledger has its primary key but not the history indexes (the reports read only the
 * rollups; the rebuild reads the ledger by id), so that writing ten million rows takes minutes.
 * Uses the configured Redis and MySQL server, in a database and key prefix of its own, removed after.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { LEDGER_TABLE } from '../src/records/ledger-tables';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE } from '../src/records/report-tables';
import { rebuildRollups } from '../src/reports/report-rebuild';
import { createBenchDatabase } from './lib/bench-database';
import { drainOnce, type DrainResult } from './lib/drain-run';
import { percentiles } from './lib/flows';
import { startBenchHttp, type BenchHttp } from './lib/bench-http';
import { fmt, table } from './lib/report';

const { values } = parseArgs({
  options: {
    moves: { type: 'string', default: '10000000' },
    games: { type: 'string', default: '100' },
    players: { type: 'string', default: '200' },
    days: { type: 'string', default: '365' },
    repeats: { type: 'string', default: '200' },
    'drain-moves': { type: 'string', default: '60000' },
    'drain-games': { type: 'string', default: '100' },
    'skip-drain': { type: 'boolean', default: false },
    'drain-only': { type: 'boolean', default: false },
    'rounds-per-session': { type: 'string', default: '30' },
  },
});
const MOVES = Number(values.moves);
const GAMES = Number(values.games);
const PLAYERS = Number(values.players);
const DAYS = Number(values.days);
const ROUNDS = Number(values['rounds-per-session']);
const START_MS = Date.UTC(2025, 11, 1);
const DAY_MS = 86_400_000;
const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns'];

async function drainRatio(): Promise<void> {
  const runs: Array<{ rollups: boolean; result: DrainResult }> = [];
  for (const rollups of [true, false, false, true]) {
    const result = await drainOnce({ moves: Number(values['drain-moves']), concurrency: 4, batch: 500, games: Number(values['drain-games']), rollups });
    runs.push({ rollups, result });
    console.log(`  drain ${rollups ? 'with' : 'without'} rollups: ${result.rows} rows in ${result.seconds.toFixed(2)} s, ${Math.round(result.rows / result.seconds)} rows/s, worker CPU ${(result.cpuUserUs + result.cpuSystemUs).toFixed(1)} µs/row`);
  }
  const rate = (rollups: boolean) => {
    const mine = runs.filter((run) => run.rollups === rollups).map((run) => run.result);
    return mine.reduce((sum, r) => sum + r.rows, 0) / mine.reduce((sum, r) => sum + r.seconds, 0);
  };
  const ratio = rate(true) / rate(false);
  console.log(`drain with rollups / without: ${rate(true).toFixed(0)} / ${rate(false).toFixed(0)} rows/s = ${ratio.toFixed(3)} (goal ≥ 0.9: ${ratio >= 0.9 ? 'met' : 'NOT met'})`);
}

/**
 * The ledger in SQL, a million rows a statement: moves in pairs (a reserve, then its settlement 5 s
 * later: confirmed, cancelled 1 in 20, expired 1 in 97); the pairs in sessions of
 * `--rounds-per-session` rounds 20 s apart, of one player of one game, the sessions spread evenly over
 * the days and the games by turn; every 50th pair two top-ups (one a period reward). Every fourth
 * game also plays in JPY (a third of its rounds).
 */
async function writeLedger(db: import('knex').Knex): Promise<void> {
  await db.raw(`ALTER TABLE ${LEDGER_TABLE} DROP INDEX ledger_wallet_newest, DROP INDEX ledger_transaction, DROP INDEX ledger_wallet_currency_time,
    DROP INDEX ledger_wallet_kind, DROP INDEX ledger_wallet_round, DROP INDEX ledger_wallet_time`);
  const sessions = Math.ceil(MOVES / 2 / ROUNDS);
  const spacing = (DAYS * DAY_MS) / sessions;
  const chunk = 1_000_000;
  for (let first = 0; first < MOVES; first += chunk) {
    const last = Math.min(first + chunk, MOVES) - 1;
    const started = performance.now();
    await db.raw(`INSERT INTO ${LEDGER_TABLE} (seq, event_id, stream_ms, stream_seq, stream_sub, kind, user_id, game_id, currency, amount, win_amount,
        available_balance, reserved_balance, transaction_id, round_id, request_id, topup_id, created_at)
      SELECT i + 1, CONCAT('b', i), at_ms, i, 0, kind, CONCAT('u', g, '-', (session * 7919 + 13) MOD ${PLAYERS}), g,
        IF(g MOD 4 = 1 AND p MOD 3 = 0, 'JPY', 'EUR'), 10 + (p * 31) MOD 990,
        IF(kind = 'confirm', (p * 17) MOD (2 * (10 + (p * 31) MOD 990)), 0), 0, 0,
        IF(kind = 'topup', NULL, CONCAT('t', p)), NULL, IF(kind = 'topup' AND half = 1, CONCAT('lb-payout-', p), NULL), IF(kind = 'topup', i, NULL),
        TIMESTAMPADD(MICROSECOND, at_ms * 1000, '1970-01-01 00:00:00')
      FROM (SELECT i, p, half, session, 1 + session MOD ${GAMES} AS g, ${START_MS} + FLOOR(session * ${spacing}) + (p MOD ${ROUNDS}) * 20000 + half * 5000 AS at_ms,
              CASE WHEN p MOD 50 = 0 THEN 'topup' WHEN half = 0 THEN 'reserve' WHEN p MOD 20 = 1 THEN 'cancel' WHEN p MOD 97 = 3 THEN 'expire' ELSE 'confirm' END AS kind
            FROM (SELECT seq AS i, seq DIV 2 AS p, seq MOD 2 AS half, seq DIV (2 * ${ROUNDS}) AS session FROM seq_${first}_to_${last}) AS s) AS m`);
    process.stdout.write(`  ledger rows ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

async function timedGets(base: string, token: string, paths: readonly string[], repeats: number): Promise<{ p50: number; p99: number; max: number; bytes: number }> {
  const ms: number[] = [];
  let bytes = 0;
  // One unmeasured pass over the distinct requests first: the server's first report in a zone loads
  // that zone's data and compiles the code (20–30 ms once), as any server has done after its first hour.
  for (let i = 0; i < paths.length + repeats; i += 1) {
    const t0 = performance.now();
    const reply = await fetch(`${base}${paths[i % paths.length]}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await reply.text();
    if (reply.status !== 200) throw new Error(`${paths[i % paths.length]}: ${reply.status} ${body.slice(0, 300)}`);
    if (i >= paths.length) ms.push(performance.now() - t0);
    bytes = body.length;
  }
  return { ...percentiles(ms), bytes };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!values['skip-drain']) {
    console.log(`1. the sync's drain, ${values['drain-moves']} moves over ${values['drain-games']} games, with and without rollups (on, off, off, on):`);
    await drainRatio();
  }
  if (values['drain-only']) return;
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_reports');
  const { db } = bench;
  let http: BenchHttp | null = null;
  try {
    await db('games').insert(Array.from({ length: GAMES }, (_, i) => ({ id: i + 1, name: `Bench game ${i + 1}`, slug: `bench-${i + 1}`, description: '' })));
    const adminId = (await db('users').insert({ email: 'bench-admin@example.com', username: 'bench_admin', password_hash: 'x', role: 'admin' }))[0]!;
    console.log(`2. a ledger of ${MOVES.toLocaleString('en-US')} moves over ${GAMES} games, ${PLAYERS} players each, ${DAYS} days, sessions of ${ROUNDS} rounds:`);
    let started = performance.now();
    await writeLedger(db);
    console.log(`  written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    started = performance.now();
    let lastPrint = 0;
    await rebuildRollups(db, {
      onProgress: (progress) => {
        if (performance.now() - lastPrint < 30_000) return;
        lastPrint = performance.now();
        console.log(`  rebuilding: ${(progress.nextId - 1).toLocaleString('en-US')} of ${progress.lastId.toLocaleString('en-US')} ledger ids`);
      },
    });
    const rebuildS = (performance.now() - started) / 1000;
    console.log(`  reports rebuild: ${MOVES.toLocaleString('en-US')} moves in ${rebuildS.toFixed(0)} s (${Math.round(MOVES / rebuildS).toLocaleString('en-US')} moves/s)`);
    await db.raw(`ANALYZE TABLE ${REPORT_ROLLUPS_TABLE}, ${REPORT_PLAYERS_TABLE}`);
    const sizes = (await db.raw(`SELECT table_name AS name, table_rows AS estimated_rows, data_length + index_length AS bytes FROM information_schema.tables
      WHERE table_schema = DATABASE() AND table_name IN (?, ?)`, [REPORT_ROLLUPS_TABLE, REPORT_PLAYERS_TABLE]))[0] as Array<{ name: string; estimated_rows: number; bytes: number }>;
    const exact = async (name: string) => Number(((await db(name).count({ n: '*' }))[0] as { n: number }).n);
    const rows = [];
    for (const size of sizes) {
      const count = await exact(size.name);
      rows.push([size.name, count.toLocaleString('en-US'), fmt(Number(size.bytes) / 1e6, 1), fmt(Number(size.bytes) / count, 0), fmt(Number(size.bytes) / (GAMES * DAYS) / 1000, 1)]);
    }
    console.log(table(['table', 'rows', 'MB', 'bytes/row', 'KB per game-day'], rows));

    http = await startBenchHttp(bench, config.redis.url, adminId);
    const { base, token } = http;
    const repeats = Number(values.repeats);
    const yearFrom = new Date(START_MS + DAY_MS).toISOString().slice(0, 10);
    const yearTo = new Date(START_MS + 366 * DAY_MS).toISOString().slice(0, 10);
    const quarterFrom = new Date(START_MS + 200 * DAY_MS).toISOString().slice(0, 10);
    const quarterTo = new Date(START_MS + 290 * DAY_MS).toISOString().slice(0, 10);
    const gameYear = ZONES.flatMap((tz, z) => Array.from({ length: 7 }, (_, k) => `/api/reports/games/${1 + ((z * 7 + k) * 13) % GAMES}?granularity=day&from=${yearFrom}&to=${yearTo}&tz=${encodeURIComponent(tz)}`));
    const summary = ZONES.map((tz) => `/api/reports/summary?from=${quarterFrom}&to=${quarterTo}&tz=${encodeURIComponent(tz)}`);
    const hours = ZONES.map((tz) => `/api/reports/games/5?granularity=hour&from=${quarterFrom}&to=${new Date(Date.parse(quarterFrom) + 41 * DAY_MS).toISOString().slice(0, 10)}&tz=${encodeURIComponent(tz)}`);
    console.log(`3. over HTTP, one request at a time, ${repeats} each, zones turning (${ZONES.join(', ')}):`);
    const results = [
      ['a game\'s daily report over a year (365 periods)', await timedGets(base, token, gameYear, repeats), true],
      [`the summary of ${GAMES} games over 90 days`, await timedGets(base, token, summary, repeats), true],
      ['a game\'s hourly report over 41 days (984 periods; no goal)', await timedGets(base, token, hours, Math.min(repeats, 50)), false],
    ] as const;
    console.log(table(['read', 'p50 ms', 'p99 ms', 'max ms', 'reply KB', 'goal p99 ≤ 50 ms'], results.map(([name, r, goal]) => [
      name, fmt(r.p50, 1), fmt(r.p99, 1), fmt(r.max, 1), fmt(r.bytes / 1000, 0), goal ? (r.p99 <= 50 ? 'met' : 'NOT met') : '',
    ])));
  } finally {
    await http?.stop();
    await bench.drop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * SPEC §2.14's export from outside: a player with `--moves` ledger moves (default 1,000,000) and
 * `--audit` audit entries about them, written straight into a database of the bench's own, exported
 * through a separate HTTP role while its resident memory is sampled (/proc/<pid>/status, every 20 ms).
 * Prints the file's size, the time, rows per second, and the role's memory before and at its peak:
 * bounded memory means the peak does not grow with the file. Then `--aborts` downloads cut after their
 * first chunk, and one more export: an abandoned download must give its MySQL connection back.
 *
 *   npm run bench:export -- [--moves 1000000] [--audit 20000] [--aborts 20]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { createBenchDatabase } from './lib/bench-database';
import { startBenchHttp, type BenchHttp } from './lib/bench-http';

const { values } = parseArgs({ options: { moves: { type: 'string', default: '1000000' }, audit: { type: 'string', default: '20000' }, aborts: { type: 'string', default: '20' } } });
const moves = Number(values.moves);
const auditEntries = Number(values.audit);
const aborts = Number(values.aborts);
const MiB = 1048576;

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples a process's resident memory until stopped: the largest seen. */
function sampleMemory(pid: number) {
  let peak = 0;
  const timer = setInterval(() => void residentBytes(pid).then((bytes) => (peak = Math.max(peak, bytes))), 20);
  return { stop: () => { clearInterval(timer); return peak; } };
}

/** Downloads a URL to nowhere: its bytes and lines. */
async function download(url: string, token: string): Promise<{ status: number; bytes: number; lines: number; tail: string }> {
  const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  let tail = '';
  for await (const chunk of reply.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
    tail = (tail + Buffer.from(chunk).toString('utf8')).slice(-16);
  }
  return { status: reply.status, bytes, lines, tail };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_export', 4);
  const { db } = bench;
  let http: BenchHttp | null = null;
  try {
    const seeding = performance.now();
    const [adminId] = await db('users').insert({ email: 'bench-admin@example.com', username: 'bench_admin', password_hash: 'x', role: 'admin' });
    const [playerId] = await db('users').insert({ email: 'bench-player@example.com', username: 'bench_player', password_hash: 'x', role: 'user' });
    const [gameId] = await db('games').insert({ name: 'Bench', slug: 'bench', description: '' });
    const [userGameId] = await db('user_games').insert({ user_id: playerId, game_id: gameId });
    const now = Date.now() - 86_400_000;
    // Top-ups, reserves and confirms of one wallet, in its order.
    await db.raw(`INSERT INTO ledger_entries (event_id, stream_ms, stream_seq, kind, user_id, game_id, currency, amount, win_amount, available_balance, reserved_balance,
        transaction_id, round_id, comment, created_at)
      SELECT CONCAT('00-', ?, '-', seq), ?, seq, ELT(seq % 3 + 1, 'topup', 'reserve', 'confirm'), ?, ?, 'EUR', 100, IF(seq % 3 = 2, 50, 0), 100000 + seq, IF(seq % 3 = 1, 100, 0),
        IF(seq % 3 = 0, NULL, CONCAT('tx-', seq DIV 3)), IF(seq % 3 = 0, NULL, CONCAT('round-', seq DIV 3)), IF(seq % 3 = 0, 'bench top-up', NULL), NOW(3)
      FROM seq_1_to_${moves}`, [now, now, String(playerId), String(gameId)]);
    await db.raw(`INSERT INTO audit_log (action, actor_user_id, actor_role, target_type, target_id, game_id, changes, created_at)
      SELECT 'user_game.topup', ?, 'admin', 'user_game', ?, ?, '{"amount":[null,100]}', NOW(3) FROM seq_1_to_${auditEntries}`, [adminId!, String(userGameId), gameId!]);
    console.log(`seeded one player with ${moves.toLocaleString('en-US')} moves and ${auditEntries.toLocaleString('en-US')} audit entries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    http = await startBenchHttp(bench, config.redis.url, adminId!);
    const { base, token } = http;
    const pid = http.child.pid!;
    // Warm: the admin's own (small) export.
    await download(`${base}/api/users/${adminId}/export`, token);
    const before = await residentBytes(pid);
    const memory = sampleMemory(pid);
    const started = performance.now();
    const file = await download(`${base}/api/users/${playerId}/export`, token);
    const seconds = (performance.now() - started) / 1000;
    const peak = memory.stop();
    if (file.status !== 200 || !file.tail.endsWith('\n}\n')) throw new Error(`the export failed: ${file.status}, ends ${JSON.stringify(file.tail)}`);
    console.log(`export: ${(file.bytes / MiB).toFixed(1)} MiB, ${file.lines.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s = ${Math.round(moves / seconds).toLocaleString('en-US')} moves/s, ${(file.bytes / MiB / seconds).toFixed(1)} MiB/s`);
    console.log(`HTTP role memory: ${(before / MiB).toFixed(0)} MiB before, ${(peak / MiB).toFixed(0)} MiB at its peak (+${((peak - before) / MiB).toFixed(0)} MiB for a ${(file.bytes / MiB).toFixed(0)} MiB file)`);

    // Abandoned downloads: each cut after its first chunk; then a whole export must still be served.
    for (let i = 0; i < aborts; i += 1) {
      const cut = new AbortController();
      const reply = await fetch(`${base}/api/users/${playerId}/export`, { headers: { authorization: `Bearer ${token}` }, signal: cut.signal });
      const reader = (reply.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      cut.abort();
    }
    const after = performance.now();
    const small = await Promise.race([
      download(`${base}/api/users/${adminId}/export`, token),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('an export after the abandoned downloads got no answer within 30 s: connections leaked')), 30_000)),
    ]);
    console.log(`after ${aborts} abandoned downloads: an export answered ${small.status} in ${((performance.now() - after) / 1000).toFixed(2)} s; role memory ${((await residentBytes(pid)) / MiB).toFixed(0)} MiB`);
  } finally {
    await http?.stop();
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

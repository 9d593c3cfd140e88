import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The profiler's short run: the engine under load for four seconds, then its CPU time by area and by
// function. No timing thresholds: this checks that the tool works and that its profile covers the
// engine's own code.
test('npm run bench:profile profiles the engine under load and prints where its time went', async (t) => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/profile-grpc.ts', '--duration', '4', '--wallets', '50', '--concurrency', '8', '--top', '10', '--out', out],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' }, maxBuffer: 20 * 1024 * 1024, timeout: 90_000 },
  );
  const header = /^engine: (\d+) calls\/s, (\d+) calls, (\d+) errors; profile (\S+)$/m.exec(stdout);
  t.truthy(header, stdout);
  t.true(Number(header![2]) > 0);
  t.is(header![3], '0');
  t.true(existsSync(header![4]!));
  for (const area of ['node:http2', '@grpc/grpc-js', 'ioredis', 'src/wallet']) t.regex(stdout, new RegExp(`^${area.replace('/', '\\/')}\\s+\\d+`, 'm'), area);
  t.regex(stdout, /^function\s+self ms\s+share\s+µs\/call$/m);
});

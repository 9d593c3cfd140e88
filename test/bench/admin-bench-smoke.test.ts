import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The admin benchmark's short mode: a small fixture, a second per scenario, every reply as expected.
// No timing thresholds: speed is what `npm run bench:admin` reports, not what tests assert.
test('npm run bench:admin -- --smoke runs every scenario with the expected replies and writes its JSON', async (t) => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/admin.ts', '--smoke', '--out', out], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    maxBuffer: 20 * 1024 * 1024,
    timeout: 180_000,
  });
  t.regex(stdout, /rankings top-50/);
  const report = JSON.parse(readFileSync(path.join(out, 'admin-smoke.json'), 'utf8'));
  t.deepEqual(report.results.map((r: { name: string }) => r.name), [
    'rankings top-50 (1M scores)', 'group top-50 (10k members)', 'around a player ±25 (1M scores)', 'score saves', 'config, If-None-Match (304)', 'config, 500 variables (200)',
  ]);
  t.is(report.overridePairs.length, 3, 'two live overrides against none, three pairs');
  for (const pair of report.overridePairs) t.true(pair.none > 0 && pair.two > 0 && pair.ratio > 0);
  t.regex(stdout, /two live overrides \/ none .* median of 3 alternating pairs: \d\.\d\d/);
  for (const { name, result } of report.results) {
    t.true(result.requests > 0, name);
    t.is(result.errors + result.unexpected, 0, `${name}: ${result.sample}`);
    t.true(result.latencyMs.p50 > 0 && result.latencyMs.p50 <= result.latencyMs.p99, name);
  }
});

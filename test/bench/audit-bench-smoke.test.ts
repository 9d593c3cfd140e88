import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The audit-cost benchmark's short mode: one round a side on a small board. No timing thresholds: the
// cost is what `npm run bench:audit` reports; the bench itself checks one entry per audited save.
test('npm run bench:audit -- --smoke saves with and without the audit entry and reports both', async (t) => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/audit-cost.ts', '--smoke', '--out', out], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
  t.regex(stdout, /saves\/s without the audit entry/);
  const report = JSON.parse(readFileSync(path.join(out, 'audit-cost-smoke.json'), 'utf8'));
  t.deepEqual(report.rounds.map((r: { audited: boolean }) => r.audited), [false, true]);
  for (const round of report.rounds) {
    t.true(round.saves > 0);
    t.is(round.entries, round.audited ? round.saves : 0, 'one entry per audited save, none otherwise');
  }
});

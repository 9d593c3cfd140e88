import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The history benchmark on a small wallet: it builds the rows it claims and times every read. No
// timing thresholds: the figures are what `npm run bench:history` prints on a million moves.
test('npm run bench:history -- --moves 2000 builds one wallet of 2,000 moves and times each read', async (t) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/ledger-history.ts', '--moves', '2000', '--repeats', '2'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
  t.regex(stdout, /^2000 moves of one wallet/m);
  for (const read of ['balances at an early instant', 'balances at the end', 'newest 100 moves', 'next 100 by after_id']) t.regex(stdout, new RegExp(`${read}\\s+[\\d.]+\\s+[\\d.]+`), read);
});

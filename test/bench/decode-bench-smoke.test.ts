import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The record-decode benchmark runs both sides (msgpackr's native decoder and its JavaScript one) and
// prints a row for each. No timing threshold: the figure is what `npm run bench:decode` reports.
test('npm run bench:decode -- --records 1000 --rounds 1 prints a row with the native decoder and one without', async (t) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/record-decode.ts', '--records', '1000', '--rounds', '1'], { cwd: ROOT, timeout: 120_000 });
  // The native side reads "native" where the platform's prebuilt decoder is installed, as here.
  t.regex(stdout, /^1\s+native\s+[\d,]+\s+[\d,]+$/m, stdout);
  t.regex(stdout, /^1\s+JavaScript\s+[\d,]+\s+[\d,]+$/m, stdout);
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The record-decode benchmark decodes layout 4's records and layout 3's (MessagePack) in one run and
// prints a row for each. No timing threshold: the figure is what `npm run bench:decode` reports.
test('npm run bench:decode -- --records 1000 --rounds 1 prints a row for layout 4 and one for layout 3', async (t) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/record-decode.ts', '--records', '1000', '--rounds', '1'], { cwd: ROOT, timeout: 120_000 });
  t.regex(stdout, /^1\s+layout 4\s+[\d,.]+\s+[\d,.]+\s+\d+\s+\d+$/m, stdout);
  t.regex(stdout, /^1\s+layout 3 \(MessagePack\)\s+[\d,.]+\s+[\d,.]+\s+\d+\s+\d+$/m, stdout);
});

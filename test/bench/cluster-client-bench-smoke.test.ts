import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The cluster-client benchmark measures each client path and prints a row per mode, errors counted.
// No timing threshold: the figures are what `npm run bench:cluster-client` reports.
test('npm run bench:cluster-client -- --smoke prints each mode with zero errors', async (t) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/cluster-client.ts', '--smoke'], { cwd: ROOT, timeout: 120_000 });
  for (const mode of ['one Redis', '3 masters, slot router', '3 masters, ioredis Cluster client']) {
    t.regex(stdout, new RegExp(`^${mode}.*\\s[\\d,]+\\s+[\\d.]+\\s+0$`, 'm'), stdout);
  }
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { adversarialDocuments } from '../../bench/lib/adversarial-graphql';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The GraphQL judging benchmark runs and prints a row per document and the slowest time. No timing
// threshold: the figure is what `npm run bench:graphql` reports, not what tests assert.
test('npm run bench:graphql -- --runs 1 prints a row for every adversarial document and the slowest judgement', async (t) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/graphql-limits.ts', '--runs', '1'], { cwd: ROOT, timeout: 120_000 });
  for (const document of adversarialDocuments()) t.true(stdout.includes(document.name), document.name);
  t.regex(stdout, /slowest judgement: \d+\.\d ms/);
});

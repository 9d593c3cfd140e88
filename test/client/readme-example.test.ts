import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';

const ROOT = path.resolve(__dirname, '../..');

test('the README shows the client example exactly as the type-checked file holds it', (t) => {
  const example = readFileSync(path.join(ROOT, 'client/examples/crash-round.ts'), 'utf8');
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  t.true(readme.includes(`\`\`\`ts\n${example}\`\`\``), 'README.md holds client/examples/crash-round.ts verbatim');
  t.true(example.trim().split('\n').length <= 15, 'a round in 15 lines');
});

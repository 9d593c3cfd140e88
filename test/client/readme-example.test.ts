import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';

const ROOT = path.resolve(__dirname, '../..');

test("the client's page shows the example exactly as the type-checked file holds it", (t) => {
  const example = readFileSync(path.join(ROOT, 'client/examples/crash-round.ts'), 'utf8');
  const page = readFileSync(path.join(ROOT, 'docs/client.md'), 'utf8');
  t.true(page.includes(`\`\`\`ts\n${example}\`\`\``), 'docs/client.md holds client/examples/crash-round.ts verbatim');
  t.true(example.trim().split('\n').length <= 15, 'a round in 15 lines');
  const recovery = readFileSync(path.join(ROOT, 'client/examples/unknown-outcome.ts'), 'utf8');
  t.true(page.includes(`\`\`\`ts\n${recovery}\`\`\``), 'docs/client.md holds client/examples/unknown-outcome.ts verbatim');
});

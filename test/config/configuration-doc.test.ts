import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { SETTINGS } from '../../src/config/settings';

const DOC = path.resolve(__dirname, '../../docs/configuration.md');

// That the table is the one src/config/settings.ts makes is checked by `npm run lint` (src/bin/codegen.ts --check).

test('the table has one row per setting, each with its default', (t) => {
  const rows = readFileSync(DOC, 'utf8')
    .split('\n')
    .filter((line) => /^\| `[A-Z_0-9]+` \|/.test(line));
  t.deepEqual(
    rows.map((row) => row.split('`')[1]),
    Object.keys(SETTINGS),
  );
  t.true(rows.some((row) => row.startsWith('| `GRPC_PORT` | `50051` |')));
  t.true(rows.some((row) => row.startsWith('| `REDIS_KEY_PREFIX` | empty |')));
});

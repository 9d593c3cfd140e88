import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { SETTINGS } from '../../src/config/settings';
import { withSettingsTable } from '../../src/config/settings-doc';

const DOC = path.resolve(__dirname, '../../docs/configuration.md');

test('docs/configuration.md shows the settings table as written from src/config/settings.ts (npm run docs:config)', (t) => {
  const doc = readFileSync(DOC, 'utf8');
  t.is(doc, withSettingsTable(doc), 'the table differs from the settings: run npm run docs:config');
});

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

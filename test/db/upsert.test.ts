import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { insertFromIncoming } from '../../src/db/upsert';
import { createTestDatabase } from '../helpers/mysql';

test('an upsert from incoming rows inserts new keys and updates existing ones, reading stored and new values', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const { db } = database;
  await db.raw('CREATE TABLE counters (name VARCHAR(20) PRIMARY KEY, value INT NOT NULL, note VARCHAR(20) NULL)');
  const upsert = async (rows: unknown[][]) => {
    const [sql, bindings] = insertFromIncoming('counters', ['name', 'value', 'note'], rows);
    // `counters.value` is the stored value, `incoming.value` the new one.
    await db.raw(`${sql} ON DUPLICATE KEY UPDATE value = counters.value + incoming.value, note = incoming.note`, bindings as never[]);
  };
  await upsert([['a', 1, null], ['b', 2, 'two']]);
  await upsert([['b', 40, null], ['c', 3, 'three']]);
  const rows = await db('counters').orderBy('name').select('name', 'value', 'note');
  t.deepEqual(rows.map((row) => ({ ...row })), [
    { name: 'a', value: 1, note: null },
    { name: 'b', value: 42, note: null },
    { name: 'c', value: 3, note: 'three' },
  ]);
  t.throws(() => insertFromIncoming('counters', ['name'], []), { message: /at least one row/ });
});

/** Every .ts file under src/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

test('no SQL in src/ uses VALUES(col) in an upsert (deprecated in MySQL 8.0.20+), nor knex merge(), which writes it', (t) => {
  const offenders = sourceFiles(path.resolve(__dirname, '../../src')).flatMap((file) => {
    const code = readFileSync(file, 'utf8').split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)).join('\n');
    return [/\bVALUES\(\s*\w+\s*\)/, /\.merge\(/].filter((pattern) => pattern.test(code)).map((pattern) => `${file}: ${pattern}`);
  });
  t.deepEqual(offenders, []);
});

import path from 'node:path';
import test from 'ava';
import { coveringTests } from './covering-tests';

const ROOT = path.resolve(__dirname, '../..');

test('the ava files that cover a source file: its own test first, then those that reach it through more imports; no browser test', (t) => {
  const tests = coveringTests(ROOT, 'src/admin/users/first-admin.ts', 4);
  t.is(tests[0], 'test/admin/first-admin.test.ts');
  t.is(tests.length, 4);
  t.false(tests.some((file) => file.startsWith('test/e2e/')));
  t.deepEqual(coveringTests(ROOT, 'src/no/such/file.ts', 4), []);
});

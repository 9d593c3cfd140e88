import path from 'node:path';
import test from 'ava';
import { coveringTests, scriptCallerTests } from './covering-tests';

const ROOT = path.resolve(__dirname, '../..');

test('the ava files that cover a source file: its own test first, then those that reach it through more imports; no browser test', (t) => {
  const tests = coveringTests(ROOT, 'src/admin/users/first-admin.ts', 4);
  t.is(tests[0], 'test/admin/first-admin.test.ts');
  t.is(tests.length, 4);
  t.false(tests.some((file) => file.startsWith('test/e2e/')));
  t.deepEqual(coveringTests(ROOT, 'src/no/such/file.ts', 4), []);
});

test("a feature's namesake tests come first, though they reach it over HTTP and import none of it", (t) => {
  t.deepEqual(coveringTests(ROOT, 'src/admin/api-keys/api-keys-service.ts', 1), ['test/grpc/api-keys.test.ts']);
  t.deepEqual(coveringTests(ROOT, 'src/admin/wallet-controls/wallet-controls-service.ts', 1), ['test/admin/wallet-controls.test.ts']);
});

test("an engine script's callers' tests: those that name it most, not the scripts' own; none for a helper", (t) => {
  const limits = scriptCallerTests(ROOT, 'lua/limits.lua', 2);
  t.is(limits.length, 2);
  t.true(limits.includes('test/admin/wallet-controls.test.ts'), limits.join(' '));
  t.true(scriptCallerTests(ROOT, 'lua/topup.lua', 3).includes('test/admin/balance.test.ts'));
  t.false(scriptCallerTests(ROOT, 'lua/topup.lua', 10).some((file) => file.startsWith('test/lua/') || file.startsWith('test/e2e/')));
  t.deepEqual(scriptCallerTests(ROOT, 'lua/lib/controls.lua', 2), []);
});

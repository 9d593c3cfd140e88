import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** depcruise with the project's rules over `cwd`'s src/: its exit code and what it printed. */
async function cruise(cwd: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [DEPCRUISE, 'src', '--config', path.join(ROOT, '.dependency-cruiser.cjs')], { cwd });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// ARCHITECTURE.md's layering, checked by a tool in `npm run lint`: the tree obeys it, and a forbidden
// import fails it, naming the rule.
test('the source tree obeys the layering rules', async (t) => {
  const { code, output } = await cruise(ROOT);
  t.is(code, 0, output);
  t.regex(output, /no dependency violations found/);
});

test('a forbidden import fails the lint, naming its rule: a shared folder importing a feature, an adapter importing a driver', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('src/sync/sync-queue.ts', 'export const QUEUE = 1;\n');
  write('src/metrics/queue-gauge.ts', "import { QUEUE } from '../sync/sync-queue';\nexport const gauge = QUEUE;\n");
  write('src/admin/games/games-routes.ts', "import knex from 'knex';\nexport const db = knex;\n");
  // A stand-in for the installed driver, so the import resolves to node_modules/knex as in the project.
  write('node_modules/knex/package.json', '{"name":"knex","version":"0.0.0","main":"index.js"}\n');
  write('node_modules/knex/index.js', 'module.exports = {};\n');
  const { code, output } = await cruise(dir);
  t.not(code, 0);
  t.regex(output, /shared-imports-no-feature: src\/metrics\/queue-gauge\.ts → src\/sync\/sync-queue\.ts/);
  t.regex(output, /adapters-touch-no-driver: src\/admin\/games\/games-routes\.ts → node_modules\/knex/);
});

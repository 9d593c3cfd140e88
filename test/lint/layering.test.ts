import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';

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

/** A scratch project for depcruise: the project's tsconfig and the given source files. */
function scratchProject(t: ExecutionContext, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

test('a forbidden import fails the lint, naming its rule: a shared folder importing a feature, an adapter importing a driver', async (t) => {
  const dir = scratchProject(t, {
    'src/sync/sync-queue.ts': 'export const QUEUE = 1;\n',
    'src/metrics/queue-gauge.ts': "import { QUEUE } from '../sync/sync-queue';\nexport const gauge = QUEUE;\n",
    'src/admin/games/games-endpoints.ts': "import knex from 'knex';\nexport const db = knex;\n",
    // A stand-in for the installed driver, so the import resolves to node_modules/knex as in the project.
    'node_modules/knex/package.json': '{"name":"knex","version":"0.0.0","main":"index.js"}\n',
    'node_modules/knex/index.js': 'module.exports = {};\n',
  });
  const { code, output } = await cruise(dir);
  t.not(code, 0);
  t.regex(output, /shared-imports-no-feature: src\/metrics\/queue-gauge\.ts → src\/sync\/sync-queue\.ts/);
  t.regex(output, /adapters-touch-no-driver: src\/admin\/games\/games-endpoints\.ts → node_modules\/knex/);
});

test("layering 8: a feature's service importing another feature's repository fails the lint; its reads module, a row type and a repository's join do not", async (t) => {
  const dir = scratchProject(t, {
    'src/admin/games/games-repository.ts': "export const GAMES = 'games';\nexport interface GameRow { id: number }\nexport const findGame = (id: number) => id;\n",
    'src/admin/games/games-reads.ts': "export { findGame } from './games-repository';\n",
    'src/admin/games/games-service.ts': "import { findGame } from './games-repository';\nexport const get = findGame;\n",
    'src/admin/connections/connections-service.ts': "import { findGame } from '../games/games-repository';\nexport const connect = findGame;\n",
    'src/admin/leaderboards/leaderboards-service.ts': "import { findGame } from '../games/games-reads';\nimport type { GameRow } from '../games/games-repository';\nexport const scope = (row: GameRow) => findGame(row.id);\n",
    'src/admin/connections/connections-repository.ts': "import { GAMES } from '../games/games-repository';\nexport const joined = GAMES;\n",
    'src/sync/ledger-repository.ts': 'export const listLedger = () => [];\n',
    'src/admin/balance/balance-service.ts': "import { listLedger } from '../../sync/ledger-repository';\nexport const ledger = listLedger;\n",
  });
  const { code, output } = await cruise(dir);
  t.not(code, 0);
  const violations = output.split('\n').filter((line) => line.includes('features-read-others-through-their-exports'));
  t.is(violations.length, 2, output);
  t.regex(output, /features-read-others-through-their-exports: src\/admin\/connections\/connections-service\.ts → src\/admin\/games\/games-repository\.ts/);
  t.regex(output, /features-read-others-through-their-exports: src\/admin\/balance\/balance-service\.ts → src\/sync\/ledger-repository\.ts/);
});

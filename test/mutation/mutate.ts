// `npm run mutate -- [--since <rev>] [--files a.ts,lua/b.lua] [--tests 4] [--lua-callers 2] [--concurrency 2] [--timeout-s 120]`
// Mutation testing of what changed since a revision (default: the last commit's parent): each changed
// TypeScript file of src/ through StrykerJS (its command runner calling the ava files that reach the
// file in the fewest imports), each changed script of lua/ through lua-mutants.ts (comparisons and
// checks), run on the ava files the engine's scripts are tested with and those of the script's callers. Prints the share of mutants
// the tests kill per folder and every survivor; writes reports/mutation/ (git-ignored).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coveringTests, scriptCallerTests } from './covering-tests';
import { luaMutants, type LuaMutant } from './lua-mutants';

const ROOT = path.resolve(__dirname, '../..');
const REPORTS = path.join(ROOT, 'reports/mutation');
const WORK = path.join(ROOT, '.stryker-tmp');
/** The Lua mutants' sandboxes: apart from StrykerJS's folder, which it empties when it ends. */
const LUA_WORK = path.join(tmpdir(), `mutate-lua-${process.pid}`);
/** The ava files the engine's scripts are tested with: every script's replies and the engine's rules through them. */
const LUA_TESTS = ['test/lua/scripts.test.ts', 'test/wallet/engine.test.ts', 'test/redis/shared-layouts.test.ts'];
/** What a sandbox needs to run those tests (node_modules is linked, not copied). */
const SANDBOX_PARTS = ['src', 'test', 'lua', 'proto', 'migrations', 'client/src', 'package.json', 'tsconfig.json', 'knexfile.ts'];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const since = option('since') ?? 'HEAD~1';
const testsPerFile = Number(option('tests') ?? 4);
/** Beside the scripts' own tests, the files of a script's callers run per Lua mutant. */
const luaCallerTests = Number(option('lua-callers') ?? 2);
const concurrency = Number(option('concurrency') ?? 2);
const timeoutS = Number(option('timeout-s') ?? 120);

function changedFiles(): string[] {
  const given = option('files');
  if (given) return given.split(',').map((file) => file.trim()).filter(Boolean);
  const diff = spawnSync('git', ['diff', '--name-only', since, '--', 'src', 'lua'], { cwd: ROOT, encoding: 'utf8' });
  if (diff.status !== 0) throw new Error(`git diff ${since}: ${diff.stderr}`);
  return diff.stdout.split('\n').filter((file) => (file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.includes('/generated/')) || file.endsWith('.lua'));
}

interface Outcome { readonly file: string; readonly line: number; readonly mutator: string; readonly replacement: string; readonly killed: boolean }

/** StrykerJS on one file, its command runner calling the ava files that cover it. */
function mutateTypeScript(file: string, tests: readonly string[]): Outcome[] {
  mkdirSync(WORK, { recursive: true });
  const report = path.join(REPORTS, `${file.replace(/[/.]/g, '_')}.json`);
  const config = {
    testRunner: 'command',
    commandRunner: { command: `npx ava --fail-fast --timeout=${timeoutS}s ${tests.join(' ')}` },
    mutate: [file],
    concurrency,
    reporters: ['json', 'progress'],
    jsonReporter: { fileName: path.relative(ROOT, report) },
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    timeoutMS: timeoutS * 1000,
    ignorePatterns: ['/.data', '/dist', '/console', '/explorer', '/api-docs', '/client/dist', '/.ci', '/bench/results', '/uploads', '/.scratch', '/reports'],
  };
  const configFile = path.join(WORK, 'stryker.config.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const stryker = process.env.STRYKER_BIN ?? path.join(ROOT, 'node_modules/.bin/stryker');
  const run = spawnSync(stryker, ['run', configFile], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`stryker failed on ${file} (exit ${run.status})`);
  const json = JSON.parse(readFileSync(report, 'utf8')) as { files: Record<string, { source: string; mutants: Array<{ mutatorName: string; replacement?: string; status: string; location: { start: { line: number } } }> }> };
  return Object.entries(json.files).flatMap(([name, { mutants }]) =>
    mutants.filter((m) => !['CompileError', 'RuntimeError', 'Ignored'].includes(m.status)).map((m) => ({
      file: name, line: m.location.start.line, mutator: m.mutatorName, replacement: m.replacement ?? '', killed: m.status === 'Killed' || m.status === 'Timeout',
    })));
}

/** A copy of what the tests need, node_modules linked. */
function sandbox(name: string): string {
  const dir = path.join(LUA_WORK, name);
  rmSync(dir, { recursive: true, force: true });
  for (const part of SANDBOX_PARTS) cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function runTests(dir: string, tests: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['ava', '--fail-fast', `--timeout=${timeoutS}s`, ...tests], { cwd: dir, stdio: 'ignore', detached: true });
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutS * 2000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** Every mutant of a script, `concurrency` at a time, each in a sandbox of its own. */
async function mutateLua(file: string, tests: readonly string[]): Promise<Outcome[]> {
  const original = readFileSync(path.join(ROOT, file), 'utf8');
  const mutants = luaMutants(file, original);
  const queue = [...mutants];
  const outcomes: Outcome[] = [];
  const worker = async (n: number) => {
    const dir = sandbox(`lua-${n}`);
    try {
      if (!(await runTests(dir, tests))) throw new Error(`the Lua tests fail without a mutant (${tests.join(' ')})`);
      for (let mutant = queue.shift(); mutant; mutant = queue.shift()) {
        writeFileSync(path.join(dir, file), mutant.source);
        const survived = await runTests(dir, tests);
        outcomes.push(outcome(mutant, !survived));
        process.stdout.write(survived ? 'S' : '.');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, n) => worker(n)));
  process.stdout.write('\n');
  return outcomes.sort((a, b) => a.line - b.line);
}

const outcome = (mutant: LuaMutant, killed: boolean): Outcome => ({ file: mutant.file, line: mutant.line, mutator: 'lua', replacement: mutant.replacement, killed });

async function main(): Promise<void> {
  const files = changedFiles();
  if (files.length === 0) return void console.log(`nothing to mutate: no file of src/ or lua/ changed since ${since}`);
  mkdirSync(REPORTS, { recursive: true });
  const started = Date.now();
  const outcomes: Outcome[] = [];
  for (const file of files) {
    if (file.endsWith('.lua')) {
      const tests = [...LUA_TESTS, ...scriptCallerTests(ROOT, file, luaCallerTests)];
      console.log(`${file}: lua mutants on ${tests.join(' ')}`);
      outcomes.push(...(await mutateLua(file, tests)));
      continue;
    }
    const tests = coveringTests(ROOT, file, testsPerFile);
    if (tests.length === 0) {
      console.log(`${file}: no ava file reaches it; skipped`);
      continue;
    }
    console.log(`${file}: StrykerJS on ${tests.join(' ')}`);
    outcomes.push(...mutateTypeScript(file, tests));
  }
  const byFolder = new Map<string, Outcome[]>();
  for (const o of outcomes) byFolder.set(path.dirname(o.file), [...(byFolder.get(path.dirname(o.file)) ?? []), o]);
  const lines = [`# Mutation testing since ${since} (${Math.round((Date.now() - started) / 1000)} s)`, '', '| folder | killed | mutants | score |', '|---|---|---|---|'];
  for (const [folder, list] of [...byFolder].sort()) {
    const killed = list.filter((o) => o.killed).length;
    lines.push(`| ${folder} | ${killed} | ${list.length} | ${((100 * killed) / list.length).toFixed(1)}% |`);
  }
  const survivors = outcomes.filter((o) => !o.killed);
  lines.push('', `## Survivors (${survivors.length})`, '', ...survivors.map((o) => `- ${o.file}:${o.line} ${o.mutator}: \`${o.replacement.slice(0, 160)}\``));
  writeFileSync(path.join(REPORTS, 'survivors.md'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

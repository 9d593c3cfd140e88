/**
 * `npm run dev`: the development loop. Every role runs as `npm start` runs them (local Redis and
 * MariaDB, migrations and seed, the development admin), under `tsx watch`: a change to the sources, a
 * Lua script or the proto restarts it. Its JSON log lines are printed by pino-pretty. Beside it, the
 * console's Vite dev server (hot reload at http://localhost:5173/console/) proxies /graphql, /api and
 * /uploads to the HTTP role. A change to the SDL or to a console operation re-runs `npm run codegen`,
 * so the typed documents follow. Ctrl-C stops all. Not part of the build: it needs the dev dependencies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import pinoPretty from 'pino-pretty';
import { loadConfig } from '../config';

const ROOT = path.resolve(__dirname, '../..');
const config = loadConfig(process.env);

/** A JWT secret kept in the data folder: the console's session survives the restarts a change makes. */
function developmentJwtSecret(): string {
  const file = path.join(config.services.dataDir, 'dev-jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.services.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const env = { ...process.env, FORCE_COLOR: '1', JWT_SECRET: process.env.JWT_SECRET ?? developmentJwtSecret() };
// Each child in a process group of its own: Ctrl-C reaches this process alone, which passes it on once.
const detached = true;

const server = spawn(process.execPath, [
  path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', '--include', 'lua/**/*.lua', '--include', 'proto/*.proto',
  'src/cli.ts', 'start',
], { cwd: ROOT, env, detached, stdio: ['ignore', 'pipe', 'inherit'] });
// JSON lines become readable ones; anything else (tsx's own messages, the login banner) passes as it is.
server.stdout!.pipe(pinoPretty({ colorize: true, singleLine: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));

const vite = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--strictPort'], {
  cwd: path.join(ROOT, 'console'),
  env: { ...env, HTTP_PORT: String(config.http.port) },
  detached,
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** Re-runs codegen after a change to the SDL or the console's sources (one run at a time, the last change wins). */
function regenerateOnChange(): void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const codegen = spawn(process.execPath, [path.join(ROOT, 'node_modules/@graphql-codegen/cli/esm/bin.js'), '--config', 'codegen.ts', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    codegen.on('exit', () => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  };
  // Each folder watched on its own (Linux's recursive watch follows files, and loses one an editor
  // replaces); the generated folder is codegen's own output.
  const folders = (dir: string): string[] => [dir, ...readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
    .flatMap((entry) => folders(path.join(dir, entry.name)))];
  for (const folder of [...folders(path.join(ROOT, 'console/src')), path.join(ROOT, 'src/admin/graphql')]) {
    watch(folder, (_event, file) => {
      if (!file || /\.(tsx?|graphql)$/.test(file)) changed();
    });
  }
}
regenerateOnChange();

const children: ChildProcess[] = [server, vite];
let stopping = false;
const stopAll = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal));
process.on('exit', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM'); // one ends, both end
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
}

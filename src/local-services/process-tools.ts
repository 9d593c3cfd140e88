import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type Log = (message: string) => void;

/** Debian keeps daemons in sbin folders, which a non-root PATH often lacks. */
const EXTRA_BIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

export function findBinary(...names: string[]): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...EXTRA_BIN_DIRS].filter(Boolean);
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return null;
}

export interface CommandResult {
  readonly code: number | null;
  readonly output: string;
}

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Starts a long-lived daemon that outlives this process (it keeps running after `services up`). */
export function spawnDetached(command: string, args: string[]): void {
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.unref();
}

export function isPortOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${Math.round(timeoutMs / 1000)} s`);
}

export function readPid(pidFile: string): number | null {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `pid` is still the daemon this tool started with its data in `workDir`: Redis (`--dir`) and
 * MariaDB (`--datadir`) both work from that folder. A pid file outlives its process, and the pid may
 * since name anything else; only a match may be signalled. Where /proc is missing nothing matches.
 */
export function isDaemonIn(pid: number, workDir: string): boolean {
  try {
    return realpathSync(readlinkSync(`/proc/${pid}/cwd`)) === realpathSync(workDir);
  } catch {
    return false;
  }
}

/** Sends SIGTERM and waits for the process to go; SIGKILL after the timeout. */
export async function stopPid(pid: number, timeoutMs = 20000): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  try {
    await waitUntil(`process ${pid} stopping`, async () => !isAlive(pid), timeoutMs);
  } catch {
    process.kill(pid, 'SIGKILL');
  }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Where freePort() draws from: below Linux's ephemeral range (32768 and up by default), from which the
 * OS gives outgoing connections their local ports. A port handed out is bound by its server only later
 * (a topology's Sentinels, after its replicas synced: seconds), and a port from the ephemeral range
 * could meanwhile become the local end of some connection (seen: a Sentinel that never came up while
 * other tests ran).
 */
const FREE_PORTS = { from: 20_000, to: 32_000 } as const;
/** Ports this process handed out: not handed out twice. */
const handedOut = new Set<number>();

/** A TCP port nothing listens on right now, below the ephemeral range: for servers a test or benchmark starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FREE_PORTS.from + Math.floor(Math.random() * (FREE_PORTS.to - FREE_PORTS.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${FREE_PORTS.from} and ${FREE_PORTS.to} after 100 tries`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** SIGKILLs a child that is still running and waits until it has exited (a node about to be started again). */
export async function killAndWait(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(__dirname, '../..');

export interface Started {
  readonly child: ChildProcess;
  /** `role → host:port` from the roles' start-up log lines. */
  readonly addresses: Record<string, string>;
  readonly lines: string[];
  readonly exit: Promise<number | null>;
}

/** The sources under tsx; the compiled runtime is `['--enable-source-maps', '<dist>/src/cli.js']`. */
const FROM_SOURCES = ['--import', 'tsx', 'src/cli.ts'];

/** Runs the CLI as a child process on spare ports and waits for its "ready" log line (or its exit). */
export function startCliProcess(args: string[], env: Record<string, string> = {}, entry: readonly string[] = FROM_SOURCES): Promise<Started> {
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      HTTP_PORT: '0',
      GRPC_PORT: '0',
      HTTP_HOST: '127.0.0.1',
      GRPC_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const addresses: Record<string, string> = {};
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line:\n${lines.join('\n')}`)), 30000);
    const onLine = (line: string) => {
      lines.push(line);
      const entry = parseJson(line);
      if (entry?.role && entry.address) addresses[entry.role] = entry.address;
      if (typeof entry?.msg === 'string' && entry.msg.startsWith('ready:')) {
        clearTimeout(timer);
        resolve({ child, addresses, lines, exit });
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    void exit.then(() => {
      clearTimeout(timer);
      resolve({ child, addresses, lines, exit });
    });
  });
}

function parseJson(line: string): Record<string, string> | null {
  try {
    return JSON.parse(line) as Record<string, string>;
  } catch {
    return null;
  }
}


import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** The sync worker as a child process, SIGKILLed on demand and respawned whenever it is gone. */
export function startSoakWorker(env: Record<string, string>) {
  let child: ChildProcess | null = null;
  let running = true;
  let kills = 0;
  const spawnOne = () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--roles', 'worker'], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'fatal' },
      stdio: 'ignore',
    });
    started.once('exit', () => {
      if (running && child === started) spawnOne();
    });
    child = started;
  };
  spawnOne();
  return {
    kill(): void {
      kills += 1;
      child?.kill('SIGKILL');
    },
    get kills(): number {
      return kills;
    },
    async stop(): Promise<void> {
      running = false;
      const last = child;
      if (!last || last.exitCode !== null) return;
      const exited = new Promise((resolve) => last.once('exit', resolve));
      last.kill('SIGTERM');
      await exited;
    },
  };
}

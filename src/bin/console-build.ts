import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_DIR } from '../admin/console/console-app';
import { runCommand, type Log } from '../local-services/process-tools';

/** The console's Vite project, present in a source checkout (not in the image, which ships the build). */
const CONSOLE_PROJECT = path.resolve(__dirname, '../../console');
const VITE = path.resolve(__dirname, '../../node_modules/vite/bin/vite.js');

/** `npm start` builds the console when no build is there yet (a fresh clone); a build already there is kept. */
export async function ensureConsoleBuilt(log: Log): Promise<void> {
  if (existsSync(path.join(CONSOLE_DIR, 'index.html'))) return;
  if (!existsSync(path.join(CONSOLE_PROJECT, 'package.json')) || !existsSync(VITE)) {
    log('console: no build and no sources to build it from; /console answers 404');
    return;
  }
  log('console: building it once (npm run build:console)…');
  const result = await runCommand(process.execPath, [VITE, 'build', CONSOLE_PROJECT]);
  if (result.code !== 0) throw new Error(`the console build failed:\n${result.output}`);
  log(`console: built into ${path.relative(process.cwd(), CONSOLE_DIR)}`);
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_DIR } from '../admin/console/console-app';
import { EXPLORER_DIR } from '../admin/graphql/graphql-explorer';
import { API_DOCS_DIR } from '../admin/openapi/api-docs-app';
import { runCommand, type Log } from '../local-services/process-tools';

const VITE = path.resolve(__dirname, '../../node_modules/vite/bin/vite.js');

/** The browser apps Vite builds: their projects exist in a source checkout (the image ships the builds). */
const APPS = [
  { name: 'console', project: path.resolve(__dirname, '../../console'), dist: CONSOLE_DIR, missing: '/console answers 404' },
  { name: 'explorer', project: path.resolve(__dirname, '../../explorer'), dist: EXPLORER_DIR, missing: "a browser's GET /graphql answers 404" },
  { name: 'api-docs', project: path.resolve(__dirname, '../../api-docs'), dist: API_DOCS_DIR, missing: '/docs answers 404' },
] as const;

/**
 * `npm start` builds the console, the GraphQL explorer and the API docs page when no build is there yet (a fresh clone);
 * a build already there is kept.
 */
export async function ensureBrowserAppsBuilt(log: Log): Promise<void> {
  for (const app of APPS) {
    if (existsSync(path.join(app.dist, 'index.html'))) continue;
    if (!existsSync(path.join(app.project, 'package.json')) || !existsSync(VITE)) {
      log(`${app.name}: no build and no sources to build it from; ${app.missing}`);
      continue;
    }
    log(`${app.name}: building it once (npm run build:${app.name})…`);
    const result = await runCommand(process.execPath, [VITE, 'build', app.project]);
    if (result.code !== 0) throw new Error(`the ${app.name} build failed:\n${result.output}`);
    log(`${app.name}: built into ${path.relative(process.cwd(), app.dist)}`);
  }
}

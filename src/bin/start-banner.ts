import type { Config } from '../config';
import { CONSOLE_PATH } from '../admin/console/console-app';
import { DOCS_PATH } from '../admin/openapi/openapi-document';
import { DASHBOARD_PATH } from '../admin/queues/queue-dashboard';
import type { RunningRole } from '../lifecycle/running-role';

/**
 * What `serve` prints once its roles run: where each listens; with the HTTP role, what to open in a
 * browser (the console, the API docs, the GraphQL explorer, the queue dashboard, at PUBLIC_BASE_URL)
 * and how to log in.
 */
export function startBanner(config: Config, running: ReadonlyArray<Pick<RunningRole, 'name' | 'address'>>, showPassword = false): string {
  const lines = running.map((role) => `  ${role.name.padEnd(6)} ${role.address ?? '(no port: background jobs)'}`);
  const http = running.some((role) => role.name === 'http');
  if (!http) return framed(['Serving:', ...lines, 'Stop with Ctrl-C.']);
  const base = config.http.publicBaseUrl;
  const open = [
    ['console', CONSOLE_PATH], ['API docs', DOCS_PATH], ['GraphQL', '/graphql'], ['queues', DASHBOARD_PATH],
  ].map(([name, path]) => `  ${name!.padEnd(9)} ${base}${path}`);
  const login = config.admin
    ? `Log in: POST ${base}/api/auth/login {"email":"${config.admin.email}","password":"${showPassword ? config.admin.password : '<ADMIN_PASSWORD>'}"}`
    : 'No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD (or run the create-admin command) to be able to log in.';
  const signIn = config.admin ? [`Sign in to the console as ${config.admin.email}.`] : [];
  return framed(['Serving:', ...lines, 'Open:', ...open, ...signIn, login, 'Stop with Ctrl-C.']);
}

const RULE = '━'.repeat(72);

/**
 * The banner between two rules, with a blank line on each side: the JSON log lines written to the
 * same terminal before and after it (stdout; the banner is on stderr) do not run into it.
 */
function framed(lines: readonly string[]): string {
  return `\n${RULE}\n${lines.join('\n')}\n${RULE}\n`;
}

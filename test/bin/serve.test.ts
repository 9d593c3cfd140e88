import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { credentials, loadPackageDefinition, type ServiceClientConstructor } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import test from 'ava';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';

const ROOT = path.resolve(__dirname, '../..');

interface Started {
  readonly child: ChildProcess;
  readonly addresses: Record<string, string>;
  readonly lines: string[];
  readonly exit: Promise<number | null>;
}

let database: TestDatabase;
test.before(async () => {
  database = await createTestDatabase({ migrate: true });
});
test.after.always(async () => {
  await database?.drop();
});

/** Runs the CLI as a child process and waits for its "ready" log line (or its exit). */
function startCli(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      MYSQL_URL: database.url,
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

function grpcHealth(address: string): Promise<string> {
  const definition = loadPackageDefinition(loadSync(healthProtoPath, { keepCase: true, enums: String }));
  const Health = (definition.grpc as never as { health: { v1: { Health: ServiceClientConstructor } } }).health.v1.Health;
  const client = new Health(address, credentials.createInsecure());
  return new Promise((resolve, reject) => {
    const check = client.Check as (request: object, callback: (error: Error | null, reply: { status: string }) => void) => void;
    check.call(client, { service: '' }, (error, reply) => {
      client.close();
      if (error) reject(error);
      else resolve(reply.status);
    });
  });
}

test('serve starts every role, answers health checks, and stops cleanly on SIGTERM', async (t) => {
  const started = await startCli(['serve']);
  t.teardown(() => started.child.kill('SIGKILL'));
  t.deepEqual(Object.keys(started.addresses).sort(), ['grpc', 'http']);
  t.truthy(started.lines.find((line) => line.includes('"role":"worker"')));

  const http = `http://${started.addresses.http}`;
  t.deepEqual(await (await fetch(`${http}/healthz`)).json(), { status: 'ok' });
  const ready = await fetch(`${http}/readyz`);
  t.is(ready.status, 200);
  t.deepEqual(await ready.json(), { status: 'ready', checks: { mysql: 'ok', redis: 'ok' } });
  t.is(await grpcHealth(started.addresses.grpc!), 'SERVING');

  started.child.kill('SIGTERM');
  t.is(await started.exit, 0);
  t.truthy(started.lines.find((line) => line.includes('"msg":"stopped"')));
});

test('serve --roles http starts only the HTTP role', async (t) => {
  const started = await startCli(['serve', '--roles', 'http']);
  t.teardown(() => started.child.kill('SIGKILL'));
  t.deepEqual(Object.keys(started.addresses), ['http']);
  started.child.kill('SIGINT');
  t.is(await started.exit, 0);
});

test('an unknown role is refused with exit code 2', async (t) => {
  const started = await startCli(['serve', '--roles', 'http,cron']);
  t.is(await started.exit, 2);
  t.truthy(started.lines.find((line) => line.includes('unknown role(s) cron')));
});

test('a bad configuration value stops the process before it serves, listing every problem', async (t) => {
  const started = await startCli(['serve'], { GRPC_PORT: 'abc', DEFAULT_CURRENCY: 'euro' });
  t.is(await started.exit, 2);
  const output = started.lines.join('\n');
  t.regex(output, /GRPC_PORT must be a whole number/);
  t.regex(output, /DEFAULT_CURRENCY must be 3 upper-case letters/);
  t.notRegex(output, /role started/);
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startCliProcess } from '../helpers/cli-process';
import { healthClient } from '../helpers/grpc-client';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';
import { documentedFetch } from '../helpers/openapi-check';
import { freePort } from '../helpers/ports';
import { createTestRedis, type TestRedis } from '../helpers/redis';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

let database: TestDatabase;
let redis: TestRedis;
test.before(async () => {
  database = await createTestDatabase({ migrate: true });
  redis = await createTestRedis();
});
test.after.always(async () => {
  await database?.drop();
  await redis?.cleanup();
});

const startCli = (args: string[], env: Record<string, string> = {}) =>
  startCliProcess(args, { MYSQL_URL: database.url, REDIS_KEY_PREFIX: redis.prefix, ...env });

async function grpcHealth(address: string): Promise<unknown> {
  const health = healthClient(address);
  try {
    return await health.check('');
  } finally {
    health.close();
  }
}

test('serve starts every role, answers health checks, and stops cleanly on SIGTERM', async (t) => {
  const started = await startCli(['serve']);
  t.teardown(() => started.child.kill('SIGKILL'));
  t.deepEqual(Object.keys(started.addresses).sort(), ['grpc', 'http']);
  t.truthy(started.lines.find((line) => line.includes('"role":"worker"')));

  const http = `http://${started.addresses.http}`;
  t.deepEqual(await (await documentedFetch(`${http}/healthz`)).json(), { status: 'ok' });
  const ready = await documentedFetch(`${http}/readyz`);
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

test('with NODE_ENV=production the gRPC role refuses to start without GRPC_AUTH_TOKENS, naming it', async (t) => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
  const refused = await startCli(['serve', '--roles', 'grpc'], production);
  t.is(await refused.exit, 1);
  t.regex(refused.lines.join('\n'), /GRPC_AUTH_TOKENS/);
  t.falsy(refused.addresses.grpc);

  const mesh = await startCli(['serve', '--roles', 'grpc'], { ...production, GRPC_ALLOW_UNAUTHENTICATED: 'true' });
  t.teardown(() => mesh.child.kill('SIGKILL'));
  t.truthy(mesh.addresses.grpc, mesh.lines.join('\n'));
  const withTokens = await startCli(['serve', '--roles', 'grpc'], { ...production, GRPC_AUTH_TOKENS: 'secret-token' });
  t.teardown(() => withTokens.child.kill('SIGKILL'));
  t.truthy(withTokens.addresses.grpc, withTokens.lines.join('\n'));
});

test('the http role (and the others) start in production without gRPC tokens', async (t) => {
  const started = await startCli(['serve', '--roles', 'http'], { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
  t.teardown(() => started.child.kill('SIGKILL'));
  t.truthy(started.addresses.http, started.lines.join('\n'));
});

test('healthcheck ROLE exits 0 while the role serves and 1 once it is gone (the containers\' health check)', async (t) => {
  const metricsPort = await freePort();
  const started = await startCli(['serve'], { METRICS_PORT: String(metricsPort) });
  t.teardown(() => started.child.kill('SIGKILL'));
  const portOf = (address: string) => address.split(':').at(-1)!;
  const env = {
    ...process.env, MYSQL_URL: database.url, GRPC_PORT: portOf(started.addresses.grpc!), HTTP_PORT: portOf(started.addresses.http!), METRICS_PORT: String(metricsPort),
  };
  const healthcheck = (role: string) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'healthcheck', role], { cwd: ROOT, env }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );
  for (const role of ['grpc', 'http', 'worker']) {
    const healthy = await healthcheck(role);
    t.is(healthy.code, 0, `${role}: ${healthy.output}`);
  }
  t.regex((await healthcheck('grpc')).output, /SERVING/);

  started.child.kill('SIGTERM');
  t.is(await started.exit, 0);
  for (const role of ['grpc', 'http', 'worker']) {
    const gone = await healthcheck(role);
    t.is(gone.code, 1, role);
    t.regex(gone.output, /unhealthy/);
  }
  t.is((await healthcheck('cron')).code, 1);
});

import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { waitUntil } from '../../src/local-services/process-tools';
import { startCliProcess } from '../helpers/cli-process';
import { healthClient, reservationClient } from '../helpers/grpc-client';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';
import { documentedFetch } from '../helpers/openapi-check';
import { freePort } from '../helpers/ports';
import { scanKeys } from '../../src/redis/key-scan';
import { createEngine } from '../helpers/engine';
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

test('serve --roles http starts only the HTTP role, which samples the sync for the ops charts without a worker', async (t) => {
  const own = await createTestRedis(); // no other test's worker samples here
  t.teardown(() => own.cleanup());
  const wallet = createEngine(own.redis).newWallet();
  await createEngine(own.redis).fund(wallet, 5);
  const started = await startCli(['serve', '--roles', 'http'], { REDIS_KEY_PREFIX: own.prefix });
  t.teardown(() => started.child.kill('SIGKILL'));
  t.deepEqual(Object.keys(started.addresses), ['http']);
  const sampled = async () => {
    const [key] = await scanKeys(own.redis, `${own.prefix}ops:{timeline}:*`);
    return key === undefined ? null : own.redis.hget(key.slice(own.prefix.length), 'outbox');
  };
  await waitUntil('the sync sampled by the HTTP role', async () => (await sampled()) !== null, 10_000);
  t.is(await sampled(), '1', 'the top-up waiting in the outbox');
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
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), METRICS_PORT: '0' }; // no metrics port: tests run side by side
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
  const started = await startCli(['serve', '--roles', 'http'], { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), METRICS_PORT: '0' });
  t.teardown(() => started.child.kill('SIGKILL'));
  t.truthy(started.addresses.http, started.lines.join('\n'));
});

test('healthcheck ROLE (and its light entry point) exits 0 while the role serves and 1 once it is gone (the containers\' health check)', async (t) => {
  const metricsPort = await freePort();
  const started = await startCli(['serve'], { METRICS_PORT: String(metricsPort) });
  t.teardown(() => started.child.kill('SIGKILL'));
  const portOf = (address: string) => address.split(':').at(-1)!;
  const env = {
    ...process.env, MYSQL_URL: database.url, GRPC_PORT: portOf(started.addresses.grpc!), HTTP_PORT: portOf(started.addresses.http!), METRICS_PORT: String(metricsPort),
  };
  const check = (entry: string[]) => (role: string) =>
    run(process.execPath, ['--import', 'tsx', ...entry, role], { cwd: ROOT, env }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );
  const entries = [check(['src/cli.ts', 'healthcheck']), check(['src/healthcheck.ts'])];
  for (const healthcheck of entries) {
    for (const role of ['grpc', 'http', 'worker']) {
      const healthy = await healthcheck(role);
      t.is(healthy.code, 0, `${role}: ${healthy.output}`);
    }
    t.regex((await healthcheck('grpc')).output, /SERVING/);
  }

  started.child.kill('SIGTERM');
  t.is(await started.exit, 0);
  for (const healthcheck of entries) {
    for (const role of ['grpc', 'http', 'worker']) {
      const gone = await healthcheck(role);
      t.is(gone.code, 1, role);
      t.regex(gone.output, /unhealthy/);
    }
    t.is((await healthcheck('cron')).code, 1);
  }
});

test('the health check entry point loads the configuration and the check, none of the roles\' modules', async (t) => {
  const script = "require('./src/healthcheck.ts'); console.log(JSON.stringify(Object.keys(require.cache)))";
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT });
  const loaded = JSON.parse(stdout) as string[];
  t.true(loaded.some((file) => file.endsWith('healthcheck-command.ts')));
  const heavy = loaded.filter((file) => /node_modules\/(koa|@koa|knex|mysql2|bullmq|graphql|ioredis|@grpc|prom-client)\//.test(file));
  t.deepEqual(heavy, []);
});

test('SIGTERM to the process group of npm (as a service manager stops it) under load is one graceful shutdown', async (t) => {
  const child = spawn('npm', ['run', '--silent', 'cli', '--', 'serve', '--roles', 'grpc'], {
    cwd: ROOT,
    detached: true, // its own process group, as a service manager gives it
    env: { ...process.env, MYSQL_URL: database.url, REDIS_KEY_PREFIX: redis.prefix, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  const lines: string[] = [];
  // 'close': every process holding the pipes (npm, the server) has ended, its last lines read.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const onData = (chunk: Buffer) => lines.push(...chunk.toString().split('\n'));
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  await waitUntil('the server to be ready', async () => lines.some((line) => line.includes('"msg":"ready:')), 30_000);
  const address = /"address":"([^"]+)"/.exec(lines.find((line) => line.includes('"role":"grpc"'))!)![1]!;

  // A busy server: the signal reaches it while its event loop is full of calls.
  const client = reservationClient(address);
  t.teardown(() => client.close());
  let stopped = false;
  let calls = 0;
  const lane = async (laneId: number) => {
    for (let i = 0; !stopped; i++) {
      await client.call('Reserve', { request_id: `pg-${laneId}-${i}`, user_id: `pg-${laneId}`, game_id: 'g', round_id: 'r', amount: '1', currency: 'EUR' }, 5000);
      calls += 1;
    }
  };
  const load = Promise.all(Array.from({ length: 32 }, (_, laneId) => lane(laneId)));
  await waitUntil('some load', async () => calls >= 500, 30_000);
  // The server busy past any relay's patience (tsx waits 30 ms for its child to take a signal, then
  // sends it again, then SIGKILLs): paused while the signal goes to the group, resumed 300 ms later.
  const server = Number(/"pid":(\d+)/.exec(lines.find((line) => line.includes('"msg":"ready:'))!)![1]);
  process.kill(server, 'SIGSTOP');
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  process.kill(server, 'SIGCONT');
  await closed; // npm ends by the signal it was sent (no exit code); what matters is the server behind it
  stopped = true;
  await load;
  const log = lines.join('\n');
  t.is(log.match(/"msg":"shutting down"/g)?.length, 1, log);
  t.regex(log, /"msg":"stopped"/, log);
  t.notRegex(log, /second signal/, log);
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  pull_policy?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; start_period?: string };
  stop_grace_period?: string;
  profiles?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const ROLES = ['grpc', 'http', 'worker'] as const;
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1] ?? NaN);

test('compose: one built image for every role, each with a health check of its own role and a grace period beyond SHUTDOWN_GRACE_MS', (t) => {
  const { services } = compose;
  t.truthy(services.migrate!.build);
  const image = services.migrate!.image;
  for (const role of ROLES) {
    const service = services[role]!;
    t.falsy(service.build, `${role} runs the image migrate builds`);
    t.is(service.image, image, role);
    t.is(service.pull_policy, 'never', role);
    t.deepEqual(service.command, ['serve', '--roles', role]);
    t.deepEqual(service.healthcheck?.test, ['CMD', 'node', 'dist/src/healthcheck.js', role]);
    t.truthy(service.healthcheck?.start_period, role);
    const graceMs = loadConfig({ SHUTDOWN_GRACE_MS: service.environment?.SHUTDOWN_GRACE_MS }).shutdownGraceMs;
    t.true(seconds(service.stop_grace_period ?? '') * 1000 > graceMs, `${role}: stop_grace_period ${service.stop_grace_period} vs SHUTDOWN_GRACE_MS ${graceMs}`);
  }
  t.true(Number(services.worker!.environment!.METRICS_PORT) > 0, 'the worker is checked on its metrics port');
});

test('compose: the database is the MariaDB line the tests run on, and the app reaches it', (t) => {
  const { services } = compose;
  t.is(services.mariadb!.image, 'mariadb:10.11');
  t.regex(services.grpc!.environment!.MYSQL_URL!, /@mariadb:3306\//);
});

test('Prometheus scrapes each role where compose serves its metrics', (t) => {
  const prometheus = parse(read('ops/prometheus/prometheus.yml')) as { scrape_configs: Array<{ static_configs: Array<{ targets: string[]; labels: { role: string } }> }> };
  const targets = prometheus.scrape_configs.flatMap((job) => job.static_configs).map((config) => [config.labels.role, config.targets[0]]);
  const port = compose.services.grpc!.environment!.METRICS_PORT;
  t.deepEqual(Object.fromEntries(targets), { http: `http:${port}`, grpc: `grpc:${port}`, worker: `worker:${port}` });
});

test('compose: the roles need GRPC_AUTH_TOKENS set (as JWT_SECRET), and publish their ports on 127.0.0.1 unless told', (t) => {
  const raw = parse(read('compose.yaml')) as { 'x-app': { environment: Record<string, string> }; services: Record<string, { ports?: string[] }> };
  const env = raw['x-app'].environment;
  t.regex(env.JWT_SECRET!, /^\$\{JWT_SECRET:\?/);
  t.regex(env.GRPC_AUTH_TOKENS!, /^\$\{GRPC_AUTH_TOKENS\?/, 'compose refuses to start while it is unset, rather than restart the gRPC role in a loop');
  for (const role of ['grpc', 'http']) {
    for (const port of raw.services[role]!.ports ?? []) t.regex(port, /^\$\{[A-Z_]+_PUBLISH_ADDRESS:-127\.0\.0\.1\}:/, `${role}: ${port}`);
  }
  for (const service of ['prometheus', 'grafana']) {
    for (const port of raw.services[service]!.ports ?? []) t.regex(port, /^127\.0\.0\.1:/, service);
  }
});

test('compose: the HTTP role keeps its admin data in a Redis of its own, capped, never beside the balances', (t) => {
  const { services } = compose;
  t.is(services.http!.environment!.ADMIN_REDIS_URL, 'redis://admin-redis:6379');
  t.is(services.http!.environment!.REDIS_URL, 'redis://redis:6379', 'the engine\'s Redis as before');
  t.is(services.grpc!.environment!.ADMIN_REDIS_URL, undefined);
  t.truthy(services['admin-redis']);
});

test('compose: the engine\'s store is Valkey 8 as the suite runs it (SPEC §1.10): AOF fsynced on every write, noeviction', (t) => {
  const store = compose.services.redis!;
  t.regex(store.image ?? '', /^valkey\/valkey:8\./);
  t.deepEqual(store.command?.slice(0, 5), ['valkey-server', '--appendonly', 'yes', '--appendfsync', 'always']);
  t.true(store.command?.includes('noeviction'));
});

test('compose: the `replicated` profile is the local topology (a primary, two replicas of it, three Sentinels, quorum 2), and the roles follow REDIS_SENTINELS', (t) => {
  const { services } = compose;
  const nodes = ['redis-primary', 'redis-replica-1', 'redis-replica-2'];
  const sentinels = ['sentinel-1', 'sentinel-2', 'sentinel-3'];
  for (const name of [...nodes, ...sentinels]) t.deepEqual(services[name]?.profiles, ['replicated'], name);
  for (const name of nodes) {
    const command = services[name]!.command!;
    t.deepEqual(command.slice(0, 5), ['valkey-server', '--appendonly', 'yes', '--appendfsync', 'always'], name);
    t.is(command[command.indexOf('--min-replicas-to-write') + 1], '1', name);
  }
  t.false(services['redis-primary']!.command!.includes('--replicaof'));
  for (const name of nodes.slice(1)) t.deepEqual(services[name]!.command!.slice(-3), ['--replicaof', 'redis-primary', '6379']);
  for (const name of sentinels) t.regex(services[name]!.command!.join(' '), /sentinel monitor reservation redis-primary 6379 2/);
  for (const role of ROLES) {
    t.is(services[role]!.environment!.REDIS_SENTINELS, '${REDIS_SENTINELS:-}', role);
    t.is(services[role]!.environment!.REDIS_DURABILITY, '${REDIS_DURABILITY:-local}', role);
  }
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { startCliProcess, type Started } from '../helpers/cli-process';
import { reservationClient } from '../helpers/grpc-client';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';
import { createTestRedis } from '../helpers/redis';
import { freePort } from '../helpers/ports';
import { uniqueQueuePrefix } from '../helpers/worker';
import { documentedFetch } from '../helpers/openapi-check';
import { until } from '../helpers/until';

let database: TestDatabase;
test.before(async () => {
  database = await createTestDatabase({ migrate: true });
});
test.after.always(async () => {
  await database?.drop();
});

/** The roles in a process of their own, on a Redis namespace of the test's own (removed afterwards). */
async function serve(t: { teardown(fn: () => unknown): void }, roles: string, env: Record<string, string> = {}): Promise<Started & { prefix: string }> {
  const redis = await createTestRedis();
  t.teardown(() => redis.cleanup());
  const started = await startCliProcess(['serve', '--roles', roles], {
    MYSQL_URL: database.url,
    REDIS_KEY_PREFIX: redis.prefix,
    QUEUE_PREFIX: uniqueQueuePrefix(),
    ...env,
  });
  t.teardown(() => started.child.kill('SIGKILL'));
  return { ...started, prefix: redis.prefix };
}

/** One sample's value from a Prometheus text page, or undefined. */
function sample(page: string, series: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(url: string): Promise<string> {
  const response = await documentedFetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

test('the gRPC and worker roles serve one merged page on METRICS_PORT: calls, scripts, outbox, sync, queue, process', async (t) => {
  const port = await freePort();
  const started = await serve(t, 'grpc,worker', { METRICS_PORT: String(port) });
  const { prefix } = started;
  const metricsUrl = `http://127.0.0.1:${port}`;
  t.is((await documentedFetch(`${metricsUrl}/healthz`)).status, 200);

  const client = reservationClient(started.addresses.grpc!);
  t.teardown(() => client.close());
  const unfunded = await client.call('Reserve', { request_id: 'm1', user_id: 'mu', game_id: 'mg', round_id: 'r', amount: '5', currency: 'EUR' });
  t.is(unfunded.reply?.status, 'rejected'); // nothing topped up: answered, with status rejected
  const invalid = await client.call('Reserve', { request_id: '', user_id: 'mu', game_id: 'mg', round_id: 'r', amount: '5', currency: 'EUR' });
  t.is(invalid.error?.code, 3);

  const page = await scrape(`${metricsUrl}/metrics`);
  t.is(sample(page, 'reservation_grpc_calls_total{method="Reserve",code="OK"}'), 1);
  t.is(sample(page, 'reservation_grpc_calls_total{method="Reserve",code="INVALID_ARGUMENT"}'), 1);
  t.is(sample(page, 'reservation_grpc_call_duration_seconds_count{method="Reserve"}'), 2);
  t.is(sample(page, 'reservation_redis_script_duration_seconds_count{script="reserve"}'), 1); // the invalid call never reached Redis
  for (const series of ['reservation_outbox_entries', 'reservation_outbox_oldest_age_seconds', 'reservation_sync_lag_seconds', 'reservation_sync_queue_jobs{state="waiting"}', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
    t.not(sample(page, series), undefined, series);
  }

  // The rejected Reserve wrote no outbox entry; a top-up through the engine's scripts does, and the worker applies it.
  const topup = await startCliProcess(['topup', '--user-id', 'mu', '--game-id', 'mg', '--amount', '50'], {
    MYSQL_URL: database.url, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn',
  });
  t.is(await topup.exit, 0);
  await until('the worker to apply the top-up', async () => (sample(await scrape(`${metricsUrl}/metrics`), 'reservation_sync_applied_entries_total') ?? 0) >= 1);
  // The outbox gauges read Redis at most once a second: wait for the page to show the empty outbox.
  await until('the outbox gauge to show the applied entry gone', async () => sample(await scrape(`${metricsUrl}/metrics`), 'reservation_outbox_entries') === 0);
  const after = await scrape(`${metricsUrl}/metrics`);
  t.is(sample(after, 'reservation_sync_lag_seconds'), 0);
  t.true(sample(after, 'reservation_sync_last_applied_timestamp_seconds')! > Date.now() / 1000 - 120);
});

test('the HTTP role serves /metrics with route templates, never raw paths or ids', async (t) => {
  const started = await serve(t, 'http');
  const http = `http://${started.addresses.http}`;
  t.is((await documentedFetch(`${http}/api/games/424242`)).status, 401);
  t.is((await documentedFetch(`${http}/no/such/path/777`)).status, 404);
  const page = await scrape(`${http}/metrics`);
  t.is(sample(page, 'reservation_http_requests_total{method="GET",route="/api/games/:id",status="401"}'), 1);
  t.is(sample(page, 'reservation_http_requests_total{method="GET",route="unmatched",status="404"}'), 1);
  t.is(sample(page, 'reservation_http_request_duration_seconds_count{method="GET",route="/api/games/:id"}'), 1);
  t.false(page.includes('424242'));
  t.false(page.includes('/no/such/path'));
});

test('with NODE_ENV=production the HTTP role serves no /metrics on its API port, only on METRICS_PORT (127.0.0.1 by default)', async (t) => {
  const port = await freePort();
  const started = await serve(t, 'http', { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), METRICS_PORT: String(port) });
  const http = `http://${started.addresses.http}`;
  t.is((await documentedFetch(`${http}/api/games/1`)).status, 401);
  t.is((await documentedFetch(`${http}/metrics`)).status, 404);
  t.is(started.addresses.metrics, `127.0.0.1:${port}`);
  const page = await scrape(`http://127.0.0.1:${port}/metrics`);
  t.is(sample(page, 'reservation_http_requests_total{method="GET",route="/api/games/:id",status="401"}'), 1);
});

test('METRICS_ENABLED=false keeps no metrics: no /metrics page and no metrics port', async (t) => {
  const port = await freePort();
  const started = await serve(t, 'http', { METRICS_ENABLED: 'false', METRICS_PORT: String(port) });
  t.is((await documentedFetch(`http://${started.addresses.http}/metrics`)).status, 404);
  await t.throwsAsync(documentedFetch(`http://127.0.0.1:${port}/metrics`));
});

test('the Grafana dashboard (ops/) queries only metrics that a process running every role exposes', async (t) => {
  const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '../../ops/grafana/reservation-engine.json'), 'utf8')) as {
    panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
  };
  const expressions = dashboard.panels.filter((panel) => panel.type !== 'row').flatMap((panel) => {
    t.true((panel.targets?.length ?? 0) > 0, `${panel.title} has a query`);
    return panel.targets!.map((target) => target.expr);
  });
  const queried = new Set(expressions.flatMap((expr) => expr.match(/\b(reservation|process|nodejs)_[a-z0-9_]+/g) ?? []));
  t.true(queried.size >= 15, `only ${queried.size} metrics queried`);

  const started = await serve(t, 'grpc,http,worker');
  const page = await scrape(`http://${started.addresses.http}/metrics`);
  const families = new Set([...page.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
    type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name!]));
  t.deepEqual([...queried].filter((name) => !families.has(name)), [], 'queried by the dashboard, absent from /metrics');
});

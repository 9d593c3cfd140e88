import { once } from 'node:events';
import test from 'ava';
import { createMetricsRegistry } from '../../src/metrics/metrics-registry';
import { syncMetrics } from '../../src/sync/sync-metrics';
import { createRedisClient } from '../../src/redis/redis-client';
import { createOutboxStore } from '../../src/sync/outbox-store';
import { createSyncQueue } from '../../src/sync/sync-queue';
import { startRedisServer } from '../helpers/redis-server';
import { uniqueQueuePrefix } from '../helpers/worker';

function sample(page: string, series: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// The worker's gauges read Redis on every scrape. With Redis gone (killed here), the page must still
// come back, within the read timeout, with the last values read and Node's process metrics on it.
test('with Redis down the metrics page still answers: last values kept, the failed read counted', async (t) => {
  const server = await startRedisServer();
  t.teardown(() => server.stop());
  const engineRedis = createRedisClient({ url: server.url, role: 'grpc' });
  const queueRedis = createRedisClient({ url: server.url, role: 'queue' });
  queueRedis.on('error', () => undefined);
  engineRedis.on('error', () => undefined);
  t.teardown(() => {
    engineRedis.disconnect();
    queueRedis.disconnect();
  });
  if (engineRedis.status !== 'ready') await once(engineRedis, 'ready');
  const queue = createSyncQueue(queueRedis, uniqueQueuePrefix());
  const outbox = createOutboxStore(engineRedis, 'metrics-test');
  await engineRedis.xadd('o{p00}', '*', 'e', 'x'); // one entry in partition 0's outbox

  let now = Date.now();
  const registry = createMetricsRegistry();
  syncMetrics(registry, { outbox, queueCounts: (...states) => queue.getJobCounts(...states), clock: () => now, readTimeoutMs: 500 });
  const before = await registry.metrics();
  t.is(sample(before, 'reservation_outbox_entries'), 1);
  t.is(sample(before, 'reservation_sync_metrics_read_failures_total'), 0);

  await server.stop();
  now += 5000; // past the one-second cache
  const started = performance.now();
  const during = await registry.metrics();
  t.true(performance.now() - started < 5000);
  t.is(sample(during, 'reservation_outbox_entries'), 1);
  t.is(sample(during, 'reservation_sync_metrics_read_failures_total'), 1);
  t.not(sample(during, 'process_cpu_user_seconds_total'), undefined);
});

import { status as GrpcStatus } from '@grpc/grpc-js';
import anyTest, { type TestFn } from 'ava';
import { createOpsService } from '../../src/admin/ops/ops-service';
import { createLogger } from '../../src/logging/logger';
import { grpcTimeline } from '../../src/metrics/grpc-timeline';
import { BUCKET_MS, bucketOf, LATENCY_BOUNDS_MS, latencySlot, quantileMs } from '../../src/metrics/ops-timeline';
import { createOpsTimelineStore } from '../../src/metrics/ops-timeline-store';
import { startSyncSampler } from '../../src/sync/ops-sampler';
import { createTestApi, type TestApi } from '../helpers/api';
import { createEngine } from '../helpers/engine';
import { errorCodes, gql } from '../helpers/graphql';
import { createTestRedis, type TestRedis } from '../helpers/redis';

const test = anyTest as TestFn<{ redis: TestRedis }>;
test.beforeEach(async (t) => {
  t.context.redis = await createTestRedis('http');
});
test.afterEach.always((t) => t.context.redis?.cleanup());

const silent = createLogger('silent');
/** A clock standing still at `ms` until moved (the buckets are the clock's, not the test's time). */
const clockAt = (ms: number) => {
  const clock = { now: ms, read: () => clock.now };
  return clock;
};

test('slots and the p99: each duration goes to the first bound it does not pass; the estimate interpolates in its slot', (t) => {
  t.is(latencySlot(0.05), 0);
  t.is(latencySlot(1), LATENCY_BOUNDS_MS.indexOf(1));
  t.is(latencySlot(1.01), LATENCY_BOUNDS_MS.indexOf(2.5));
  t.is(latencySlot(60_000), LATENCY_BOUNDS_MS.length, 'past the last bound: the overflow slot');
  const counts = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  t.is(quantileMs(counts, 0.99), null, 'no calls, no p99');
  counts[latencySlot(0.3)] = 98; // (0.25, 0.5]
  counts[latencySlot(3)] = 2; // (2.5, 5]
  // rank 99 is the first of the 2 slow calls: halfway through (2.5, 5]
  t.is(quantileMs(counts, 0.99), 3.75);
  t.is(quantileMs(counts, 0.5), 0.25 + 0.25 * (50 / 98));
  counts[LATENCY_BOUNDS_MS.length] = 100;
  t.is(quantileMs(counts, 0.99), 5000, 'in the overflow slot: its lower bound, the last bound');
});

test("two gRPC processes' calls add up in their bucket: calls/s and p99 over both; the bucket filling now is not shown yet", async (t) => {
  const { redis } = t.context;
  const start = (bucketOf(Date.now()) - 10) * BUCKET_MS; // the start of a bucket, in the recent past
  const clock = clockAt(start + 100);
  const store = createOpsTimelineStore(redis.redis);
  const first = grpcTimeline(store, { logger: silent, clock: clock.read, flushEveryMs: 60_000 });
  const second = grpcTimeline(store, { logger: silent, clock: clock.read, flushEveryMs: 60_000 });
  const reserve = first.observer('Reserve');
  const confirm = second.observer('Confirm');
  for (let i = 0; i < 96; i++) reserve(GrpcStatus.OK, 0.0003);
  await first.flush(); // a flush in the middle of a bucket: the rest adds to the same bucket
  for (let i = 0; i < 2; i++) reserve(GrpcStatus.OK, 0.0003);
  for (let i = 0; i < 2; i++) confirm(GrpcStatus.ABORTED, 0.003); // any status counts: an answered call
  clock.now = start + BUCKET_MS + 10; // the next bucket
  for (let i = 0; i < 5; i++) confirm(GrpcStatus.OK, 0.0008);
  await Promise.all([first.stop(), second.stop()]);

  const ops = createOpsService({ redis: redis.redis, clock: () => start + 2 * BUCKET_MS + 1 });
  const { bucket_seconds, points } = await ops.timeline(1);
  t.is(bucket_seconds, BUCKET_MS / 1000);
  t.is(points.length, 60_000 / BUCKET_MS);
  t.is(points.at(-1)!.at, new Date(start + BUCKET_MS).toISOString(), 'the last whole bucket ends the list');
  const [before, mixed, fast] = points.slice(-3);
  t.like(before, { grpc_calls_per_s: 0, grpc_p99_ms: null, sync_lag_ms: null, outbox_entries: null });
  t.is(mixed!.grpc_calls_per_s, 100 / (BUCKET_MS / 1000));
  t.is(mixed!.grpc_p99_ms, 3.75, 'the 99th of 100 calls is the first of the two slow ones');
  t.is(fast!.grpc_calls_per_s, 5 / (BUCKET_MS / 1000));
  t.is(fast!.grpc_p99_ms, 0.5 + 0.5 * ((0.99 * 5) / 5));
  t.true((await redis.redis.ttl(`ops:{timeline}:${bucketOf(start)}`)) > 15 * 60, 'kept as long as the longest window');
});

test('a worker samples the outbox it sees: backlog and the age of its oldest entry, in the bucket of the sample', async (t) => {
  const { redis } = t.context;
  const engine = createEngine(redis.redis);
  const wallet = engine.newWallet();
  await engine.fund(wallet, 100);
  await engine.fund(wallet, 50);
  const now = Date.now() + 2000; // the oldest entry is ≥ 2 s old by this clock
  const sampler = startSyncSampler(redis.redis, { logger: silent, clock: () => now });
  await sampler.stop(); // the first sample, taken at its start, is done
  await sampler.sample();
  const ops = createOpsService({ redis: redis.redis, clock: () => now + BUCKET_MS });
  const last = (await ops.timeline(1)).points.at(-1)!;
  t.is(last.outbox_entries, 2);
  t.true(last.sync_lag_ms! >= 2000 && last.sync_lag_ms! < 60_000, `lag ${last.sync_lag_ms}`);
  t.is(last.grpc_calls_per_s, 0);
});

test('GraphQL opsTimeline: staff only; minutes 1–15, anything else a 400 naming it', async (t) => {
  const api: TestApi = await createTestApi();
  t.teardown(() => api.close());
  const query = (minutes: string) => `{ opsTimeline(minutes: ${minutes}) { bucket_seconds points { at grpc_calls_per_s grpc_p99_ms sync_lag_ms outbox_entries } } }`;
  t.deepEqual(errorCodes(await gql(api, query('5'))), ['UNAUTHORIZED']);
  t.deepEqual(errorCodes(await gql(api, query('5'), { token: api.users.user.token })), ['FORBIDDEN']);
  for (const bad of ['0', '16']) {
    const reply = await gql(api, query(bad), { token: api.users.moderator.token });
    t.deepEqual(errorCodes(reply), ['BAD_REQUEST']);
    t.regex(reply.body.errors[0].message, /minutes must be an integer from 1 to 15/);
  }
  const reply = await gql(api, query('15'), { token: api.users.admin.token });
  t.is(reply.body.errors, undefined);
  t.is(reply.body.data.opsTimeline.points.length, (15 * 60_000) / BUCKET_MS);
  const defaults = await gql(api, '{ opsTimeline { points { at } } }', { token: api.users.moderator.token });
  t.is(defaults.body.data.opsTimeline.points.length, (5 * 60_000) / BUCKET_MS);
});

import test from 'ava';
import { UnrecoverableError, Worker } from 'bullmq';
import { acceptLedgerWrites, refuseLedgerWrites } from '../helpers/mysql-refusal';
import { waitUntil } from '../../src/local-services/process-tools';
import { createRedisClient } from '../../src/redis/redis-client';
import { createLogger } from '../../src/logging/logger';
import { createOutboxRelay, type RelayOptions } from '../../src/sync/outbox-relay';
import { createOutboxStore } from '../../src/sync/outbox-store';
import { createSyncQueue, LIVE_JOB_STATES } from '../../src/sync/sync-queue';
import { keys, PARTITION_COUNT, partitionTag, walletAddress } from '../../src/redis/wallet-keys';
import { OUTBOX_GROUP } from '../../src/sync/outbox-store';
import { createSyncHarness, type SyncHarness } from '../helpers/sync';

const MOVES = 30;

async function fundMany(sync: SyncHarness, prefix: string): Promise<void> {
  for (let i = 0; i < MOVES; i += 1) await sync.engine.fund({ userId: `${prefix}-${i}`, gameId: 'g', currency: 'EUR' }, 10 + i);
}

/** A relay with no processor behind it: the batches it makes stay in the queue (to be looked at, or failed by the test). */
function loneRelay(sync: SyncHarness, jobs: ReturnType<typeof liveJobs>, options: Partial<RelayOptions> = {}) {
  const relay = createOutboxRelay(createOutboxStore(sync.redis, 'lone-relay'), jobs.queue, createLogger('silent'), {
    batchSize: 20, claimIdleMs: 600_000, maxIdleDelayMs: 50, maxQueuedBatches: 10, lingerMs: 0, ...options,
  });
  relay.start();
  return relay;
}

function liveJobs(sync: SyncHarness) {
  const connection = createRedisClient({ url: sync.config.redis.url, role: 'queue' });
  const queue = createSyncQueue(connection, sync.config.queue.prefix);
  return {
    queue,
    connection,
    all: () => queue.getJobs([...LIVE_JOB_STATES]),
    close: async () => {
      await queue.close();
      connection.disconnect();
    },
  };
}


test('entries that only wait (MySQL down) are never enqueued again, and the queue holds at most SYNC_MAX_QUEUED_BATCHES batches', async (t) => {
  const sync = await createSyncHarness({ SYNC_CLAIM_IDLE_MS: '200', SYNC_MAX_QUEUED_BATCHES: '3' });
  t.teardown(sync.cleanup);
  const jobs = liveJobs(sync);
  t.teardown(jobs.close);
  await fundMany(sync, 'waiting');
  await refuseLedgerWrites(sync);
  await sync.startWorker();

  // Several retries of a batch take longer than many claim intervals (every 100 ms here).
  await waitUntil('a batch retried three times', async () => (await jobs.all()).some((job) => job.attemptsMade >= 3), 30_000);
  const waiting = await jobs.all();
  t.true(waiting.length <= 3, `${waiting.length} batches queued`);
  const inspector = createOutboxStore(sync.redis, 'inspector');
  const ranges = waiting.flatMap((job) => job.data.ranges);
  const carried = await Promise.all(ranges.map((range) => inspector.range(range.partition, range.first, range.last, range.count)));
  const ids = carried.flatMap((entries, i) => entries.map(([id]) => `${ranges[i]!.partition}/${id}`));
  t.is(new Set(ids).size, ids.length, 'no entry is carried by two jobs');
  t.is(await sync.outboxLength(), MOVES, 'nothing was acknowledged');

  await acceptLedgerWrites(sync);
  await sync.drain();
  const rows = await sync.database.db('ledger_entries').select('event_id');
  t.is(rows.length, MOVES);
});

test('entries a relay read but never enqueued (it died in between) are recovered and applied once', async (t) => {
  const sync = await createSyncHarness({ SYNC_CLAIM_IDLE_MS: '300' });
  t.teardown(sync.cleanup);
  await fundMany(sync, 'orphan');
  // A relay that reads every partition and dies before it enqueues anything.
  const ghost = createOutboxStore(sync.redis, 'ghost-relay');
  let read = 0;
  for (let partition = 0; partition < PARTITION_COUNT; partition += 1) {
    await ghost.ensureGroup(partition);
    read += (await ghost.readNewRange(partition, 100))?.count ?? 0;
  }
  t.is(read, MOVES);
  await sync.startWorker();
  await sync.drain(30_000);
  const rows = await sync.database.db('ledger_entries').select('event_id');
  t.is(rows.length, MOVES);
  t.is(new Set(rows.map((row) => row.event_id)).size, MOVES);
});

test('a light load goes out in few batches: one pass gathers the ranges of every partition into one job of up to SYNC_BATCH_SIZE entries', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const jobs = liveJobs(sync);
  t.teardown(jobs.close);
  await fundMany(sync, 'light');
  const relay = loneRelay(sync, jobs, { lingerMs: 50 });
  t.teardown(() => relay.stop());
  const carried = async () => (await jobs.all()).flatMap((job) => job.data.ranges).reduce((sum, range) => sum + range.count, 0);
  await waitUntil('every entry in a batch', async () => (await carried()) === MOVES, 10_000);
  const batches = (await jobs.all()).map((job) => job.data);
  const partitions = new Set(batches.flatMap((batch) => batch.ranges.map((range) => range.partition)));
  t.true(partitions.size > 2, `${partitions.size} partitions`);
  t.true(batches.length <= 2, `${MOVES} entries over ${partitions.size} partitions went out as ${batches.length} batches`);
  t.true(batches.every((batch) => batch.ranges.slice(0, -1).reduce((sum, range) => sum + range.count, 0) < 20), 'a batch stops taking ranges once it holds 20 entries');
});

/** Users whose wallets (game `g`, EUR) share one partition: their outbox entries share one stream. */
function usersOfOnePartition(count: number, prefix: string): string[] {
  const partition = walletAddress(`${prefix}-0`, 'g', 'EUR').partition;
  const users: string[] = [];
  for (let i = 0; users.length < count; i += 1) {
    if (walletAddress(`${prefix}-${i}`, 'g', 'EUR').partition === partition) users.push(`${prefix}-${i}`);
  }
  return users;
}

test('orphans behind a long run of entries that live jobs carry are found: the scan steps over what a job covers', async (t) => {
  // 150 entries in live jobs (MySQL refuses them, so they stay) come before 10 orphans, in one
  // partition; a scan of 20 pages of 5 from the start of the pending list never reached them.
  const sync = await createSyncHarness({ SYNC_CLAIM_IDLE_MS: '200', SYNC_BATCH_SIZE: '5', SYNC_MAX_QUEUED_BATCHES: '1000' });
  t.teardown(sync.cleanup);
  const jobs = liveJobs(sync);
  t.teardown(jobs.close);
  const users = usersOfOnePartition(160, 'behind');
  const partition = walletAddress(users[0]!, 'g', 'EUR').partition;
  for (const userId of users.slice(0, 150)) await sync.engine.fund({ userId, gameId: 'g', currency: 'EUR' }, 10);
  const lone = loneRelay(sync, jobs, { batchSize: 5, maxQueuedBatches: 1000 });
  const carried = async () => (await jobs.all()).flatMap((job) => job.data.ranges).reduce((sum, range) => sum + range.count, 0);
  await waitUntil('150 entries in live jobs', async () => (await carried()) === 150, 20_000);
  await lone.stop();

  for (const userId of users.slice(150)) await sync.engine.fund({ userId, gameId: 'g', currency: 'EUR' }, 10);
  const ghost = createOutboxStore(sync.redis, 'ghost-relay');
  t.is((await ghost.readNewRange(partition, 100))?.count, 10);
  await refuseLedgerWrites(sync);
  await sync.startWorker();

  const ghostPending = async () => {
    const summary = (await sync.redis.xpending(keys.outbox({ tag: partitionTag(partition) }), OUTBOX_GROUP)) as [number, string, string, Array<[string, string]> | null];
    return Number(summary[3]?.find(([consumer]) => consumer === 'ghost-relay')?.[1] ?? 0);
  };
  await waitUntil('the orphans taken over', async () => (await ghostPending()) === 0, 15_000);
  await acceptLedgerWrites(sync);
  await sync.drain(30_000);
  t.is((await sync.database.db('ledger_entries').count({ n: '*' }))[0]!.n, 160);
});

test('a batch BullMQ failed (its worker killed while it ran, past the stall limit) is retried: its entries are applied', async (t) => {
  const sync = await createSyncHarness({ SYNC_CLAIM_IDLE_MS: '200' });
  t.teardown(sync.cleanup);
  const jobs = liveJobs(sync);
  t.teardown(jobs.close);
  await fundMany(sync, 'failed');
  // A relay reads every entry into a job, which then fails as a stalled job does.
  const lone = loneRelay(sync, jobs, { batchSize: 100 });
  await waitUntil('a batch carrying every entry', async () => (await jobs.all()).flatMap((job) => job.data.ranges).reduce((n, r) => n + r.count, 0) === MOVES, 10_000);
  await lone.stop();
  const [job] = await jobs.all();
  const worker = new Worker(job!.queueName, null, { connection: jobs.connection, prefix: sync.config.queue.prefix });
  t.teardown(() => worker.close());
  const token = 'test-token';
  const taken = await worker.getNextJob(token);
  t.is(taken?.id, job!.id);
  // As BullMQ fails a job stalled more often than the limit: whatever attempts are left.
  await taken!.moveToFailed(new UnrecoverableError('job stalled more than allowable limit'), token);
  t.is(await jobs.queue.getJobState(job!.id!), 'failed');
  await worker.close();

  await sync.startWorker();
  await sync.drain(30_000);
  t.is((await sync.database.db('ledger_entries').count({ n: '*' }))[0]!.n, MOVES);
});

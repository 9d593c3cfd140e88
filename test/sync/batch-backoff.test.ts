import test from 'ava';
import { Queue, Worker } from 'bullmq';
import { waitUntil } from '../../src/local-services/process-tools';
import { createRedisClient } from '../../src/redis/redis-client';
import { batchBackoffMs, BATCH_JOB, BATCH_JOB_OPTIONS } from '../../src/sync/sync-queue';
import { testConfig } from '../helpers/test-config';
import { uniqueQueuePrefix } from '../helpers/worker';

// What the README says of a batch MySQL refuses: the first retry after 200 ms, then twice as long
// each time, up to 30 s. Checked against BullMQ itself, which numbers the retries it asks about.
test('a failing batch waits 200 ms before its first retry and 400 ms before its second (BullMQ passes 1 for the first)', async (t) => {
  const connection = createRedisClient({ url: testConfig().redis.url, role: 'queue' });
  const prefix = uniqueQueuePrefix();
  const queue = new Queue('backoff', { connection, prefix });
  const worker = new Worker('backoff', async () => {
    throw new Error('MySQL refuses');
  }, { connection, prefix, settings: { backoffStrategy: (retry: number) => batchBackoffMs(retry) } });
  t.teardown(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });
  const delays: number[] = [];
  worker.on('failed', (job) => delays.push(job!.delay)); // the wait BullMQ scheduled for the next retry
  await queue.add(BATCH_JOB, { ranges: [{ partition: 0, first: '1-0', last: '1-0', count: 1 }] }, BATCH_JOB_OPTIONS);
  await waitUntil('two failed attempts', async () => delays.length >= 2, 10_000);
  t.deepEqual(delays.slice(0, 2), [200, 400]);
  t.deepEqual([3, 4, 10, 50].map(batchBackoffMs), [800, 1600, 30_000, 30_000]);
});

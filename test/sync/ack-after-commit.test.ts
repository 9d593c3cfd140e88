import test from 'ava';
import type { Job } from 'bullmq';
import { createLogger } from '../../src/logging/logger';
import { keys, PARTITION_COUNT, partitionTag } from '../../src/redis/wallet-keys';
import { createOutboxStore, OUTBOX_GROUP, type OutboxStore } from '../../src/sync/outbox-store';
import { createSyncProcessor } from '../../src/sync/sync-processor';
import { BATCH_JOB, recoveredBatch, type BatchJobData, type OutboxRange } from '../../src/sync/sync-queue';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { acceptLedgerWrites, refuseLedgerWrites } from '../helpers/mysql-refusal';
import { createSyncHarness, type SyncHarness } from '../helpers/sync';

// SPEC §1.7: an outbox entry is removed only after MySQL committed it. Deterministic crash points
// around the commit, at the processor: MySQL refuses the batch, or the process dies after the commit
// and before the acknowledgement. Either way the entries stay pending and land exactly once.
const WALLETS = 6;

async function readBatches(sync: SyncHarness, outbox: OutboxStore): Promise<BatchJobData[]> {
  for (let i = 0; i < WALLETS; i += 1) await sync.engine.fund({ userId: `ack-${i}`, gameId: 'g', currency: 'EUR' }, 100 + i);
  return readOutbox(outbox);
}

/** Every entry of the outbox, read by one consumer: the batches a worker would take. */
async function readOutbox(outbox: OutboxStore): Promise<BatchJobData[]> {
  const batches: BatchJobData[] = [];
  for (let partition = 0; partition < PARTITION_COUNT; partition += 1) {
    await outbox.ensureGroup(partition);
    const range = await outbox.readNewRange(partition, 100);
    if (range) batches.push({ ranges: [{ partition, ...range }] });
  }
  return batches;
}

const job = (data: BatchJobData) => ({ name: BATCH_JOB, data }) as Job<BatchJobData>;

async function pendingCount(sync: SyncHarness, batches: BatchJobData[]): Promise<number> {
  let pending = 0;
  for (const { partition } of batches.flatMap((batch) => batch.ranges)) {
    const [count] = (await sync.redis.xpending(keys.outbox({ tag: partitionTag(partition) }), OUTBOX_GROUP)) as [number];
    pending += Number(count);
  }
  return pending;
}

function processorFor(sync: SyncHarness, outbox: OutboxStore) {
  return createSyncProcessor({
    db: sync.database.db,
    outbox,
    wallet: createWalletStore(sync.redis),
    settledRetentionS: 60,
    idempotencyTtlS: 60,
    reservationTimeoutS: 0,
    logger: createLogger('silent'),
  });
}

const rowsOf = async (sync: SyncHarness, table: string) => Number((await sync.database.db(table).count({ n: '*' }))[0]!.n);
const ledgerRows = (sync: SyncHarness) => rowsOf(sync, 'ledger_entries');

/** A reservation confirmed at once: three entries (top-up, reserve, confirm) in one partition. */
async function settledTransaction(sync: SyncHarness): Promise<string> {
  const wallet = { userId: 'retained', gameId: 'g', currency: 'EUR' };
  await sync.engine.fund(wallet, 100);
  const { transactionId } = await sync.engine.wallet.reserve({ ...wallet, requestId: 'r1', roundId: 'round', amount: '40' });
  await sync.engine.wallet.confirm({ requestId: 'c1', transactionId, roundId: 'round', winAmount: '0' });
  return transactionId;
}

test('a batch MySQL refuses is not acknowledged: its entries stay pending and land once when MySQL takes them', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  const batches = await readBatches(sync, outbox);
  const process = processorFor(sync, outbox);

  await refuseLedgerWrites(sync);
  for (const batch of batches) await t.throwsAsync(process(job(batch)));
  t.is(await pendingCount(sync, batches), WALLETS, 'every entry is still pending');
  t.is(await sync.outboxLength(), WALLETS, 'and still in the outbox');
  t.is(await ledgerRows(sync), 0);

  await acceptLedgerWrites(sync);
  for (const batch of batches) await process(job(batch));
  t.is(await ledgerRows(sync), WALLETS);
  t.is(await sync.outboxLength(), 0);
  t.is(await pendingCount(sync, batches), 0);
});

test('a process that dies after the commit and before the acknowledgement applies the batch again, exactly once', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  const batches = await readBatches(sync, outbox);
  // The crash point: the acknowledgement never happens (the process is gone by then).
  const dying: OutboxStore = { ...outbox, acknowledge: async () => Promise.reject(new Error('killed before the acknowledgement')) };

  for (const batch of batches) await t.throwsAsync(processorFor(sync, dying)(job(batch)), { message: /killed/ });
  t.is(await ledgerRows(sync), WALLETS, 'MySQL committed');
  t.is(await pendingCount(sync, batches), WALLETS, 'the entries are still pending');

  const process = processorFor(sync, outbox);
  for (const batch of batches) await process(job(batch));
  for (const batch of batches) await process(job(batch)); // and a late duplicate delivery
  t.is(await ledgerRows(sync), WALLETS, 'each entry landed exactly once');
  t.is(await sync.outboxLength(), 0);
});

test('a settled transaction starts its retention only once MySQL holds it: no expiry while a batch is refused', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  const transactionId = await settledTransaction(sync);
  const batches = await readOutbox(outbox);
  const process = processorFor(sync, outbox);

  await refuseLedgerWrites(sync);
  for (const batch of batches) await t.throwsAsync(process(job(batch)));
  t.is(await sync.redis.ttl(keys.transaction(transactionId)), -1, 'no expiry before the commit');
  t.is(await pendingCount(sync, batches), 3);

  await acceptLedgerWrites(sync);
  for (const batch of batches) await process(job(batch));
  const ttl = await sync.redis.ttl(keys.transaction(transactionId));
  t.true(ttl > 0 && ttl <= 60, `TTL ${ttl}: within max(SETTLED_RETENTION_S, IDEMPOTENCY_TTL_S) = 60`);
});

test('a batch whose transactions upsert MySQL refuses leaves both tables empty and its entries pending', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  await settledTransaction(sync);
  const batches = await readOutbox(outbox);
  await sync.database.db.raw(
    "CREATE TRIGGER refuse_transactions BEFORE INSERT ON transactions FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'",
  );
  for (const batch of batches) await t.throwsAsync(processorFor(sync, outbox)(job(batch)), { message: /refused by the test/ });
  t.is(await rowsOf(sync, 'transactions'), 0);
  t.is(await ledgerRows(sync), 0, 'the ledger rows of the batch rolled back with it');
  t.is(await pendingCount(sync, batches), 3);
  t.is(await sync.outboxLength(), 3);
});

/** Three top-ups of one wallet: three entries of one partition, read as one range. */
async function threeEntryRange(sync: SyncHarness, outbox: OutboxStore): Promise<OutboxRange> {
  for (let i = 1; i <= 3; i += 1) await sync.engine.fund({ userId: 'gap', gameId: 'g', currency: 'EUR' }, i);
  const ranges = (await readOutbox(outbox)).flatMap((batch) => batch.ranges);
  if (ranges.length !== 1 || ranges[0]!.count !== 3) throw new Error(`setup: expected one range of three entries, got ${JSON.stringify(ranges)}`);
  return ranges[0]!;
}

test('a recovered batch lists its ids: the entry in its gap (another job\'s) is neither applied nor acknowledged', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  const range = await threeEntryRange(sync, outbox);
  const all = await outbox.range(range.partition, range.first, range.last, range.count);
  const [first, middle, last] = all.map(([id]) => id);

  await processorFor(sync, outbox)(job(recoveredBatch(range.partition, [first!, last!])));
  t.is(await ledgerRows(sync), 2);
  t.deepEqual((await outbox.range(range.partition, '-', '+', 10)).map(([id]) => id), [middle], 'only the gap is left in the outbox');
  t.is(await pendingCount(sync, [{ ranges: [range] }]), 1);

  await processorFor(sync, outbox)(job({ ranges: [range] })); // the job of the whole range comes after: only the gap is left to apply
  t.is(await ledgerRows(sync), 3);
  t.is(await sync.outboxLength(), 0);
});

test('a batch queued by a worker from before ranges (the entries in the job) is still applied', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  const range = await threeEntryRange(sync, outbox);
  const entries = await outbox.range(range.partition, range.first, range.last, range.count);
  const legacy = { partition: range.partition, entries } as unknown as BatchJobData;
  t.like(await processorFor(sync, outbox)(job(legacy)), { applied: 3 });
  t.is(await ledgerRows(sync), 3);
  t.is(await sync.outboxLength(), 0);
  t.like(await processorFor(sync, outbox)(job({ ranges: [range] })), { applied: 0 }, 'a range whose entries are gone is a no-op');
});

test('a batch of several partitions\' ranges lands in one MySQL transaction and is acknowledged in each partition', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const outbox = createOutboxStore(sync.redis, 'test-consumer');
  const batch: BatchJobData = { ranges: (await readBatches(sync, outbox)).flatMap((b) => b.ranges) };
  t.true(batch.ranges.length > 1, `${batch.ranges.length} partitions`);
  const process = processorFor(sync, outbox);

  await refuseLedgerWrites(sync);
  await t.throwsAsync(process(job(batch)));
  t.is(await ledgerRows(sync), 0);
  t.is(await pendingCount(sync, [batch]), WALLETS);

  await acceptLedgerWrites(sync);
  t.like(await process(job(batch)), { applied: WALLETS });
  t.is(await sync.outboxLength(), 0);
  t.is(await pendingCount(sync, [batch]), 0);
});

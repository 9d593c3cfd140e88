import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Knex } from 'knex';
import type { Registry } from 'prom-client';
import type { Config } from '../config';
import type { RunningRole } from '../lifecycle/running-role';
import type { Logger } from '../logging/logger';
import { syncMetrics } from './sync-metrics';
import type { DurableAck } from '../redis/durable-ack';
import type { RedisLike } from '../redis/script-registry';
import type { WalletStore } from '../wallet/wallet-store';
import type { BatchCompanion } from './ledger-repository';
import { createOutboxRelay } from './outbox-relay';
import { startSyncSampler } from './ops-sampler';
import { createOutboxStore } from './outbox-store';
import { createSyncProcessor } from './sync-processor';
import { batchBackoffMs, createSyncQueue, SWEEP_JOB, SYNC_QUEUE } from './sync-queue';

export interface WorkerRoleDeps {
  readonly config: Pick<Config, 'queue' | 'engine' | 'sync'>;
  readonly db: Knex;
  /** Engine keys (outbox, transactions), with the configured key prefix. */
  readonly redis: RedisLike;
  /** BullMQ's own connection (no key prefix: BullMQ has its own). */
  readonly queueConnection: ConnectionOptions;
  readonly wallet: WalletStore;
  readonly logger: Logger;
  /** The process's metrics registry; without it the role keeps none. */
  readonly metrics?: Registry;
  /** Writes made with each batch in its transaction (see SyncProcessorDeps.alongside). */
  readonly alongside?: BatchCompanion;
  /** REDIS_DURABILITY=replicated: only entries the replicas hold move to MySQL. */
  readonly durableAck?: DurableAck | null;
  /** False: no report rollups (only the bench's baseline drain, bench/reports.ts). */
  readonly rollups?: boolean;
}

/**
 * The sync worker: an outbox relay feeding BullMQ, processors applying batches to MySQL, (with
 * RESERVATION_TIMEOUT_S) a repeatable expiry sweep, and the sync's points on the ops timeline. Any
 * number of workers can run side by side.
 */
export async function startWorkerRole(deps: WorkerRoleDeps): Promise<RunningRole> {
  const { config, logger } = deps;
  const consumer = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const outbox = createOutboxStore(deps.redis, consumer, { durableAck: deps.durableAck });
  const queue = createSyncQueue(deps.queueConnection, config.queue.prefix);
  const processor = createSyncProcessor({
    db: deps.db,
    outbox,
    wallet: deps.wallet,
    settledRetentionS: config.engine.settledRetentionS,
    idempotencyTtlS: config.engine.idempotencyTtlS,
    reservationTimeoutS: config.engine.reservationTimeoutS,
    logger,
    alongside: deps.alongside,
    rollups: deps.rollups,
    onApplied: deps.metrics && syncMetrics(deps.metrics, { outbox, queueCounts: (...states) => queue.getJobCounts(...states) }),
  });
  const worker = new Worker(SYNC_QUEUE, processor, {
    connection: deps.queueConnection,
    prefix: config.queue.prefix,
    concurrency: config.sync.concurrency,
    // A killed worker's job is retried after this; the relay's claim usually recovers its entries first.
    lockDuration: 10_000,
    stalledInterval: 5_000,
    // A batch whose worker died goes back to the queue however often that happens (BullMQ would fail
    // it after one stall): applying it again is a no-op, and failing it would leave its entries pending.
    maxStalledCount: 1_000_000,
    settings: { backoffStrategy: (retry: number) => batchBackoffMs(retry) },
  });
  worker.on('failed', (job, error) =>
    logger.warn({ err: error, job: job?.id, attempts: job?.attemptsMade }, 'sync job failed; it will be retried'),
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'sync worker error'));
  queue.on('error', (error) => logger.warn({ err: error }, 'sync queue error'));

  const timeoutS = config.engine.reservationTimeoutS;
  if (timeoutS > 0) {
    const everyMs = Math.max(1000, Math.min(timeoutS * 250, 10_000));
    await queue.upsertJobScheduler(SWEEP_JOB, { every: everyMs }, { name: SWEEP_JOB, opts: { removeOnComplete: true, removeOnFail: 100 } });
  } else {
    await queue.removeJobScheduler(SWEEP_JOB);
  }

  const relay = createOutboxRelay(outbox, queue, logger, {
    batchSize: config.sync.batchSize,
    claimIdleMs: config.sync.claimIdleMs,
    maxIdleDelayMs: 100,
    maxQueuedBatches: config.sync.maxQueuedBatches,
    lingerMs: config.sync.lingerMs,
  });
  relay.start();
  const sampler = startSyncSampler(deps.redis, { logger });
  logger.info({ consumer }, 'sync worker started');
  return {
    name: 'worker',
    stop: async () => {
      await sampler.stop();
      await relay.stop();
      await worker.close();
      await queue.close();
    },
  };
}

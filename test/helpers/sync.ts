import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type Redis from 'ioredis';
import type { Config, Env } from '../../src/config';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import { deleteMatching } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';
import { keys, PARTITION_COUNT, partitionTag } from '../../src/redis/wallet-keys';
import { createTransactionArchive } from '../../src/sync/transaction-archive';
import { startWorkerRole } from '../../src/sync/worker-role';
import { auditWalletMovesFromLedger } from '../../src/admin/balance/topup-audit';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { waitUntil } from '../../src/local-services/process-tools';
import { markMigrated } from './redis';
import { createEngine, type Engine } from './engine';
import { createTestDatabase, type TestDatabase } from './mysql';
import { testConfig } from './test-config';

const ROOT = path.resolve(__dirname, '../..');

export interface SyncHarness {
  readonly config: Config;
  readonly database: TestDatabase;
  /** Engine-side client (the key prefix applied). */
  readonly redis: Redis;
  readonly engine: Engine;
  /** The environment a worker process needs to work on this harness' keys, queue and database. */
  readonly env: Record<string, string>;
  startWorker(): Promise<RunningRole>;
  spawnWorker(): ChildProcess;
  outboxLength(): Promise<number>;
  drain(timeoutMs?: number): Promise<void>;
  /** Waits until these settled transactions' records have expired from Redis. */
  untilLeftRedis(transactionIds: readonly string[]): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * A test's own corner of the sync: a migrated database, a Redis key prefix, a BullMQ queue prefix,
 * and the engine wired to MySQL as its archive. Workers run in-process or as child processes.
 */
export async function createSyncHarness(overrides: Env = {}, options: { mysqlServerUrl?: string; clock?: () => number } = {}): Promise<SyncHarness> {
  const database = await createTestDatabase({ migrate: true, serverUrl: options.mysqlServerUrl });
  const tag = randomBytes(5).toString('hex');
  const env: Record<string, string> = {
    REDIS_KEY_PREFIX: `test:${tag}:`,
    QUEUE_PREFIX: `{tq${tag}}`,
    MYSQL_URL: database.url,
    SYNC_CLAIM_IDLE_MS: '1500',
    ...(overrides as Record<string, string>),
  };
  const config = testConfig(env);
  const redis = createRedisClient({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, role: 'worker' });
  redis.on('error', () => undefined);
  // The engine's own client fails fast like the gRPC role's: an outage is an error, never a hang.
  const engineRedis = createRedisClient({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, role: 'grpc' });
  engineRedis.on('error', () => undefined);
  await waitUntil('redis', async () => engineRedis.status === 'ready', 10_000);
  await markMigrated(engineRedis);
  const engine = createEngine(engineRedis, {
    idempotencyTtlS: config.engine.idempotencyTtlS,
    reservationTimeoutS: config.engine.reservationTimeoutS,
    archive: createTransactionArchive(database.db),
    clock: options.clock,
  });
  const stoppers: Array<() => Promise<void>> = [];
  const children: ChildProcess[] = [];

  const outboxLength = async () => {
    const lengths = await Promise.all(
      Array.from({ length: PARTITION_COUNT }, (_, p) => redis.xlen(keys.outbox({ tag: partitionTag(p) }))),
    );
    return lengths.reduce((sum, n) => sum + n, 0);
  };

  return {
    config,
    database,
    redis,
    untilLeftRedis: (transactionIds) =>
      waitUntil('settled records expire', async () => (await redis.exists(...transactionIds.map((id) => keys.transaction(id)))) === 0, 10_000),
    engine,
    env,
    async startWorker() {
      const workerRedis = createRedisClient({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, role: 'worker' });
      const queueConnection = createRedisClient({ url: config.redis.url, role: 'queue' });
      for (const client of [workerRedis, queueConnection]) client.on('error', () => undefined);
      const role = await startWorkerRole({
        config,
        db: database.db,
        redis: workerRedis,
        queueConnection,
        wallet: createWalletStore(workerRedis),
        logger: createLogger('silent'),
        alongside: auditWalletMovesFromLedger,
      });
      const stop = async () => {
        await role.stop(2000);
        workerRedis.disconnect();
        queueConnection.disconnect();
      };
      stoppers.push(stop);
      return { ...role, stop };
    },
    spawnWorker() {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--roles', 'worker'], {
        cwd: ROOT,
        env: { ...process.env, ...env, LOG_LEVEL: 'error' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    },
    outboxLength,
    async drain(timeoutMs = 60_000) {
      await waitUntil('the outbox to drain', async () => (await outboxLength()) === 0, timeoutMs);
    },
    async cleanup() {
      for (const child of children) child.kill('SIGKILL');
      for (const stop of stoppers.splice(0)) await stop().catch(() => undefined);
      redis.disconnect();
      engineRedis.disconnect();
      const raw = createRedisClient({ url: config.redis.url, role: 'cli' });
      for (const pattern of [`${config.redis.keyPrefix}*`, `${config.queue.prefix}*`]) await deleteMatching(raw, pattern);
      raw.disconnect();
      await database.drop();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config';
import { createKnex } from '../../src/db/knex-factory';
import { runMigrations } from '../../src/db/migrations';
import { createLogger } from '../../src/logging/logger';
import { deleteMatching } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';
import { keys, PARTITION_COUNT, partitionTag } from '../../src/redis/wallet-keys';
import { startWorkerRole } from '../../src/sync/worker-role';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';

export interface DrainOptions {
  readonly moves: number;
  readonly concurrency: number;
  readonly batch: number;
  /** The wallets' games (each wallet in one of them; default 1). */
  readonly games?: number;
  /** False: the worker keeps no report rollups (the baseline of bench:reports). */
  readonly rollups?: boolean;
  /** Runs while the worker drains (a CPU profile's start), and after it (its stop). */
  readonly around?: { start(): Promise<void>; stop(): Promise<void> };
}

export interface DrainResult {
  readonly rows: number;
  readonly seconds: number;
  /** The worker process's CPU per ledger row (µs): user and system. */
  readonly cpuUserUs: number;
  readonly cpuSystemUs: number;
}

/**
 * One drain of the sync worker alone: fills the outbox with the engine's mix of moves (a top-up per
 * wallet over 1,000 wallets in `games` games, then reserve + confirm pairs) while no worker runs, then starts one
 * worker and times how long MySQL takes to hold every ledger row. Works under a fresh key prefix,
 * queue prefix and database of its own, all removed afterwards.
 */
export async function drainOnce(options: DrainOptions): Promise<DrainResult> {
  const tag = randomBytes(4).toString('hex');
  const base = loadConfig(process.env);
  const dbName = `bench_${tag}`;
  const admin = createKnex(base.mysql.url, { min: 0, max: 1 });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const mysqlUrl = new URL(base.mysql.url);
  mysqlUrl.pathname = `/${dbName}`;
  const config = loadConfig({
    ...process.env,
    MYSQL_URL: mysqlUrl.toString(),
    REDIS_KEY_PREFIX: `bench:${tag}:`,
    QUEUE_PREFIX: `{bench${tag}}`,
    SYNC_CONCURRENCY: String(options.concurrency),
    SYNC_BATCH_SIZE: String(options.batch),
  });
  const db = createKnex(config.mysql.url, { min: 0, max: 16 });
  await runMigrations(db);
  const redis = createRedisClient({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, role: 'worker' });
  const queueConnection = createRedisClient({ url: config.redis.url, role: 'queue' });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  const total = options.moves;
  try {
    const users = Array.from({ length: Math.min(1000, total) }, (_, i) => `u${i}`);
    const gameOf = (user: number) => `bench${user % (options.games ?? 1)}`;
    await Promise.all(users.map((userId, i) => wallet.topup({ userId, gameId: gameOf(i), currency: 'EUR', amount: '1000000', comment: '' })));
    for (let i = users.length; i < total; i += 400) {
      await Promise.all(Array.from({ length: Math.min(200, Math.floor((total - i) / 2)) }, async (_, j) => {
        const user = (i + j) % users.length;
        const { transactionId } = await wallet.reserve({ userId: users[user]!, gameId: gameOf(user), currency: 'EUR', requestId: `r${i}-${j}`, roundId: 'round', amount: '5' });
        await wallet.confirm({ requestId: `c${i}-${j}`, transactionId, roundId: '', winAmount: '7' });
      }));
    }
    const filled = (await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => redis.xlen(keys.outbox({ tag: partitionTag(p) }))))).reduce((a, b) => a + b, 0);
    await options.around?.start();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const role = await startWorkerRole({
      config, db, redis, queueConnection, wallet: createWalletStore(redis), logger: createLogger('warn'), rollups: options.rollups,
    });
    let rows = 0;
    while (rows < filled) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = Number((await db('ledger_entries').count({ n: '*' }))[0]!.n);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await role.stop(5000);
    await options.around?.stop();
    return { rows, seconds, cpuUserUs: cpu.user / rows, cpuSystemUs: cpu.system / rows };
  } finally {
    await admin.raw('DROP DATABASE IF EXISTS ??', [dbName]);
    await admin.destroy();
    await db.destroy();
    const raw = createRedisClient({ url: config.redis.url, role: 'cli' });
    for (const pattern of [`${config.redis.keyPrefix}*`, `${config.queue.prefix}*`]) await deleteMatching(raw, pattern);
    raw.disconnect();
    redis.disconnect();
    queueConnection.disconnect();
  }
}

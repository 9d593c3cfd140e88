/**
 * Drain rate of the sync worker alone: fills the outbox with the engine's mix of moves (top-ups, reserves,
 * confirms) while no worker runs, then starts one worker and times how long MySQL takes to hold every
 * ledger row.
 *
 *   npm run bench:drain -- [--moves 50000] [--concurrency 4] [--batch 500] [--profile file.cpuprofile]
 *
 * Prints the worker process's CPU per row over the drain (and, with --profile, writes a V8 profile of
 * the drain alone and prints where its time went).
 *
 * Uses REDIS_URL and the MySQL server of MYSQL_URL; works under a fresh key prefix, queue prefix and
 * database, all removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { startCpuProfile } from './lib/cpu-profiler';
import { summarizeCpuProfile } from './lib/cpu-profile';
import { createKnex } from '../src/db/knex-factory';
import { runMigrations } from '../src/db/migrations';
import { createLogger } from '../src/logging/logger';
import { deleteMatching } from '../src/redis/key-scan';
import { createRedisClient } from '../src/redis/redis-client';
import { keys, PARTITION_COUNT, partitionTag } from '../src/redis/wallet-keys';
import { startWorkerRole } from '../src/sync/worker-role';
import { createWalletService } from '../src/wallet/wallet-service';
import { createWalletStore } from '../src/wallet/wallet-store';

const { values } = parseArgs({
  options: {
    moves: { type: 'string', default: '50000' },
    concurrency: { type: 'string', default: '4' },
    batch: { type: 'string', default: '500' },
    profile: { type: 'string' },
  },
});

async function main() {
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
    SYNC_CONCURRENCY: values.concurrency,
    SYNC_BATCH_SIZE: values.batch,
  });
  const db = createKnex(config.mysql.url, { min: 0, max: 16 });
  await runMigrations(db);
  const redis = createRedisClient({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, role: 'worker' });
  const queueConnection = createRedisClient({ url: config.redis.url, role: 'queue' });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  const total = Number(values.moves);
  try {
    // The engine's mix over 1,000 wallets (every partition): a top-up each, then reserve + confirm
    // pairs; each move is one ledger row, and each pair also one transactions row.
    const users = Array.from({ length: Math.min(1000, total) }, (_, i) => `u${i}`);
    await Promise.all(users.map((userId) => wallet.topup({ userId, gameId: 'bench', currency: 'EUR', amount: '1000000', comment: '' })));
    for (let i = users.length; i < total; i += 400) {
      await Promise.all(Array.from({ length: Math.min(200, Math.floor((total - i) / 2)) }, async (_, j) => {
        const userId = users[(i + j) % users.length]!;
        const { transactionId } = await wallet.reserve({ userId, gameId: 'bench', currency: 'EUR', requestId: `r${i}-${j}`, roundId: 'round', amount: '5' });
        await wallet.confirm({ requestId: `c${i}-${j}`, transactionId, roundId: '', winAmount: '7' });
      }));
    }
    const backlog = async () => (await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) =>
      redis.xlen(keys.outbox({ tag: partitionTag(p) }))))).reduce((a, b) => a + b, 0);
    console.log(`outbox filled: ${await backlog()} entries; starting one worker (concurrency ${values.concurrency}, batch ${values.batch})`);
    const profiler = values.profile ? await startCpuProfile() : null;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const role = await startWorkerRole({
      config, db, redis, queueConnection, wallet: createWalletStore(redis), logger: createLogger('warn'),
    });
    const filled = await backlog();
    let rows = 0;
    while (rows < filled) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = Number((await db('ledger_entries').count({ n: '*' }))[0]!.n);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await role.stop(5000);
    console.log(`drained ${rows} ledger rows in ${seconds.toFixed(2)} s: ${Math.round(rows / seconds)} rows/s`);
    console.log(`worker process CPU: ${((cpu.user + cpu.system) / rows).toFixed(1)} µs per row (user ${(cpu.user / rows).toFixed(1)}, system ${(cpu.system / rows).toFixed(1)})`);
    if (profiler) {
      await profiler.stop(values.profile!);
      const summary = summarizeCpuProfile(values.profile!, 15, () => false);
      for (const line of [...summary.areas.slice(0, 10), ...summary.functions]) {
        console.log(`${(line.share * 100).toFixed(1).padStart(5)}%  ${line.ms.toFixed(0).padStart(6)} ms  ${line.name}`);
      }
    }
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * Redis cost of each engine script: `INFO commandstats` usec_per_call of EVALSHA while only that script
 * runs, plus memory per open reservation and per idempotency record.
 *
 *   npm run bench:scripts -- [--calls 5000]
 *
 * Uses REDIS_URL, writes under a fresh key prefix and deletes it afterwards. It resets Redis' command
 * statistics (CONFIG RESETSTAT), so run it against a Redis whose statistics nobody else needs.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import { loadConfig } from '../src/config';
import { deleteMatching, scanKeys } from '../src/redis/key-scan';
import { createRedisClient } from '../src/redis/redis-client';
import { createWalletService } from '../src/wallet/wallet-service';
import { createWalletStore } from '../src/wallet/wallet-store';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '5000' } } });
const CALLS = Number(values.calls);
const CONCURRENCY = 64;

async function inBatches<T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - start) }, (_, i) => work(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

async function evalshaStats(admin: Redis): Promise<{ calls: number; usecPerCall: number }> {
  const line = (await admin.info('commandstats')).split('\n').find((l) => l.startsWith('cmdstat_evalsha:'));
  const calls = Number(/calls=(\d+)/.exec(line ?? '')?.[1] ?? 0);
  const usecPerCall = Number(/usec_per_call=([\d.]+)/.exec(line ?? '')?.[1] ?? 0);
  return { calls, usecPerCall };
}

async function usedMemory(admin: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1]);
}

async function main() {
  const config = loadConfig(process.env);
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const redis = createRedisClient({ url: config.redis.url, keyPrefix: prefix, role: 'cli' });
  const admin = new Redis(config.redis.url);
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  const users = Array.from({ length: CALLS }, (_, i) => ({ userId: `user-${i}`, gameId: 'bench', currency: 'EUR' }));
  const rows: Array<[string, number, number]> = [];

  const phase = async (name: string, work: (i: number) => Promise<unknown>) => {
    await admin.config('RESETSTAT');
    await inBatches(CALLS, work);
    const stats = await evalshaStats(admin);
    rows.push([name, stats.calls, stats.usecPerCall]);
  };

  try {
    await phase('topup', (i) => wallet.topup({ ...users[i]!, amount: '1000', comment: 'bench' }));
    const memoryBefore = await usedMemory(admin);
    const reserved: string[] = [];
    await phase('reserve', async (i) => {
      reserved[i] = (await wallet.reserve({ ...users[i]!, requestId: `r-${i}`, roundId: `round-${i}`, amount: '10' })).transactionId;
    });
    const perReservation = (await usedMemory(admin) - memoryBefore) / CALLS;
    await phase('reserve (replay)', (i) => wallet.reserve({ ...users[i]!, requestId: `r-${i}`, roundId: `round-${i}`, amount: '10' }));
    await phase('confirm', (i) => (i % 2 === 0
      ? wallet.confirm({ requestId: `c-${i}`, transactionId: reserved[i]!, roundId: '', winAmount: '15' })
      : Promise.resolve()));
    await phase('cancel', (i) => (i % 2 === 1
      ? wallet.cancel({ requestId: `x-${i}`, transactionId: reserved[i]!, reason: 'bench' })
      : Promise.resolve()));

    const idemKeys = await scanKeys(admin, `${prefix}i*:r:*`);
    const samples = idemKeys.slice(0, 200);
    const idemBytes = (await Promise.all(samples.map((key) => admin.memory('USAGE', key) as Promise<number>)))
      .reduce((sum, n) => sum + n, 0) / Math.max(samples.length, 1);

    console.log(`Redis cost per script (EVALSHA, INFO commandstats), ${CALLS} calls per phase:`);
    console.log('script              calls   usec_per_call');
    for (const [name, calls, usec] of rows) console.log(`${name.padEnd(18)} ${String(calls).padStart(6)}   ${usec.toFixed(2).padStart(8)}`);
    console.log(`memory per open reservation (transaction, index, idempotency record, outbox entry): ${perReservation.toFixed(0)} bytes`);
    console.log(`memory per idempotency record (MEMORY USAGE, mean of ${samples.length}): ${idemBytes.toFixed(0)} bytes`);
  } finally {
    await deleteMatching(admin, `${prefix}*`);
    redis.disconnect();
    admin.disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

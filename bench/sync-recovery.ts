/**
 * The sync's drain after crashes: fills the outbox with `--moves` entries while no worker runs, then
 * drains them with one worker process that is SIGKILLed (and restarted) when a third and when two
 * thirds of the rows are in MySQL. Prints the rate of each third: the first is the normal drain, the
 * two after a kill are the recovery's, so the ratio is taken within one run, on one backlog.
 *
 *   npm run bench:recovery -- [--moves 1000000] [--claim-idle-ms 2000] [--batch 500]
 *
 * Uses REDIS_URL and the MySQL server of MYSQL_URL under a fresh key prefix, queue prefix and database,
 * all removed afterwards.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { deleteMatching } from '../src/redis/key-scan';
import { createRedisClient } from '../src/redis/redis-client';
import { keys, PARTITION_COUNT, partitionTag } from '../src/redis/wallet-keys';
import { createWalletService } from '../src/wallet/wallet-service';
import { createWalletStore } from '../src/wallet/wallet-store';
import { createBenchDatabase } from './lib/bench-database';
import { fmt, table } from './lib/report';
import { migrateBenchRedis } from './lib/processes';
import { startSoakWorker } from './lib/soak/worker-process';

const { values } = parseArgs({
  options: {
    moves: { type: 'string', default: '1000000' },
    'claim-idle-ms': { type: 'string', default: '2000' },
    batch: { type: 'string', default: '500' },
  },
});

async function main() {
  const base = loadConfig(process.env);
  const bench = await createBenchDatabase(base.mysql.url, base.redis.url, 'bench_recovery', 4);
  const queuePrefix = `{${bench.prefix.replace(/\W/g, '')}}`;
  await migrateBenchRedis(base.redis.url, bench.prefix); // the worker refuses a Redis it cannot vouch for
  const redis = createRedisClient({ url: base.redis.url, keyPrefix: bench.prefix, role: 'worker' });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  let worker: ReturnType<typeof startSoakWorker> | null = null;
  try {
    const total = await fill(wallet, Number(values.moves));
    const backlog = async () => (await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) =>
      redis.xlen(keys.outbox({ tag: partitionTag(p) }))))).reduce((a, b) => a + b, 0);
    console.log(`outbox filled: ${fmt(await backlog())} entries (${fmt(total)} moves); one worker drains them, killed at 1/3 and 2/3`);

    worker = startSoakWorker({
      REDIS_URL: base.redis.url, REDIS_KEY_PREFIX: bench.prefix, QUEUE_PREFIX: queuePrefix, MYSQL_URL: bench.url,
      SYNC_CLAIM_IDLE_MS: values['claim-idle-ms']!, SYNC_BATCH_SIZE: values.batch!,
    });
    const rows = async () => Number((await bench.db('ledger_entries').count({ n: '*' }))[0]!.n);
    const thirds: Array<{ phase: string; rows: number; seconds: number }> = [];
    let from = 0;
    let since = performance.now();
    for (const [phase, until] of [['normal drain', total / 3], ['after kill 1', (2 * total) / 3], ['after kill 2', total]] as const) {
      let now = from;
      let movedAt = performance.now();
      while (now < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const seen = await rows();
        if (seen > now) movedAt = performance.now();
        else if (performance.now() - movedAt > 120_000) throw new Error(`the drain stopped at ${seen} rows for 120 s (does the worker start?)`);
        now = seen;
      }
      const at = performance.now();
      thirds.push({ phase, rows: now - from, seconds: (at - since) / 1000 });
      console.log(`${phase}: ${fmt(now - from)} rows in ${((at - since) / 1000).toFixed(1)} s`);
      if (phase !== 'after kill 2') worker.kill();
      from = now;
      since = at;
    }
    const normal = thirds[0]!.rows / thirds[0]!.seconds;
    console.log(table(['phase', 'rows', 'seconds', 'rows/s', 'of normal'], thirds.map((third) => {
      const rate = third.rows / third.seconds;
      return [third.phase, fmt(third.rows), third.seconds.toFixed(1), fmt(rate), (rate / normal).toFixed(2)];
    })));
  } finally {
    await worker?.stop();
    redis.disconnect();
    await bench.drop();
    const raw = createRedisClient({ url: base.redis.url, role: 'cli' });
    await deleteMatching(raw, `${queuePrefix}*`);
    raw.disconnect();
  }
}

/** The engine's mix over 1,000 wallets (every partition): a top-up each, then reserve + confirm pairs. */
async function fill(wallet: ReturnType<typeof createWalletService>, total: number): Promise<number> {
  const users = Array.from({ length: Math.min(1000, total) }, (_, i) => `u${i}`);
  await Promise.all(users.map((userId) => wallet.topup({ userId, gameId: 'bench', currency: 'EUR', amount: '1000000000', comment: '' })));
  let moves = users.length;
  for (let i = users.length; i < total; i += 1000) {
    const pairs = Math.min(500, Math.floor((total - i) / 2));
    await Promise.all(Array.from({ length: pairs }, async (_, j) => {
      const userId = users[(i + j) % users.length]!;
      const { transactionId } = await wallet.reserve({ userId, gameId: 'bench', currency: 'EUR', requestId: `r${i}-${j}`, roundId: 'round', amount: '5' });
      await wallet.confirm({ requestId: `c${i}-${j}`, transactionId, roundId: '', winAmount: '7' });
    }));
    moves += 2 * pairs;
  }
  return moves;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

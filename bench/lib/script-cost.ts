import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deleteMatching, scanKeys } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';

export interface ScriptCosts {
  /** usecPerOp: Redis time per operation (a batch call's time shared by its items; the call's for unary rows). */
  readonly scripts: Array<{ script: string; calls: number; usecPerCall: number; usecPerOp: number }>;
  readonly bytesPerOpenReservation: number;
  readonly bytesPerIdempotencyRecord: number;
}

const BATCH = 64;
const BATCH_SIZE = 100;

async function inBatches(count: number, work: (i: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => work(start + i)));
  }
}

/**
 * Redis' own time per script call (`INFO commandstats`, EVALSHA usec_per_call while only that script
 * runs; CONFIG RESETSTAT between phases), and memory per open reservation and per idempotency record.
 * Works under a fresh key prefix and deletes it afterwards.
 */
export async function measureScriptCosts(redisUrl: string, calls: number): Promise<ScriptCosts> {
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const redis = createRedisClient({ url: redisUrl, keyPrefix: prefix, role: 'cli' });
  const admin = new Redis(redisUrl);
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  const target = (i: number) => ({ userId: `user-${i}`, gameId: 'bench', currency: 'EUR' });
  const scripts: ScriptCosts['scripts'] = [];
  const phase = async (script: string, count: number, work: (i: number) => Promise<unknown>, opsPerCall = 1) => {
    await work(-1).catch(() => undefined); // loads the script (EVAL after NOSCRIPT) outside the measurement
    await admin.config('RESETSTAT');
    await inBatches(count, work);
    const line = (await admin.info('commandstats')).split('\n').find((l) => l.startsWith('cmdstat_evalsha:')) ?? '';
    const usec = Number(/usec=(\d+)/.exec(line)?.[1] ?? 0);
    scripts.push({ script, calls: Number(/calls=(\d+)/.exec(line)?.[1] ?? 0), usecPerCall: Number(/usec_per_call=([\d.]+)/.exec(line)?.[1] ?? 0), usecPerOp: usec / (count * opsPerCall) });
  };
  const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1]);
  try {
    // The floor: a one-command script (one key, one redis.call) in the same run, on the same machine.
    const floorSha = (await admin.script('LOAD', "return redis.call('GET', KEYS[1])")) as string;
    await phase('floor (1 GET)', calls, () => redis.evalsha(floorSha, 1, 'floor'));
    await phase('topup', calls, (i) => wallet.topup({ ...target(i), amount: '1000', comment: 'bench' }));
    const before = await usedMemory();
    const reserved: string[] = [];
    await phase('reserve', calls, async (i) => {
      const reply = await wallet.reserve({ ...target(i), requestId: `r-${i}`, roundId: `round-${i}`, amount: '10' });
      if (i >= 0) reserved[i] = reply.transactionId;
    });
    const bytesPerOpenReservation = ((await usedMemory()) - before) / calls;
    await phase('reserve (replay)', calls, (i) => wallet.reserve({ ...target(Math.max(i, 0)), requestId: `r-${Math.max(i, 0)}`, roundId: `round-${Math.max(i, 0)}`, amount: '10' }));
    const half = Math.floor(calls / 2);
    await phase('confirm', half, (i) => wallet.confirm({ requestId: `c-${i}`, transactionId: reserved[i < 0 ? 0 : i]!, roundId: '', winAmount: '15' }));
    await phase('cancel', half, (i) => wallet.cancel({ requestId: `x-${i}`, transactionId: reserved[i < 0 ? calls - 1 : half + i]!, reason: 'bench' }));
    await phase('confirm (already_confirmed)', half, (i) => wallet.confirm({ requestId: `c2-${i}`, transactionId: reserved[i < 0 ? 0 : i]!, roundId: '', winAmount: '15' }));
    // The same operations in batches of 100 (one call each on this single Redis), over the same wallets.
    const batches = Math.floor(calls / BATCH_SIZE);
    const batchReserved: string[] = [];
    const items = (b: number) => Array.from({ length: BATCH_SIZE }, (_, k) => Math.max(b, 0) * BATCH_SIZE + k);
    await phase(`reserve, batches of ${BATCH_SIZE}`, batches, async (b) => {
      const replies = await wallet.reserveBatch(items(b).map((i) => ({ ...target(i), requestId: `br-${b}-${i}`, roundId: `round-${i}`, amount: '10' })));
      if (b >= 0) items(b).forEach((i, k) => (batchReserved[i] = (replies[k] as { transactionId: string }).transactionId));
    }, BATCH_SIZE);
    const halfBatches = Math.floor(batches / 2);
    await phase(`confirm, batches of ${BATCH_SIZE}`, halfBatches, (b) =>
      wallet.confirmBatch(items(b).map((i) => ({ requestId: `bc-${b}`, transactionId: batchReserved[b < 0 ? 0 : i]!, roundId: '', winAmount: '15' }))), BATCH_SIZE);
    await phase(`cancel, batches of ${BATCH_SIZE}`, halfBatches, (b) =>
      wallet.cancelBatch(items(b < 0 ? batches - 1 : halfBatches + b).map((i) => ({ requestId: `bx-${b}`, transactionId: batchReserved[i]!, reason: 'bench' }))), BATCH_SIZE);
    const samples = (await scanKeys(admin, `${prefix}i*:c:*`)).slice(0, 200);
    const sizes = await Promise.all(samples.map((key) => admin.memory('USAGE', key) as Promise<number>));
    return { scripts, bytesPerOpenReservation, bytesPerIdempotencyRecord: sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length) };
  } finally {
    await deleteMatching(admin, `${prefix}*`);
    redis.disconnect();
    admin.disconnect();
  }
}

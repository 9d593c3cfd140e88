import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Config } from '../../../src/config';
import { createKnex, type Knex } from '../../../src/db/knex-factory';
import { runMigrations } from '../../../src/db/migrations';
import { waitUntil } from '../../../src/local-services/process-tools';
import { keys, PARTITION_COUNT, partitionTag } from '../../../src/redis/wallet-keys';
import { LEDGER_TABLE } from '../../../src/records/ledger-tables';
import { checkRollups } from '../../../src/reports/report-check';
import { reconcile } from '../../../src/sync/reconcile';
import { createWalletService } from '../../../src/wallet/wallet-service';
import { createWalletStore } from '../../../src/wallet/wallet-store';
import { startTcpRelay } from '../tcp-relay';
import { clusterSoakStore, replicatedSoakStore, singleSoakStore, type Disruption } from './soak-store';
import { startNemesis, type FaultRecord, type Nemesis } from './nemesis';
import { acknowledgedWhere, startSoakLoad } from './soak-load';
import { startSoakWorker } from './worker-process';

export interface SoakOptions {
  readonly durationS: number;
  readonly killWorkerEveryS: number;
  /** `single`: one store process restarted on its AOF; `replicated`: primary, 2 replicas, 3 Sentinels (SPEC §1.10). */
  readonly store?: 'single' | 'replicated' | 'cluster';
  /** single store: SIGKILL and restart it this often (0: never). */
  readonly killRedisEveryS: number;
  /** replicated store: SIGKILL the primary this often, Sentinel promotes a replica (0: never). */
  readonly failoverEveryS?: number;
  /** replicated store: SIGSTOP the primary this often until a replica is promoted, then SIGCONT it (0: never). */
  readonly partitionEveryS?: number;
  /** MySQL is cut off this long, starting at a third of the run (0: never). */
  readonly mysqlOutageS: number;
  readonly wallets: number;
  readonly concurrency: number;
  readonly log: (line: string) => void;
  /** A random fault schedule (nemesis.ts) instead of the fixed failovers and partitions. */
  readonly nemesis?: { readonly seed: number; readonly twoDown?: boolean };
  /** Where a failed run keeps every node's and Sentinel's log. */
  readonly keepLogsIn?: string;
}

export interface SoakReport {
  readonly calls: number;
  readonly retried: number;
  /** Batch calls (ReserveBatch, ConfirmBatch, CancelBatch) among the calls. */
  readonly batchCalls: number;
  readonly workerKills: number;
  readonly redisKills: number;
  readonly failovers: number;
  readonly partitions: number;
  /** Per restart, failover or partition: from its signal to the first acknowledgement of a call sent after it. */
  readonly outageWindowsMs: number[];
  /** Every stretch of at least STALL_MS with no call acknowledged (soak-load.ts), whatever caused it. */
  readonly stallsMs: number[];
  /** How long the load ran, which the stalls are a share of. */
  readonly loadRanS: number;
  readonly mysqlOutageS: number;
  readonly acknowledgedMoves: number;
  readonly ledgerRows: number;
  /** Acknowledged moves MySQL does not hold. */
  readonly lost: string[];
  /** Moves MySQL holds more than once. */
  readonly doubled: string[];
  /** Moves MySQL holds that no call acknowledged. */
  readonly unacknowledged: string[];
  /** Wallets whose Redis balances differ from MySQL's ledger (reconcile) or from the acknowledged moves. */
  readonly mismatches: string[];
  readonly errors: string[];
  readonly drainS: number;
  /** The faults a nemesis injected, with their windows. */
  readonly faults: FaultRecord[];
}

export const soakFailed = (r: SoakReport) =>
  r.lost.length + r.doubled.length + r.unacknowledged.length + r.mismatches.length + r.errors.length > 0;

/**
 * The mixed load against a Redis of its own (AOF always) and a database of its own, while the worker
 * is SIGKILLed, Redis is SIGKILLed and restarted on its AOF, and MySQL is cut off; then it drains and
 * checks that every acknowledged move is in MySQL exactly once and every balance agrees.
 */
export async function runSoak(config: Config, options: SoakOptions): Promise<SoakReport> {
  const tag = randomBytes(4).toString('hex');
  const stores = { single: singleSoakStore, replicated: replicatedSoakStore, cluster: clusterSoakStore };
  const store = await stores[options.store ?? 'single'](options.log);
  const mysqlUrl = new URL(config.mysql.url);
  const database = `soak_${tag}`;
  const admin = createKnex(mysqlUrl.toString(), { min: 0, max: 1 });
  await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [database]);
  mysqlUrl.pathname = `/${database}`;
  const db = createKnex(mysqlUrl.toString(), { min: 0, max: 4 });
  // A gate in front of MySQL: closed, the worker sees MySQL stop (the soak never stops a MySQL it may share).
  const gate = await startTcpRelay(mysqlUrl.hostname, Number(mysqlUrl.port || 3306));
  const gatedUrl = new URL(mysqlUrl);
  gatedUrl.hostname = '127.0.0.1';
  gatedUrl.port = String(gate.port);
  const engineRedis = store.client('grpc');
  const cliRedis = store.client('cli');
  for (const client of [engineRedis, cliRedis]) client.on('error', () => undefined);
  const timers: NodeJS.Timeout[] = [];
  let worker: ReturnType<typeof startSoakWorker> | null = null;
  let failed = false;
  try {
    await runMigrations(db);
    worker = startSoakWorker({
      ...store.env, REDIS_KEY_PREFIX: '', QUEUE_PREFIX: `{soak${tag}}`, MYSQL_URL: gatedUrl.toString(), SYNC_CLAIM_IDLE_MS: '2000',
    });
    const wallet = createWalletService({ store: createWalletStore(engineRedis, { durableAck: store.durableAck }), idempotencyTtlS: 86_400 });
    // Which server the engine's connection is on now (0 for a cluster): printed with a lost move or an error.
    const server = () => (engineRedis as { stream?: { remotePort?: number } }).stream?.remotePort ?? 0;
    const load = startSoakLoad(wallet, { wallets: options.wallets, concurrency: options.concurrency, tag, server });
    const disruptions: Record<Disruption, number> = { restart: 0, failover: 0, partition: 0 };
    const outageWindowsMs: number[] = [];
    let disrupting: Promise<unknown> = Promise.resolve();
    const started = Date.now();
    const elapsed = () => Math.round((Date.now() - started) / 1000);
    if (options.killWorkerEveryS > 0) timers.push(setInterval(() => worker!.kill(), options.killWorkerEveryS * 1000));
    const disruptEvery = (kind: Disruption, everyS: number | undefined) => {
      if (!everyS) return;
      // A disruption due while another is under way waits for it (never skipped: a run always gets the
      // disruptions its schedule names, however slow the machine).
      timers.push(setInterval(() => {
        disruptions[kind] += 1;
        let signalledAt = 0;
        let window: Promise<number> | null = null;
        disrupting = disrupting.then(() => store.disrupt(kind, () => {
          signalledAt = Date.now();
          window = load.firstAcknowledgedAfter(signalledAt);
        })
          .then(async (what) => [what, await (window ?? Promise.reject(new Error('no signal was sent')))] as const)
          .then(([what, at]) => {
            outageWindowsMs.push(at - signalledAt);
            options.log(`${elapsed()} s: ${kind} (${what}): calls acknowledged again ${at - signalledAt} ms after the signal`);
          })
          .catch((error: unknown) => options.log(`${kind} failed: ${(error as Error).message}`)));
      }, everyS * 1000));
    };
    let nemesis: Nemesis | null = null;
    if (options.nemesis) {
      if (!store.faults) throw new Error('a nemesis needs the replicated store or a cluster');
      nemesis = startNemesis(store.faults, { ...options.nemesis, log: (line) => options.log(line), acknowledgedAfter: (at) => load.firstAcknowledgedAfter(at) });
    } else if (options.store === 'replicated' || options.store === 'cluster') {
      disruptEvery('failover', options.failoverEveryS);
      disruptEvery('partition', options.partitionEveryS);
    } else {
      disruptEvery('restart', options.killRedisEveryS);
    }
    if (options.mysqlOutageS > 0) {
      const outageAt = (options.durationS * 1000) / 3;
      timers.push(setTimeout(() => {
        options.log(`${elapsed()} s: MySQL cut off for ${options.mysqlOutageS} s`);
        gate.close();
      }, outageAt));
      timers.push(setTimeout(() => {
        options.log(`${elapsed()} s: MySQL back`);
        gate.open();
      }, outageAt + options.mysqlOutageS * 1000));
    }
    timers.push(setInterval(() => options.log(`${elapsed()} s: ${load.calls} calls, ${worker!.kills} worker kills, store disruptions ${JSON.stringify(disruptions)}`), 10_000));
    await new Promise((resolve) => setTimeout(resolve, options.durationS * 1000));
    for (const timer of timers) clearTimeout(timer);
    gate.open();
    const faults = (await nemesis?.stop()) ?? [];
    outageWindowsMs.push(...faults.flatMap((fault) => (fault.windowMs === null ? [] : [fault.windowMs])));
    await disrupting;
    const load1 = await load.stop();

    const drainStarted = Date.now();
    await waitUntil('the outbox to drain', async () => (await outboxLength(cliRedis).catch(() => 1)) === 0, 300_000);
    const drainS = (Date.now() - drainStarted) / 1000;

    const rows = await ledgerMoves(db);
    const lost = [...load1.acknowledged].filter(([move]) => !rows.has(move)).map(([move, stamp]) => `${move} (acknowledged ${acknowledgedWhere(stamp)})`);
    const doubled = [...rows].filter(([, n]) => n > 1).map(([move]) => move);
    const unacknowledged = [...rows.keys()].filter((move) => !load1.acknowledged.has(move));
    const mismatches = (await reconcile(cliRedis, '', db)).mismatches.map((m) => `${m.wallet}: redis ${JSON.stringify(m.redis)} mysql ${JSON.stringify(m.mysql)}`);
    // The report rollups, kept in the ledger's transactions through every kill, equal the ledger's sums.
    const rollups = await checkRollups(db);
    if (!rollups.checked || rollups.mismatchCount > 0) mismatches.push(`report rollups: ${rollups.checked ? `${rollups.mismatchCount} rows differ from the ledger ${JSON.stringify(rollups.mismatches.slice(0, 3))}` : 'not checked'}`);
    for (const w of load1.wallets) {
      const [available, reserved] = load1.expected.get(w.userId) ?? [0n, 0n];
      const balance = await wallet.balance(w.userId, w.gameId, w.currency);
      if (balance.availableBalance !== String(available) || balance.reservedBalance !== String(reserved)) {
        mismatches.push(`${w.userId}: redis ${JSON.stringify(balance)} acknowledged ${available}/${reserved}`);
      }
    }
    const report: SoakReport = {
      faults,
      calls: load1.calls,
      retried: load1.retried,
      batchCalls: load1.batchCalls,
      workerKills: worker.kills,
      redisKills: disruptions.restart,
      failovers: disruptions.failover,
      partitions: disruptions.partition,
      outageWindowsMs,
      stallsMs: load1.stallsMs,
      loadRanS: load1.ranMs / 1000,
      mysqlOutageS: options.mysqlOutageS,
      acknowledgedMoves: load1.acknowledged.size,
      ledgerRows: [...rows.values()].reduce((sum, n) => sum + n, 0),
      lost,
      doubled,
      unacknowledged,
      mismatches,
      errors: load1.errors,
      drainS,
    };
    failed = soakFailed(report);
    return report;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    if (failed && options.keepLogsIn && store.faults?.logsDir) {
      cpSync(store.faults.logsDir, options.keepLogsIn, { recursive: true, filter: (source) => !/appendonly|\.rdb$/.test(source) });
      options.log(`every node's and Sentinel's log kept in ${options.keepLogsIn}`);
    }
    await worker?.stop();
    engineRedis.disconnect();
    cliRedis.disconnect();
    await store.stop();
    await gate.stop();
    await db.destroy();
    await admin.raw('DROP DATABASE IF EXISTS ??', [database]);
    await admin.destroy();
  }
}

async function outboxLength(redis: Redis): Promise<number> {
  const lengths = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => redis.xlen(keys.outbox({ tag: partitionTag(p) }))));
  return lengths.reduce((sum, n) => sum + n, 0);
}

/** MySQL's ledger rows by move identity, with how many rows each has. */
async function ledgerMoves(db: Knex): Promise<Map<string, number>> {
  const rows = (await db(LEDGER_TABLE).select('kind', 'transaction_id', 'topup_id').count({ n: '*' }).groupBy('kind', 'transaction_id', 'topup_id')) as Array<{
    kind: string; transaction_id: string | null; topup_id: number | string | null; n: number;
  }>;
  return new Map(rows.map((row) => [row.kind === 'topup' ? `topup:${row.topup_id}` : `${row.kind}:${row.transaction_id}`, Number(row.n)]));
}

/**
 * The load benchmark: the gRPC hot path against its transport ceiling, a MySQL peer, AOF off, and the
 * sync behind it. Starts its own Redis servers (AOF always / off) on spare ports and a database of its
 * own on the configured MySQL server; removes them afterwards.
 *
 *   npm run bench -- [--duration 10] [--concurrency 64] [--wallets 10000] [--hot 10]
 *                    [--confirm-share 0.7] [--scenario all|echo,engine,batch,metrics,durability,replicated,stores,peer,scripts,sync,limits,watch,apikeys]
 *                    [--batch-sizes 1,10,100,1000] [--connections 4] [--client raw|http2] [--out bench/results] [--smoke]
 *                    [--baseline <git revision>]   (default: the revision before issue 50; '' skips it)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { apiKeySecretHash, newApiKeySecret } from '../src/admin/api-keys/api-key-secret';
import { loadConfig } from '../src/config';
import { createKnex } from '../src/db/knex-factory';
import { runMigrations } from '../src/db/migrations';
import { findBinary, waitUntil } from '../src/local-services/process-tools';
import { createRedisClient } from '../src/redis/redis-client';
import { keys, PARTITION_COUNT, partitionTag } from '../src/redis/wallet-keys';
import { fundEngineWallets } from './lib/engine-wallets';
import { limitEngineWallets } from './lib/engine-limits';
import { measureLedgerWatch, type LedgerWatchStats } from './lib/ledger-watch-load';
import { runBatchFlows } from './lib/batch-flows';
import { BASELINE_REVISION, checkOutBaseline } from './lib/baseline';
import { runClientFlows } from './lib/client-flows';
import { runFlows, type GrpcCaller, type LoadStats } from './lib/flows';
import { H2GrpcClient } from './lib/h2-grpc-client';
import { RawH2GrpcClient } from './lib/raw-h2-client';
import { ensureH2load, h2loadRate } from './lib/h2load';
import { startNode, startRedis, type Managed } from './lib/processes';
import { fmt, scenarioTable, table, writeChart, type ScenarioResult } from './lib/report';
import { BATCH_SIZE, measureScriptCosts, perOperationOverFloor, type ScriptCosts } from './lib/script-cost';
import { freePort } from '../src/local-services/process-tools';
import { createPeerSchema, fundPeerWallets } from './servers/mysql-peer-wallet';
import { createStrongPeerSchema, fundStrongPeerWallets } from './servers/strong-peer-wallet';

/** Calls in flight at which this revision and the baseline are compared (latency at each, throughput at the last). */
const BASELINE_IN_FLIGHT = [1, 16, 256];

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '64' },
    wallets: { type: 'string', default: '10000' },
    hot: { type: 'string', default: '10' },
    'confirm-share': { type: 'string', default: '0.7' },
    scenario: { type: 'string', default: 'all' },
    connections: { type: 'string', default: '4' },
    'batch-sizes': { type: 'string', default: '1,10,100,1000' },
    client: { type: 'string', default: 'raw' },
    out: { type: 'string', default: 'bench/results' },
    smoke: { type: 'boolean', default: false },
    baseline: { type: 'string', default: BASELINE_REVISION },
  },
});

const smoke = values.smoke;
const opts = {
  durationMs: (smoke ? 1 : Number(values.duration)) * 1000,
  concurrency: smoke ? 8 : Number(values.concurrency),
  wallets: smoke ? 200 : Number(values.wallets),
  hot: smoke ? 5 : Number(values.hot),
  confirmShare: Number(values['confirm-share']),
  connections: Number(values.connections),
  scriptCalls: smoke ? 2000 : 5000, // fewer reservations leave the memory figure to allocator noise
  scenarios: new Set(values.scenario === 'all' ? ['echo', 'engine', 'baseline', 'batch', 'metrics', 'durability', 'replicated', 'stores', 'peer', 'scripts', 'sync', 'limits', 'watch', 'apikeys'] : values.scenario!.split(',')),
  batchSizes: values['batch-sizes']!.split(',').map(Number),
};
const GAME = 'bench';
/** The same users in a game whose wallets all have limits (the 'limits' scenario). */
const LIMITED_GAME = 'bench-limited';
/** The caller token and a game id a server API key is scoped to (the 'apikeys' scenario). */
const BENCH_TOKEN = 'bench-caller-token';
const SCOPED_GAME = 424242;
/** WatchLedger subscribers while the engine runs (the 'watch' scenario). */
const WATCHERS = 10;
const BATCH_ITEMS_IN_FLIGHT = 1600;
/** Connection pools the strong peer is tried with, and how long each try runs. */
const PEER_POOL_SWEEP = [2, 4, 8, 16, 32, 64];
const PEER_SWEEP_MS = 4000;
const FUNDS = 1_000_000_000;

async function main() {
  const config = loadConfig(process.env);
  const tag = randomBytes(4).toString('hex');
  const cleanups: Array<() => Promise<unknown>> = [];
  const results: ScenarioResult[] = [];
  const extra: Record<string, unknown> = {};
  try {
    const db = await benchDatabase(config.mysql.url, tag, cleanups);
    const always = await startRedis(await freePort(), 'always');
    const off = await startRedis(await freePort(), 'off');
    cleanups.push(() => always.stop(), () => off.stop());
    const users = Array.from({ length: opts.wallets }, (_, i) => `w${i}`);
    const hot = users.slice(0, opts.hot);
    log(`funding ${users.length} wallets on each Redis and in the peer's tables`);
    await Promise.all([fundEngineWallets(always.url, users, GAME, FUNDS), fundEngineWallets(off.url, users, GAME, FUNDS), fundPeerWallets(db.knex, users, GAME, FUNDS), fundStrongPeerWallets(db.knex, users, GAME, FUNDS)]);

    const flowOptions = (name: string, wallets: readonly string[], gameId = GAME) => ({
      durationMs: opts.durationMs, concurrency: opts.concurrency, wallets, gameId, confirmShare: opts.confirmShare,
      onProgress: (p: { calls: number; errors: number; elapsedMs: number }) => process.stderr.write(`\r  ${name}: ${p.calls} calls, ${p.errors} errors, ${(p.elapsedMs / 1000).toFixed(0)} s   `),
    });
    const loadWith = async <Stats extends LoadStats>(
      name: string, description: string, address: string, run: (client: GrpcCaller) => Promise<Stats>, clientKind = values.client,
    ): Promise<Stats> => {
      const client = clientKind === 'http2' ? new H2GrpcClient(address, opts.connections) : new RawH2GrpcClient(address, opts.connections);
      try {
        const stats = await run(client);
        process.stderr.write('\n');
        results.push({ name, description, ...stats });
        return stats;
      } finally {
        client.close();
      }
    };
    const load = (name: string, description: string, address: string, wallets: readonly string[]): Promise<LoadStats> =>
      loadWith(name, description, address, (client) => runFlows(client, flowOptions(name, wallets)));
    /** `root`: another checkout (the baseline) whose engine runs instead of this one. */
    const engineServer = async (redis: Managed, env: Record<string, string> = {}, processes = 1, root?: string) => {
      const port = await freePort();
      const args = ['serve', '--roles', 'grpc', ...(processes > 1 ? ['--processes', String(processes)] : [])];
      return startNode('src/cli.ts', args, { REDIS_URL: redis.url, MYSQL_URL: db.url, GRPC_HOST: '127.0.0.1', GRPC_PORT: String(port), ...env }, port, [], root);
    };

    const engineRun = async (redis: Managed, name: string, env: Record<string, string> = {}) => {
      const engine = await engineServer(redis, env);
      const aof = redis === off ? 'off' : 'always';
      const metricsOff = env.METRICS_ENABLED === 'false' ? ', METRICS_ENABLED=false' : '';
      const stats = await load(name, `engine, AOF ${aof}, ${users.length} wallets${metricsOff}`, engine.url, users);
      await engine.stop();
      return stats.callsPerSecond;
    };
    /**
     * A / B on the engine as alternating pairs (A, B, A, B, …), each its own server: the machine's
     * run-to-run noise (±20%) drifts over minutes, so each ratio compares neighbours, and the median
     * of the pairs is reported. The first A reuses the 'engine spread' run when there is one.
     */
    const alternatingPairs = async (runA: (pair: number) => Promise<number>, runB: (pair: number) => Promise<number>) => {
      const ratios: number[] = [];
      for (let pair = 1; pair <= (smoke ? 1 : 3); pair += 1) {
        const spread = results.find((r) => r.name === 'engine spread');
        const a = pair === 1 && spread ? spread.callsPerSecond : await runA(pair);
        ratios.push(a / (await runB(pair)));
      }
      return ratios;
    };
    if (opts.scenarios.has('echo')) {
      if (!smoke) await ensureH2load(log);
      const port = await freePort();
      const echo = await startNode('bench/servers/bench-server.ts', ['echo'], { GRPC_PORT: String(port) }, port);
      await load('echo', 'transport ceiling: same grpc-js stack, constant replies', echo.url, users);
      extra.h2load = await h2loadRate(echo.url, opts.durationMs / 1000, opts.concurrency, opts.connections);
      await echo.stop();
    }
    if (opts.scenarios.has('engine')) {
      const engine = await engineServer(always);
      await load('engine spread', `engine, AOF always, ${users.length} wallets`, engine.url, users);
      await load('engine hot', `engine, AOF always, ${hot.length} hot wallets`, engine.url, hot);
      await engine.stop();
      // The same load on `serve --roles grpc --processes 2` (the 4 connections spread over the two).
      const two = await engineServer(always, {}, 2);
      await load('engine spread, 2 processes', `engine in 2 processes (--processes 2), AOF always, ${users.length} wallets`, two.url, users);
      await two.stop();
    }
    if (opts.scenarios.has('baseline')) {
      // This revision's engine against an earlier one's (--baseline), alternating, at 1, 16 and 256
      // calls in flight; and this one with coalescing off at 256.
      const checkout = values.baseline ? checkOutBaseline(values.baseline, log) : null;
      if (checkout) {
        cleanups.push(async () => checkout.remove());
        const storeCalls = storeCallCounter(always.url);
        cleanups.push(async () => storeCalls.close());
        /** The run's figures, and its gRPC calls per script call on the store (how many calls coalescing put in one). */
        const inFlightRun = async (name: string, description: string, inFlight: number, env: Record<string, string> = {}, root?: string) => {
          const engine = await engineServer(always, env, 1, root);
          try {
            const before = await storeCalls.count();
            const stats = await loadWith(name, description, engine.url, (client) => runFlows(client, { ...flowOptions(name, users), concurrency: inFlight }));
            return { ...stats, callsPerStoreCall: stats.calls / Math.max(1, (await storeCalls.count()) - before) };
          } finally {
            await engine.stop();
          }
        };
        const rows: BaselineRow[] = [];
        for (const inFlight of smoke ? [16] : BASELINE_IN_FLIGHT) {
          for (let pair = 1; pair <= (smoke ? 1 : 3); pair += 1) {
            const current = await inFlightRun(`engine, ${inFlight} in flight (pair ${pair})`, `this revision, AOF always, ${users.length} wallets`, inFlight);
            const base = await inFlightRun(`baseline ${checkout.commit}, ${inFlight} in flight (pair ${pair})`, `revision ${checkout.commit}, AOF always, ${users.length} wallets`, inFlight, {}, checkout.root);
            const alone = inFlight === 256 ? await inFlightRun(`engine GRPC_COALESCE=false, ${inFlight} in flight (pair ${pair})`, 'this revision, each unary call alone', inFlight, { GRPC_COALESCE: 'false' }) : undefined;
            rows.push({ inFlight, current, baseline: base, ...(alone ? { uncoalesced: alone } : {}) });
          }
        }
        // The sync: each revision's engine leaves a backlog (256 in flight, no worker), then its own worker
        // drains it (not in a smoke run, whose other scenarios start the worker already).
        const outbox = outboxCounter(always.url);
        cleanups.push(async () => outbox.close());
        const ledgerSequence = async () => Number((await db.knex('ledger_sequence').where({ id: 1 }).first('last'))?.last ?? 0);
        const worker = (root?: string) => startNode('src/cli.ts', ['serve', '--roles', 'worker'], { REDIS_URL: always.url, MYSQL_URL: db.url, QUEUE_PREFIX: `{bench${tag}}` }, undefined, [], root);
        const drainWith = async (root?: string) => {
          const running = await worker(root);
          try {
            return await drainRate(outbox.length, ledgerSequence);
          } finally {
            await running.stop();
          }
        };
        const drains: Array<{ current: number; baseline: number }> = [];
        if (!smoke) log(`baseline: draining the ${await outbox.length()} outbox entries the runs above left`);
        if (!smoke) await drainWith();
        for (let pair = 1; pair <= (smoke ? 0 : 3); pair += 1) {
          await inFlightRun(`engine, backlog for the sync (pair ${pair})`, 'this revision, no worker running', 256);
          const current = (await drainWith()).drainRowsPerSecond;
          await inFlightRun(`baseline ${checkout.commit}, backlog for the sync (pair ${pair})`, `revision ${checkout.commit}, no worker running`, 256, {}, checkout.root);
          drains.push({ current, baseline: (await drainWith(checkout.root)).drainRowsPerSecond });
        }
        extra.baseline = { commit: checkout.commit, rows, drains };
      }
    }
    if (opts.scenarios.has('batch')) {
      const engine = await engineServer(always);
      for (const size of opts.batchSizes) {
        // About 1600 operations in flight (16 batches of 100), as many lanes as the unary flows at most, at least 4.
        const lanes = Math.max(4, Math.min(opts.concurrency, Math.ceil(BATCH_ITEMS_IN_FLIGHT / size)));
        const name = `batch ${size}`;
        // Node's http2 client: a batch's message outgrows the raw client's single DATA frame and window.
        await loadWith(name, `engine, AOF always, ${users.length} wallets, batches of ${size} (${lanes} lanes, http2 client)`, engine.url, (client) =>
          runBatchFlows(client, { ...flowOptions(name, users), concurrency: lanes, batchSize: size }), 'http2',
        );
      }
      const name = `batch client (${opts.concurrency} callers)`;
      const stats = await runClientFlows(engine.url, flowOptions(name, users));
      process.stderr.write('\n');
      results.push({ name, description: `engine, AOF always, ${opts.concurrency} unary-style callers through client/ (auto-batching)`, ...stats });
      await engine.stop();
    }
    if (opts.scenarios.has('durability')) {
      extra.aofPairs = await alternatingPairs(
        (pair) => engineRun(always, `engine spread (AOF always, pair ${pair})`),
        (pair) => engineRun(off, pair === 1 ? 'engine AOF off' : `engine AOF off (pair ${pair})`),
      );
    }
    if (opts.scenarios.has('replicated')) {
      // SPEC §1.10: REDIS_DURABILITY=replicated (WAITAOF 1 1, primary and replica both AOF always)
      // against local on the same load, alternating, unary and batches of 100.
      const primary = await startRedis(await freePort(), 'always');
      const replica = await startRedis(await freePort(), 'always', primary.port);
      cleanups.push(() => replica.stop(), () => primary.stop());
      await fundEngineWallets(primary.url, users, GAME, FUNDS);
      const replicated = { REDIS_DURABILITY: 'replicated', REDIS_DURABILITY_REPLICAS: '1' };
      const unary = async (redis: Managed, name: string, env: Record<string, string> = {}) => {
        const engine = await engineServer(redis, env);
        const stats = await load(name, `engine, ${env.REDIS_DURABILITY ?? 'local'} durability, AOF always, ${users.length} wallets`, engine.url, users);
        await engine.stop();
        return stats;
      };
      const batches = async (redis: Managed, name: string, env: Record<string, string> = {}) => {
        const engine = await engineServer(redis, env);
        const lanes = Math.max(4, Math.min(opts.concurrency, Math.ceil(BATCH_ITEMS_IN_FLIGHT / 100)));
        const stats = await loadWith(name, `engine, ${env.REDIS_DURABILITY ?? 'local'} durability, batches of 100 (${lanes} lanes, http2 client)`, engine.url, (client) =>
          runBatchFlows(client, { ...flowOptions(name, users), concurrency: lanes, batchSize: 100 }), 'http2');
        await engine.stop();
        return stats;
      };
      const pairs: Array<{ unary: number; batches: number; p99: Record<string, number> }> = [];
      for (let pair = 1; pair <= (smoke ? 1 : 3); pair += 1) {
        const localUnary = await unary(always, `unary local (pair ${pair})`);
        const replicatedUnary = await unary(primary, `unary replicated (pair ${pair})`, replicated);
        const localBatches = await batches(always, `batch 100 local (pair ${pair})`);
        const replicatedBatches = await batches(primary, `batch 100 replicated (pair ${pair})`, replicated);
        pairs.push({
          unary: replicatedUnary.callsPerSecond / localUnary.callsPerSecond,
          batches: replicatedBatches.opsPerSecond / localBatches.opsPerSecond,
          p99: { unaryLocal: localUnary.latencyMs.p99, unaryReplicated: replicatedUnary.latencyMs.p99, batchLocal: localBatches.latencyMs.p99, batchReplicated: replicatedBatches.latencyMs.p99 },
        });
      }
      extra.replicatedPairs = pairs;
      log(`replicated / local: unary ${pairs.map((p) => p.unary.toFixed(2)).join(', ')}; batches of 100 ${pairs.map((p) => p.batches.toFixed(2)).join(', ')}`);
    }
    if (opts.scenarios.has('stores')) {
      // Valkey 8 (the project's store) beside Redis where one is installed, the same load alternating:
      // reported side by side until the store-speed work has won the difference back (issue 35).
      const redisServer = findBinary('redis-server');
      if (!redisServer) {
        log('stores: no redis-server on this machine; the Valkey / Redis comparison is skipped');
      } else {
        const redis = await startRedis(await freePort(), 'always', undefined, redisServer);
        cleanups.push(() => redis.stop());
        await fundEngineWallets(redis.url, users, GAME, FUNDS);
        const pairs: Array<{ unary: number; batches: number }> = [];
        for (let pair = 1; pair <= (smoke ? 1 : 3); pair += 1) {
          const onValkey = await engineRun(always, `unary Valkey (pair ${pair})`);
          const onRedis = await engineRun(redis, `unary Redis (pair ${pair})`);
          const batchOn = async (store: Managed, name: string) => {
            const engine = await engineServer(store);
            const lanes = Math.max(4, Math.min(opts.concurrency, Math.ceil(BATCH_ITEMS_IN_FLIGHT / 100)));
            const stats = await loadWith(name, `engine, batches of 100 (${lanes} lanes, http2 client)`, engine.url, (client) =>
              runBatchFlows(client, { ...flowOptions(name, users), concurrency: lanes, batchSize: 100 }), 'http2');
            await engine.stop();
            return stats.opsPerSecond;
          };
          const batchValkey = await batchOn(always, `batch 100 Valkey (pair ${pair})`);
          const batchRedis = await batchOn(redis, `batch 100 Redis (pair ${pair})`);
          pairs.push({ unary: onValkey / onRedis, batches: batchValkey / batchRedis });
        }
        extra.storePairs = pairs;
      }
    }
    if (opts.scenarios.has('metrics')) {
      // Metrics are on by default: the same load on engines with METRICS_ENABLED=false.
      extra.metricsPairs = await alternatingPairs(
        (pair) => engineRun(always, `engine spread (metrics on, pair ${pair})`),
        (pair) => engineRun(always, pair === 1 ? 'engine, metrics off' : `engine, metrics off (pair ${pair})`, { METRICS_ENABLED: 'false' }),
      );
    }
    if (opts.scenarios.has('peer')) {
      // The peer at its best: its connection pool swept on each load, the fastest size used for its row.
      const strongPeer = async (pool: number) => {
        const port = await freePort();
        return startNode('bench/servers/bench-server.ts', ['strong-peer'], { GRPC_PORT: String(port), MYSQL_URL: db.url, MYSQL_PEER_POOL: String(pool) }, port);
      };
      const sweep: Array<{ load: string; pool: number; callsPerSecond: number }> = [];
      for (const [name, wallets] of [['peer spread', users], ['peer hot', hot]] as const) {
        for (const pool of smoke ? [2, 8] : PEER_POOL_SWEEP) {
          const strong = await strongPeer(pool);
          const client = new RawH2GrpcClient(strong.url, opts.connections);
          const stats = await runFlows(client, { ...flowOptions(`${name}, pool ${pool}`, wallets), durationMs: smoke ? 500 : PEER_SWEEP_MS }).finally(() => client.close());
          process.stderr.write('\n');
          sweep.push({ load: name, pool, callsPerSecond: stats.callsPerSecond });
          await strong.stop();
        }
        const best = sweep.filter((row) => row.load === name).reduce((a, b) => (b.callsPerSecond > a.callsPerSecond ? b : a));
        const strong = await strongPeer(best.pool);
        const what = name === 'peer spread' ? `${users.length} wallets` : `${hot.length} hot wallets`;
        await load(name, `MySQL, one prepared stored-procedure CALL per operation (mysql2), pool of ${best.pool} (the best of the sweep), ${what}`, strong.url, wallets);
        await strong.stop();
      }
      extra.peerPoolSweep = sweep;
      const naivePort = await freePort();
      const naive = await startNode('bench/servers/bench-server.ts', ['peer'], { GRPC_PORT: String(naivePort), MYSQL_URL: db.url }, naivePort);
      await load('naive peer spread', `MySQL through knex, SELECT … FOR UPDATE, five round trips, ${users.length} wallets`, naive.url, users);
      await naive.stop();
    }
    if (opts.scenarios.has('scripts')) {
      log('Redis cost per script');
      extra.scripts = await measureScriptCosts(always.url, opts.scriptCalls);
    }
    const startWorker = () => startNode('src/cli.ts', ['serve', '--roles', 'worker'], { REDIS_URL: always.url, MYSQL_URL: db.url, QUEUE_PREFIX: `{bench${tag}}` });
    if (opts.scenarios.has('sync')) {
      const ledgerSequence = async () => Number((await db.knex('ledger_sequence').where({ id: 1 }).first('last'))?.last ?? 0);
      extra.sync = await measureSync(always, startWorker, engineServer, load, users, smoke ? 1 : 3, ledgerSequence);
    }
    if (opts.scenarios.has('limits')) {
      // SPEC §1.11: the same load on wallets that all have a max_bet and a loss limit (every Reserve
      // checks them, every Confirm counts its net loss) against wallets without, alternating.
      log(`limits: funding ${users.length} wallets of ${LIMITED_GAME} and setting their limits`);
      await fundEngineWallets(always.url, users, LIMITED_GAME, FUNDS);
      await limitEngineWallets(always.url, users, LIMITED_GAME);
      const limitedRun = async (gameId: string, name: string) => {
        const engine = await engineServer(always);
        const what = gameId === GAME ? 'no limits' : 'a max_bet and a monthly loss limit on every wallet';
        const stats = await loadWith(name, `engine, AOF always, ${users.length} wallets, ${what}`, engine.url, (client) => runFlows(client, flowOptions(name, users, gameId)));
        await engine.stop();
        return stats.callsPerSecond;
      };
      const pairs: number[] = [];
      for (let pair = 1; pair <= (smoke ? 1 : 3); pair += 1) {
        const without = await limitedRun(GAME, `engine without limits (pair ${pair})`);
        pairs.push((await limitedRun(LIMITED_GAME, `engine with limits (pair ${pair})`)) / without);
      }
      extra.limitsPairs = pairs;
    }
    if (opts.scenarios.has('apikeys')) {
      // SPEC §2.12: callers authenticated by a server API key against GRPC_AUTH_TOKENS, alternating
      // pairs, each run its own server with both on; then once with a key scoped to the load's game.
      const secret = await insertBenchApiKey(db.knex, null);
      const scopedSecret = await insertBenchApiKey(db.knex, [SCOPED_GAME]);
      await fundEngineWallets(always.url, users, String(SCOPED_GAME), FUNDS);
      const authRun = async (name: string, authorization: string, gameId = GAME) => {
        const engine = await engineServer(always, { GRPC_AUTH_TOKENS: BENCH_TOKEN });
        const client = new RawH2GrpcClient(engine.url, opts.connections, authorization);
        try {
          const stats = await runFlows(client, flowOptions(name, users, gameId));
          process.stderr.write('\n');
          results.push({ name, description: `engine, AOF always, ${users.length} wallets, ${name.startsWith('token') ? 'a GRPC_AUTH_TOKENS token' : 'a server API key'}`, ...stats });
          return stats.callsPerSecond;
        } finally {
          client.close();
          await engine.stop();
        }
      };
      const pairs: number[] = [];
      for (let pair = 1; pair <= (smoke ? 1 : 3); pair += 1) {
        const token = await authRun(`token auth (pair ${pair})`, `Bearer ${BENCH_TOKEN}`);
        pairs.push((await authRun(`API key auth (pair ${pair})`, `Bearer ${secret}`)) / token);
      }
      extra.apiKeyPairs = pairs;
      await authRun('API key scoped to the game', `Bearer ${scopedSecret}`, String(SCOPED_GAME));
    }
    if (opts.scenarios.has('watch')) {
      // SPEC §1.11 WatchLedger: 10 subscribers following the ledger while the engine runs with a sync worker.
      const outbox = outboxCounter(always.url);
      const worker = await startWorker();
      const engine = await engineServer(always);
      try {
        log(`watch: draining the ${await outbox.length()} outbox entries earlier scenarios left`);
        await waitUntil('the outbox to empty', async () => (await outbox.length()) === 0, 600_000);
        // At the bench's full load (every core busy: the engine, the worker, MySQL and this process with
        // its 64 flows and 10 subscribers), then at a light one (4 flows), where the tail's own delay shows.
        const full = await measureLedgerWatch(engine.url, db.knex, WATCHERS, () => load('engine + worker + 10 watchers', `engine with a sync worker and ${WATCHERS} WatchLedger subscribers`, engine.url, users));
        const light = await measureLedgerWatch(engine.url, db.knex, WATCHERS, () => loadWith('engine + worker + 10 watchers, 4 flows', `the same at a light load (4 flows)`, engine.url,
          (client) => runFlows(client, { ...flowOptions('4 flows', users), concurrency: 4 })));
        extra.watch = { full, light };
      } finally {
        await engine.stop();
        await worker.stop();
        outbox.close();
      }
    }

    report(results, extra);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/** A server API key in the bench's database (as `POST /api/api-keys` makes one): its secret. */
async function insertBenchApiKey(knex: Knex, gameIds: number[] | null): Promise<string> {
  const secret = newApiKeySecret();
  await knex('api_keys').insert({ name: 'bench', secret_hash: apiKeySecretHash(secret), game_ids: gameIds === null ? null : JSON.stringify(gameIds) });
  return secret;
}

async function benchDatabase(serverUrl: string, tag: string, cleanups: Array<() => Promise<unknown>>) {
  const admin = createKnex(serverUrl, { min: 0, max: 1 });
  const name = `bench_${tag}`;
  await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const knex = createKnex(url.toString(), { min: 0, max: 4 });
  cleanups.push(async () => {
    await knex.destroy();
    await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
    await admin.destroy();
  });
  await runMigrations(knex);
  await createPeerSchema(knex);
  await createStrongPeerSchema(knex);
  return { url: url.toString(), knex };
}

/** The entries of every partition's outbox, through one connection kept for the whole scenario. */
function outboxCounter(redisUrl: string) {
  const redis = createRedisClient({ url: redisUrl, role: 'cli' });
  return {
    async length(): Promise<number> {
      const lengths = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => redis.xlen(keys.outbox({ tag: partitionTag(p) }))));
      return lengths.reduce((a, b) => a + b, 0);
    },
    close: () => redis.disconnect(),
  };
}

/**
 * How fast a worker just started drains the outbox. The rate is ledger rows (the sequences the sync took, read from MySQL's counter: an outbox entry
 * holds all the moves of one call) per second, timed from the worker's first acknowledgement (its
 * process start-up left out) to an empty outbox, polled every 20 ms; a backlog gone before the first
 * poll saw it shrink is timed from the worker's start.
 */
async function drainRate(outboxLength: () => Promise<number>, ledgerSequence: () => Promise<number>): Promise<{ backlog: number; drainRowsPerSecond: number }> {
  const backlog = await outboxLength();
  const started = { at: performance.now(), rows: await ledgerSequence() };
  let first: { at: number; rows: number } | null = null;
  for (;;) {
    const left = await outboxLength();
    const now = performance.now();
    if (left < backlog && !first && left > 0) first = { at: now, rows: await ledgerSequence() };
    if (left === 0) {
      const rows = await ledgerSequence();
      const timed = first && now > first.at && rows > first.rows ? first : started;
      return { backlog, drainRowsPerSecond: (rows - timed.rows) / ((now - timed.at) / 1000) };
    }
    if (now - started.at > 600_000) throw new Error(`the outbox still held ${left} entries after 600 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface SyncPair {
  readonly alone: number;
  readonly withWorker: number;
  readonly backlog: number;
  readonly drainRowsPerSecond: number;
  readonly outboxAtLoadStop: number;
  readonly emptyAfterLoadStopMs: number;
}

/**
 * The sync worker beside the engine, in alternating pairs so the machine's drift cancels out. Each pair:
 * the engine alone, with no worker (its moves wait in the outbox); then one worker starts, drains that
 * backlog (the drain rate), and the engine runs again beside it (the live rate, what the outbox held when
 * the load stopped, and how soon it was empty). The backlog earlier scenarios left is drained first.
 */
async function measureSync(
  redis: Managed,
  startWorker: () => Promise<Managed>,
  engineServer: (redis: Managed) => Promise<Managed>,
  load: (name: string, description: string, address: string, wallets: readonly string[]) => Promise<LoadStats>,
  users: readonly string[],
  pairs: number,
  ledgerSequence: () => Promise<number>,
): Promise<{ pairs: SyncPair[] }> {
  const outbox = outboxCounter(redis.url);
  const outboxLength = () => outbox.length();
  const drain = () => drainRate(outboxLength, ledgerSequence);
  const measured: SyncPair[] = [];
  try {
    log(`sync: draining the ${await outboxLength()} outbox entries earlier scenarios left`);
    const first = await startWorker();
    await drain();
    await first.stop();
    for (let pair = 1; pair <= pairs; pair += 1) {
      const engine = await engineServer(redis);
      try {
        const alone = await load(`engine alone (sync pair ${pair})`, 'engine, AOF always, no worker running (its moves wait in the outbox)', engine.url, users);
        const worker = await startWorker();
        try {
          const drained = await drain();
          const live = await load(pair === 1 ? 'engine + worker' : `engine + worker (pair ${pair})`, 'engine with one sync worker running beside it', engine.url, users);
          const stopped = performance.now();
          const outboxAtLoadStop = await outboxLength();
          await waitUntil('the outbox to empty', async () => (await outboxLength()) === 0, 600_000);
          measured.push({
            alone: alone.callsPerSecond, withWorker: live.callsPerSecond, backlog: drained.backlog, drainRowsPerSecond: drained.drainRowsPerSecond,
            outboxAtLoadStop, emptyAfterLoadStopMs: performance.now() - stopped,
          });
        } finally {
          await worker.stop();
        }
      } finally {
        await engine.stop();
      }
    }
  } finally {
    outbox.close();
  }
  return { pairs: measured };
}

/** The engine's script calls (FCALL) a Redis has served, from INFO commandstats. */
function storeCallCounter(redisUrl: string) {
  const redis = createRedisClient({ url: redisUrl, role: 'cli' });
  return {
    async count(): Promise<number> {
      return Number(/cmdstat_fcall:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0);
    },
    close: () => redis.disconnect(),
  };
}

type BaselineStats = LoadStats & { readonly callsPerStoreCall: number };

/** One pair of the 'baseline' scenario: this revision, the baseline, and (at 256) this one with coalescing off. */
interface BaselineRow {
  readonly inFlight: number;
  readonly current: BaselineStats;
  readonly baseline: BaselineStats;
  readonly uncoalesced?: BaselineStats;
}

/** Per calls in flight: the medians over the pairs of this revision's figure over the baseline's. */
function baselineRatios(rows: readonly BaselineRow[]) {
  return [...new Set(rows.map((row) => row.inFlight))].map((inFlight) => {
    const pairs = rows.filter((row) => row.inFlight === inFlight);
    const over = (pick: (stats: LoadStats) => number) => median(pairs.map((row) => pick(row.current) / pick(row.baseline)))!;
    const uncoalesced = pairs.filter((row) => row.uncoalesced);
    return {
      inFlight,
      calls: over((stats) => stats.callsPerSecond),
      p50: over((stats) => stats.latencyMs.p50),
      p99: over((stats) => stats.latencyMs.p99),
      coalescedOverAlone: uncoalesced.length > 0 ? median(uncoalesced.map((row) => row.current.callsPerSecond / row.uncoalesced!.callsPerSecond)) : null,
      callsPerStoreCall: median(pairs.map((row) => row.current.callsPerStoreCall))!,
    };
  });
}

function median(values: number[] | undefined): number | null {
  if (!values?.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function report(results: ScenarioResult[], extra: Record<string, unknown>) {
  const syncPairs = (extra.sync as { pairs: SyncPair[] } | undefined)?.pairs;
  const replicatedPairs = extra.replicatedPairs as Array<{ unary: number; batches: number }> | undefined;
  const storePairs = extra.storePairs as Array<{ unary: number; batches: number }> | undefined;
  const rate = (name: string) => results.find((r) => r.name === name)?.callsPerSecond;
  const ratio = (a?: number, b?: number) => (a && b ? a / b : null);
  const h2 = extra.h2load as { reqPerSecond: number } | null | undefined;
  const ops = (name: string) => results.find((r) => r.name === name)?.opsPerSecond;
  const baseline = extra.baseline as { commit: string; rows: BaselineRow[]; drains: Array<{ current: number; baseline: number }> } | undefined;
  const againstBaseline = baseline ? baselineRatios(baseline.rows) : [];
  const atInFlight = (inFlight: number) => againstBaseline.find((row) => row.inFlight === inFlight);
  const scriptRuns = extra.scripts ? [extra.scripts as ScriptCosts] : [];
  const worstOverFloor = (label: string) => (scriptRuns.length ? Math.max(...perOperationOverFloor(scriptRuns, label)) : null);
  const ratios = {
    'engine/echo (goal ≥ 0.70)': ratio(rate('engine spread'), rate('echo')),
    [`unary calls/s at 256 in flight, this revision / ${baseline?.commit ?? 'baseline'}, median of 3 alternating pairs (goal ≥ 1.8)`]: atInFlight(256)?.calls ?? null,
    ...Object.fromEntries(BASELINE_IN_FLIGHT.map((inFlight) => [`p99 at ${inFlight} in flight, this revision / ${baseline?.commit ?? 'baseline'} (goal ≤ 1.0)`, atInFlight(inFlight)?.p99 ?? null])),
    [`p50 at 1 in flight, this revision / ${baseline?.commit ?? 'baseline'} (a lone call waits for nothing)`]: atInFlight(1)?.p50 ?? null,
    'unary calls/s at 256 in flight, coalesced / GRPC_COALESCE=false': atInFlight(256)?.coalescedOverAlone ?? null,
    [`a new worker's drain, ledger rows/s, this revision / ${baseline?.commit ?? 'baseline'}, each after its engine at 256 in flight, median of 3 pairs (goal ≥ 1.3)`]: median(baseline?.drains.map((d) => d.current / d.baseline)),
    'engine in 2 processes / 1 process, 10,000 wallets': ratio(rate('engine spread, 2 processes'), rate('engine spread')),
    'batch/engine ops: batch 100 ops/s over unary engine calls/s (goal ≥ 8)': ratio(ops('batch 100'), rate('engine spread')),
    'client auto-batching / engine: callers\' calls/s over unary engine calls/s (goal ≥ 3)': ratio(ops(`batch client (${opts.concurrency} callers)`), rate('engine spread')),
    'engine metrics on / off, median of 3 alternating pairs (goal ≥ 0.95)': median(extra.metricsPairs as number[] | undefined),
    'engine/peer, 10,000 wallets (goal ≥ 3)': ratio(rate('engine spread'), rate('peer spread')),
    'engine/peer, hot wallets (goal ≥ 6)': ratio(rate('engine hot'), rate('peer hot')),
    'AOF always / off, median of 3 alternating pairs (goal ≥ 0.90)': median(extra.aofPairs as number[] | undefined),
    'replicated / local durability, unary, median of 3 alternating pairs (goal ≥ 0.80)': median(replicatedPairs?.map((p) => p.unary)),
    'Valkey / Redis, unary, median of 3 alternating pairs': median(storePairs?.map((p) => p.unary)),
    'Valkey / Redis, batches of 100, median of 3 alternating pairs': median(storePairs?.map((p) => p.batches)),
    'replicated / local durability, batches of 100, median of 3 pairs (goal ≥ 0.85)': median(replicatedPairs?.map((p) => p.batches)),
    'engine with limits / without, median of 3 alternating pairs (goal ≥ 0.90)': median(extra.limitsPairs as number[] | undefined),
    'API key auth / GRPC_AUTH_TOKENS auth, median of 3 alternating pairs (goal ≥ 0.95)': median(extra.apiKeyPairs as number[] | undefined),
    'engine + worker / engine alone, median of 3 alternating pairs (goal ≥ 0.60)': median(syncPairs?.map((p) => p.withWorker / p.alone)),
    'one worker\'s drain, ledger rows/s, median of 3 (goal ≥ 40,000)': median(syncPairs?.map((p) => p.drainRowsPerSecond)),
    'generator/h2load on echo (goal ≥ 0.75)': ratio(rate('echo'), h2?.reqPerSecond),
    'store time per coalesced unary op (by 16) / floor script, the worst of reserve, confirm, cancel (goal ≤ 6)': worstOverFloor('coalesced by 16'),
    [`store time per batched op (batches of ${BATCH_SIZE}) / floor script, the worst of reserve, confirm, cancel (goal ≤ 4.5)`]: worstOverFloor(`batches of ${BATCH_SIZE}`),
  };
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`\nLoad: ${opts.durationMs / 1000} s per scenario, ${opts.concurrency} concurrent flows over ${opts.connections} HTTP/2 connections (${values.client} client), ${Math.round(opts.confirmShare * 100)}% confirm / ${Math.round((1 - opts.confirmShare) * 100)}% cancel; ${machine}\n`);
  console.log(scenarioTable(results));
  console.log(`\n${table(['ratio', 'value'], Object.entries(ratios).map(([k, v]) => [k, v === null ? 'n/a' : v.toFixed(2)]))}`);
  if (h2) console.log(`\nh2load on the echo server: ${Math.round(h2.reqPerSecond).toLocaleString('en-US')} req/s`);
  else if (opts.scenarios.has('echo')) console.log('\nh2load not installed (apt-get install nghttp2-client): generator comparison skipped');
  if (baseline) {
    console.log(`\nthis revision against ${baseline.commit} (--baseline), medians of the alternating pairs' ratios`);
    console.log(`drain rows/s, this revision / ${baseline.commit}: ${baseline.drains.map((d) => `${fmt(d.current)} / ${fmt(d.baseline)}`).join(', ')}`);
    console.log(table(['in flight', 'calls/s ratio', 'p50 ratio', 'p99 ratio', 'coalesced / alone', 'calls per store call'], againstBaseline.map((row) => [
      String(row.inFlight), fmt(row.calls, 2), fmt(row.p50, 2), fmt(row.p99, 2), row.coalescedOverAlone === null ? '' : fmt(row.coalescedOverAlone, 2), fmt(row.callsPerStoreCall, 2),
    ])));
  }
  const scripts = extra.scripts as ScriptCosts | undefined;
  if (scripts) {
    console.log(`\n${table(['script', 'calls', 'usec/call', 'usec/op'], scripts.scripts.map((s) => [s.script, String(s.calls), s.usecPerCall.toFixed(2), s.usecPerOp.toFixed(2)]))}`);
    console.log(`memory per open reservation: ${scripts.bytesPerOpenReservation.toFixed(0)} B; per idempotency record: ${scripts.bytesPerIdempotencyRecord.toFixed(0)} B`);
  }
  const sweep = extra.peerPoolSweep as Array<{ load: string; pool: number; callsPerSecond: number }> | undefined;
  if (sweep) {
    const pools = [...new Set(sweep.map((row) => row.pool))];
    const rateOf = (load: string, pool: number) => fmt(sweep.find((row) => row.load === load && row.pool === pool)?.callsPerSecond ?? 0);
    console.log(`\nstrong peer, calls/s by connection pool (${PEER_SWEEP_MS / 1000} s each; the best is used above)`);
    console.log(table(['load', ...pools.map(String)], ['peer spread', 'peer hot'].map((load) => [load, ...pools.map((pool) => rateOf(load, pool))])));
  }
  if (syncPairs) {
    console.log('\nsync: the engine alone, then one worker drains what it left, then the engine beside the worker');
    console.log(table(['pair', 'alone calls/s', 'with worker calls/s', 'ratio', 'backlog entries', 'drain rows/s', 'outbox at load stop', 'empty after ms'],
      syncPairs.map((p, i) => [String(i + 1), fmt(p.alone), fmt(p.withWorker), fmt(p.withWorker / p.alone, 2), fmt(p.backlog), fmt(p.drainRowsPerSecond), fmt(p.outboxAtLoadStop), fmt(p.emptyAfterLoadStopMs)])));
  }
  const watch = extra.watch as { full: LedgerWatchStats; light: LedgerWatchStats } | undefined;
  if (watch) {
    const delays = (ms: LedgerWatchStats['commitToDeliveryMs']) => [ms.p50, ms.p95, ms.p99, ms.max].map((v) => fmt(v, 1));
    console.log(`\nWatchLedger, ${WATCHERS} subscribers: moves/s delivered in all, and delays in ms (ledger commit → delivery; engine move → delivery, the sync's lag included)`);
    console.log(table(['load', 'moves/s', 'commit p50', 'p95', 'p99', 'max', 'move p50', 'p95', 'p99', 'max'], (['full', 'light'] as const).map((name) => [
      name === 'full' ? 'full (64 flows)' : 'light (4 flows)', fmt(watch[name].eventsPerSecond), ...delays(watch[name].commitToDeliveryMs), ...delays(watch[name].moveToDeliveryMs),
    ])));
  }
  mkdirSync(values.out!, { recursive: true });
  const stamp = smoke ? 'smoke' : 'latest';
  const json = { date: new Date().toISOString(), machine, options: { ...opts, scenarios: [...opts.scenarios] }, results, ratios, ...extra };
  writeFileSync(path.join(values.out!, `${stamp}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeChart(path.join(values.out!, `${stamp}.svg`), results, `Calls per second (operations per second for batches), ${opts.durationMs / 1000} s per scenario (${machine})`);
  const curve = results.filter((r) => /^batch \d+$/.test(r.name));
  if (curve.length > 0) {
    console.log(`\n${table(['batch size', 'ops/s', 'calls/s', 'p50 ms', 'p99 ms'], curve.map((r) => [String(r.batchSize), fmt(r.opsPerSecond!), fmt(r.callsPerSecond), fmt(r.latencyMs.p50, 2), fmt(r.latencyMs.p99, 2)]))}`);
    writeChart(path.join(values.out!, `${stamp}-batch-curve.svg`), curve, `Operations per second by batch size (${machine})`);
  }
  console.log(`\nwrote ${path.join(values.out!, `${stamp}.json`)}, ${stamp}.svg${curve.length > 0 ? ` and ${stamp}-batch-curve.svg` : ''}`);
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

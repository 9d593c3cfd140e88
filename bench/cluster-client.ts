/**
 * What the Redis client costs this process per engine function call (FCALL, as the wallet store calls
 * them): one Redis, a 3-master Redis Cluster through the store's slot router (per-master auto-pipelined
 * connections, what the engine runs), and the same cluster through the ioredis cluster client itself
 * (auto-pipelining off: on, it refuses calls of different masters in one pipeline). Where
 * `@valkey/valkey-glide` is installed (`npm i --no-save @valkey/valkey-glide`: not a dependency, the
 * engine keeps ioredis), also one Redis through Valkey GLIDE's client (its Rust core's threads count in
 * this process's CPU). Reserve + Confirm flows, `--in-flight` at once, the modes alternating within
 * one run; CPU is this process's own (process.cpuUsage), not Redis'.
 *
 *   npm run bench:cluster-client -- [--seconds 3] [--rounds 3] [--in-flight 256] [--wallets 2000]
 */
import { parseArgs } from 'node:util';
import { Cluster } from 'ioredis';
import { migrateRedis } from '../src/bin/migrate-command';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logging/logger';
import { startLocalCluster } from '../src/local-services/local-cluster';
import { freePort } from '../src/local-services/process-tools';
import { createRoleRedis } from '../src/redis/redis-client';
import { redisReady } from '../src/redis/redis-ready';
import { callEngineFunction, functionName, loadEngineFunctions, type EngineFunction } from '../src/redis/engine-functions';
import { itemReplies, withKeyCount, type RedisLike } from '../src/redis/script-registry';
import { createSlotRouter } from '../src/redis/slot-router';
import { walletAddress } from '../src/redis/wallet-keys';
import { scriptCalls, type Moment } from '../src/wallet/script-calls';
import { startRedis } from './lib/processes';
import { fmt, table } from './lib/report';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    'in-flight': { type: 'string', default: '256' },
    wallets: { type: 'string', default: '2000' },
    smoke: { type: 'boolean', default: false },
  },
});
const smoke = values.smoke;
const seconds = smoke ? 0.5 : Number(values.seconds);
const rounds = smoke ? 1 : Number(values.rounds);
const inFlight = smoke ? 32 : Number(values['in-flight']);
const walletCount = smoke ? 50 : Number(values.wallets);

/** One way of calling the engine's functions, with a script's arguments as script-calls.ts lays them out. */
interface Mode { readonly name: string; call(name: EngineFunction, args: string[]): Promise<unknown> }
/** The part of Valkey GLIDE's client this bench uses (the package is optional: see the header). */
interface GlideLike { fcall(name: string, keys: string[], args: string[]): Promise<unknown>; close(): void }

/** An ioredis mode: each call on the server of its first key. */
function ioredisMode(name: string, redis: RedisLike, route = createSlotRouter(redis)): Mode {
  return { name, call: (fn, args) => route(withKeyCount(fn, args)[1]!, (client) => callEngineFunction(client, fn, args)) };
}

/** Valkey GLIDE on one Redis, when the package is installed; null otherwise. */
async function glideMode(port: number): Promise<(Mode & { close(): void }) | null> {
  const glide = (await import('@valkey/valkey-glide' as string).catch(() => null)) as { GlideClient: { createClient(options: object): Promise<GlideLike> } } | null;
  if (!glide) return null;
  const client = await glide.GlideClient.createClient({ addresses: [{ host: '127.0.0.1', port }], inflightRequestsLimit: 10_000 });
  return {
    name: 'one Redis, Valkey GLIDE client',
    close: () => client.close(),
    call: (fn, args) => {
      const counted = withKeyCount(fn, args);
      const keyCount = Number(counted[0]);
      return client.fcall(functionName(fn), counted.slice(1, 1 + keyCount), counted.slice(1 + keyCount));
    },
  };
}
interface Figures { calls: number; errors: number; cpuUs: number; wallMs: number }

async function main() {
  const single = await startRedis(await freePort(), 'off');
  const cluster = await startLocalCluster(3);
  const nodes = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
  const clients: RedisLike[] = [];
  let glide: Awaited<ReturnType<typeof glideMode>> = null;
  try {
    await migrateRedis(loadConfig({ ...process.env, REDIS_URL: 'redis://127.0.0.1', REDIS_KEY_PREFIX: '', REDIS_CLUSTER_NODES: nodes.map((n) => `${n.host}:${n.port}`).join(',') }), createLogger('silent'));
    const grpcSingle = createRoleRedis({ url: single.url, role: 'grpc' });
    const grpcCluster = createRoleRedis({ url: 'redis://127.0.0.1', clusterNodes: nodes, role: 'grpc' });
    const plainCluster = new Cluster(nodes, { redisOptions: { autoResendUnfulfilledCommands: false, maxRetriesPerRequest: 0 } });
    clients.push(grpcSingle, grpcCluster, plainCluster);
    for (const client of clients) {
      if (!(await redisReady(client, 10_000))) throw new Error('a bench client did not connect');
      await loadEngineFunctions(client);
    }
    glide = await glideMode(single.port);
    const modes: Mode[] = [
      ioredisMode('one Redis (gRPC role client)', grpcSingle),
      ioredisMode('3 masters, slot router (gRPC role client)', grpcCluster),
      ioredisMode('3 masters, ioredis Cluster client, no auto-pipelining', plainCluster, (_key, call) => call(plainCluster)),
      ...(glide ? [glide] : []),
    ];
    const totals = new Map<string, Figures>(modes.map((mode) => [mode.name, { calls: 0, errors: 0, cpuUs: 0, wallMs: 0 }]));
    for (let round = 0; round < rounds; round++) {
      for (const mode of modes) {
        const figures = await runFlows(mode, round);
        const total = totals.get(mode.name)!;
        for (const key of Object.keys(figures) as Array<keyof Figures>) total[key] += figures[key];
      }
    }
    console.log(`Client CPU per script call, ${inFlight} in flight, ${walletCount} wallets, ${rounds} × ${seconds} s per mode, alternating:`);
    console.log(table(['mode', 'calls/s', 'client CPU µs/call', 'errors'], modes.map((mode) => {
      const f = totals.get(mode.name)!;
      return [mode.name, fmt(f.calls / (f.wallMs / 1000)), fmt(f.cpuUs / Math.max(1, f.calls), 1), String(f.errors)];
    })));
  } finally {
    glide?.close();
    for (const client of clients) client.disconnect();
    await cluster.stop();
    await single.stop();
  }
}

/** Reserve then Confirm per flow, on fresh request ids, for `seconds`; counts each script call. */
async function runFlows(mode: Mode, round: number): Promise<Figures> {
  const wallets = Array.from({ length: walletCount }, (_, i) => ({ userId: `u${i}`, address: walletAddress(`u${i}`, 'cluster-bench', 'EUR') }));
  const at: Moment = { nowMs: Date.now(), idempotencyTtlS: 600, expiryCutoffMs: 0, reservationsExpire: false };
  await Promise.all(wallets.map(({ userId, address }) => {
    const topup = scriptCalls.topup(address, { userId, gameId: 'cluster-bench', currency: 'EUR', amount: '1000000000', comment: '' }, at);
    return mode.call('topup', topup);
  }));
  const figures: Figures = { calls: 0, errors: 0, cpuUs: 0, wallMs: 0 };
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  const lane = async () => {
    while (performance.now() < deadline) {
      const i = next++;
      const { userId, address: wallet } = wallets[i % wallets.length]!;
      const requestId = `r${round}-${i}-${mode.name.length}`;
      try {
        const reserve = scriptCalls.reserve([{ wallet, input: { requestId, userId, gameId: 'cluster-bench', roundId: 'x', amount: '1', currency: 'EUR' } }], at);
        const [reserved] = itemReplies(String(await mode.call('reserve', reserve)));
        const transactionId = reserved![2]!;
        const confirm = scriptCalls.confirm([{ wallet, input: { requestId, transactionId, roundId: '', winAmount: '0' } }], at);
        const [confirmed] = itemReplies(String(await mode.call('confirm', confirm)));
        if (reserved![0] !== 'OK' || confirmed![1] !== 'confirmed') throw new Error(`${reserved!.join(' ')} / ${confirmed!.join(' ')}`);
        figures.calls += 2;
      } catch {
        figures.errors += 1;
      }
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  figures.wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  figures.cpuUs = used.user + used.system;
  return figures;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Profiles a gRPC server under the benchmark's load: starts its own Redis (AOF always), funds the
 * wallets, runs the server under `node --cpu-prof`, loads it with the bench's flows, and prints where
 * the server's CPU time went, by area (package, src/ folder, Node internals, GC) and by function.
 *
 *   npm run bench:profile -- [--server engine|echo] [--duration 10] [--concurrency 64] [--wallets 10000]
 *                            [--batch <items per batch call>] [--top 30] [--out <dir for the .cpuprofile>]
 *                            [--node-args "<more node flags>"]
 * With --batch, the load is the bench's batch flows (figures per operation, not per call).
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { freePort } from '../src/local-services/process-tools';
import { summarizeCpuProfile, type CallFrame, type ProfileLine } from './lib/cpu-profile';
import { fundEngineWallets } from './lib/engine-wallets';
import { runBatchFlows } from './lib/batch-flows';
import { runFlows } from './lib/flows';
import { H2GrpcClient } from './lib/h2-grpc-client';
import { startNode, startRedis } from './lib/processes';
import { RawH2GrpcClient } from './lib/raw-h2-client';
import { table } from './lib/report';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'engine' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '64' },
    wallets: { type: 'string', default: '10000' },
    top: { type: 'string', default: '30' },
    batch: { type: 'string' },
    lanes: { type: 'string' },
    out: { type: 'string' },
    'node-args': { type: 'string', default: '' },
  },
});
const GAME = 'bench';

/** Frames that run only while the server handles calls: HTTP/2 taking a stream, grpc-js' call objects. */
const servesCalls = (frame: CallFrame) =>
  frame.functionName === 'onSessionHeaders' || (frame.functionName !== '' && frame.url.endsWith('@grpc/grpc-js/build/src/server-interceptors.js'));

async function main() {
  const config = loadConfig(process.env);
  const profileDir = values.out ?? mkdtempSync(path.join(os.tmpdir(), 'grpc-profile-'));
  const users = Array.from({ length: Number(values.wallets) }, (_, i) => `w${i}`);
  const redis = await startRedis(await freePort(), 'always');
  try {
    await fundEngineWallets(redis.url, users, GAME, 1_000_000_000);
    const port = await freePort();
    const [script, args] = values.server === 'echo' ? ['bench/servers/bench-server.ts', ['echo']] : ['src/cli.ts', ['serve', '--roles', 'grpc']];
    const env = { REDIS_URL: redis.url, MYSQL_URL: config.mysql.url, GRPC_HOST: '127.0.0.1', GRPC_PORT: String(port) };
    const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...values['node-args']!.split(' ').filter(Boolean)];
    const server = await startNode(script, args, env, port, nodeArgs);
    const flowOptions = { durationMs: Number(values.duration) * 1000, concurrency: Number(values.concurrency), wallets: users, gameId: GAME, confirmShare: 0.7 };
    const batchSize = values.batch ? Number(values.batch) : 0;
    const client = batchSize ? new H2GrpcClient(server.url, 4) : new RawH2GrpcClient(server.url, 4);
    const stats = await (batchSize
      ? runBatchFlows(client, { ...flowOptions, concurrency: values.lanes ? Number(values.lanes) : Math.max(4, Math.ceil(640 / batchSize)), batchSize }).then((s) => ({ ...s, calls: s.ops, callsPerSecond: s.opsPerSecond }))
      : runFlows(client, flowOptions)
    ).finally(() => client.close());
    await server.stop();
    // One profile per thread (tsx runs its loader in a second one): the main thread's is the largest.
    const file = readdirSync(profileDir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => path.join(profileDir, name))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0];
    if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
    const summary = summarizeCpuProfile(file, Number(values.top), servesCalls);
    const usPerCall = (ms: number) => ((ms * 1000) / stats.calls).toFixed(1);
    const rows = (lines: readonly ProfileLine[]) => lines.map((l) => [l.name, l.ms.toFixed(0), `${(l.share * 100).toFixed(1)}%`, usPerCall(l.ms)]);
    const unit = batchSize ? `operations (batches of ${batchSize})` : 'calls';
    console.log(`${values.server}: ${Math.round(stats.callsPerSecond)} ${unit}/s, ${stats.calls} ${unit}, ${stats.errors} errors; profile ${file}`);
    for (const sample of stats.errorSamples) console.log(`  error: ${sample}`);
    console.log('');
    const per = batchSize ? 'µs/op' : 'µs/call';
    console.log(table(['area', 'self ms', 'share', per], rows(summary.areas)));
    console.log(`\n${table(['function', 'self ms', 'share', per], rows(summary.functions))}`);
  } finally {
    await redis.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * SPEC §1.6 measured: the gRPC hot path's latency alone, then beside the heaviest management reads one
 * caller can make (bench/lib/hot-path-pressure.ts), with every role in one process as `npm start` runs
 * them. Prints calls, p50, p99 and max per phase, the calls that failed (UNAVAILABLE must be 0), and
 * what the management reads answered.
 *
 *   npm run bench:hot-path -- [--seconds 20] [--players 1000] [--days 950] [--entries 100] [--entry-mib 2] [--concurrency 16] [--callers 3]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { createBenchDatabase } from './lib/bench-database';
import { gameServerLoad, managementPressure, seedPressure, startPressureTarget, type CallFigures } from './lib/hot-path-pressure';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' }, players: { type: 'string', default: '1000' }, days: { type: 'string', default: '950' },
    entries: { type: 'string', default: '100' }, 'entry-mib': { type: 'string', default: '2' }, concurrency: { type: 'string', default: '16' }, callers: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const line = (phase: string, f: CallFigures) =>
  `${phase.padEnd(28)} ${String(f.calls).padStart(7)} calls  p50 ${f.p50Ms.toFixed(1).padStart(7)} ms  p99 ${f.p99Ms.toFixed(1).padStart(7)} ms  max ${f.maxMs.toFixed(1).padStart(7)} ms  UNAVAILABLE ${f.unavailable}  other errors ${JSON.stringify(f.errors)}`;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_hot_path', 4);
  try {
    const seeding = performance.now();
    const size = { players: Number(values.players), days: Number(values.days), exportEntries: Number(values.entries), entryBytes: Number(values['entry-mib']) * 1048576 };
    const seeded = await seedPressure(bench.db, size);
    console.log(`seeded ${size.players * size.days} player rows over ${size.days} days and ${size.exportEntries} audit entries of ${values['entry-mib']} MiB in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const target = await startPressureTarget(bench, config.redis.url, seeded);
    try {
      const concurrency = Number(values.concurrency);
      const alone = gameServerLoad(target.roles.grpc!, target.secret, target.wallet, concurrency);
      await pause(seconds * 1000);
      const quiet = await alone.stop();
      const load = gameServerLoad(target.roles.grpc!, target.secret, target.wallet, concurrency);
      const pressure = managementPressure(target.roles.base, target.roles.token, seeded, Number(values.callers));
      await pause(seconds * 1000);
      const management = await pressure.stop();
      const pressed = await load.stop();
      console.log(`\nReserve + Cancel with a server API key, ${concurrency} in flight, ${seconds} s each (all roles in one process):`);
      console.log(line('alone', quiet));
      console.log(line('beside management reads', pressed));
      console.log(`management reads answered: ${JSON.stringify(management)}`);
    } finally {
      await target.roles.stop();
    }
  } finally {
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

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
import { parseArgs } from 'node:util';
import { startCpuProfile } from './lib/cpu-profiler';
import { summarizeCpuProfile } from './lib/cpu-profile';
import { drainOnce } from './lib/drain-run';

const { values } = parseArgs({
  options: {
    moves: { type: 'string', default: '50000' },
    concurrency: { type: 'string', default: '4' },
    batch: { type: 'string', default: '500' },
    profile: { type: 'string' },
  },
});

async function main() {
  let profiler: Awaited<ReturnType<typeof startCpuProfile>> | null = null;
  const around = values.profile ? {
    start: async () => { profiler = await startCpuProfile(); },
    stop: async () => { await profiler?.stop(values.profile!); },
  } : undefined;
  console.log(`filling the outbox with ${values.moves} moves, then one worker (concurrency ${values.concurrency}, batch ${values.batch})`);
  const result = await drainOnce({ moves: Number(values.moves), concurrency: Number(values.concurrency), batch: Number(values.batch), around });
  console.log(`drained ${result.rows} ledger rows in ${result.seconds.toFixed(2)} s: ${Math.round(result.rows / result.seconds)} rows/s`);
  console.log(`worker process CPU: ${(result.cpuUserUs + result.cpuSystemUs).toFixed(1)} µs per row (user ${result.cpuUserUs.toFixed(1)}, system ${result.cpuSystemUs.toFixed(1)})`);
  if (values.profile) {
    const summary = summarizeCpuProfile(values.profile, 15, () => false);
    for (const line of [...summary.areas.slice(0, 10), ...summary.functions]) {
      console.log(`${(line.share * 100).toFixed(1).padStart(5)}%  ${line.ms.toFixed(0).padStart(6)} ms  ${line.name}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

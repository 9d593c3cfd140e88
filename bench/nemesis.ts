/**
 * Issue 48 §3: the soak's mixed load (every call repeated by request_id until answered) on the local
 * replicated topology (primary, two replicas, three Sentinels) or a 3+3 Redis Cluster, under a random
 * fault schedule drawn from a seed (bench/lib/soak/nemesis.ts); after each run the soak's independent
 * check: every acknowledged move in the ledger exactly once, every wallet what its acknowledged replies
 * imply, nothing unacknowledged in the ledger. A failed run keeps every node's and Sentinel's log in
 * `.data/nemesis/<seed>/` and is rerun by its seed.
 *   npm run nemesis -- --runs 30 --seconds 60
 *   npm run nemesis -- --seed 1234 --seconds 60           (that schedule again; --runs N: seeds 1234, 1235, …)
 *   npm run nemesis -- --store cluster --runs 10 --seconds 60
 *   npm run nemesis -- --two-down                          (two faults at once, on two nodes)
 * Exits non-zero when any run lost, doubled or invented a move.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { ensureLocalServices } from '../src/local-services/local-services';
import { runSoak, soakFailed, type SoakReport } from './lib/soak/run-soak';
import { median, unavailabilityLines } from './lib/soak/unavailability';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    store: { type: 'string', default: 'replicated' },
    'two-down': { type: 'boolean', default: false },
    wallets: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '32' },
  },
});

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  await ensureLocalServices(config, (line) => console.log(line));
  const store = values.store === 'cluster' ? 'cluster' : 'replicated';
  const runs = Number(values.runs);
  const firstSeed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const results: Array<{ seed: number; report: SoakReport }> = [];
  for (let i = 0; i < runs; i += 1) {
    const seed = (firstSeed + i) % 2 ** 31;
    console.log(`run ${i + 1}/${runs}: seed ${seed} (npm run nemesis -- --store ${store} --seed ${seed} --seconds ${values.seconds}${values['two-down'] ? ' --two-down' : ''})`);
    const report = await runSoak(config, {
      store, durationS: Number(values.seconds), killWorkerEveryS: 10, killRedisEveryS: 0, mysqlOutageS: 0,
      wallets: Number(values.wallets), concurrency: Number(values.concurrency),
      nemesis: { seed, twoDown: values['two-down'] }, keepLogsIn: path.resolve('.data', 'nemesis', String(seed)),
      log: (line) => console.log(`  ${line}`),
    });
    results.push({ seed, report });
    const windows = report.outageWindowsMs;
    console.log(`  seed ${seed}: ${report.faults.length} faults, acknowledged ${report.acknowledgedMoves}, ledger rows ${report.ledgerRows}, ` +
      `lost ${report.lost.length}, doubled ${report.doubled.length}, unacknowledged ${report.unacknowledged.length}, mismatches ${report.mismatches.length}, errors ${report.errors.length}; ` +
      `windows median ${median(windows)} ms, worst ${Math.max(0, ...windows)} ms; stalled ${(report.stallsMs.reduce((sum, ms) => sum + ms, 0) / 1000).toFixed(1)} s in ${report.stallsMs.length}` +
      `${soakFailed(report) ? ' — FAILED' : ''}`);
    for (const line of [...report.lost, ...report.doubled, ...report.unacknowledged, ...report.mismatches, ...report.errors].slice(0, 5)) console.log(`    ${line}`);
  }
  const windows = results.flatMap(({ report }) => report.outageWindowsMs);
  const failed = results.filter(({ report }) => soakFailed(report));
  const faults = results.flatMap(({ report }) => report.faults);
  const count = (pattern: RegExp) => faults.filter((fault) => pattern.test(fault.what)).length;
  console.log(`\n${runs} runs of ${values.seconds} s on the ${store} store, seeds ${results.map((r) => r.seed).join(', ')}`);
  console.log(`faults: ${faults.length} (SIGKILL primary ${count(/SIGKILL primary/)}, SIGSTOP primary ${count(/SIGSTOP primary/)}, ` +
    `SIGKILL replica ${count(/SIGKILL replica/)}, SIGSTOP replica ${count(/SIGSTOP replica/)}, SIGKILL Sentinel ${count(/SIGKILL sentinel/)}, SIGSTOP Sentinel ${count(/SIGSTOP sentinel/)})`);
  console.log(`acknowledged moves ${results.reduce((sum, r) => sum + r.report.acknowledgedMoves, 0)}; lost ${results.reduce((s, r) => s + r.report.lost.length, 0)}, ` +
    `doubled ${results.reduce((s, r) => s + r.report.doubled.length, 0)}, unacknowledged ${results.reduce((s, r) => s + r.report.unacknowledged.length, 0)}`);
  console.log(`unavailability windows of data-node faults: median ${median(windows)} ms, worst ${Math.max(0, ...windows)} ms (${windows.length} windows)`);
  for (const kind of ['SIGKILL primary', 'SIGSTOP primary', 'SIGKILL replica', 'SIGSTOP replica']) {
    const ofKind = faults.filter((fault) => fault.what.startsWith(kind) && fault.windowMs !== null).map((fault) => fault.windowMs!);
    if (ofKind.length > 0) console.log(`  ${kind}: median ${median(ofKind)} ms, worst ${Math.max(...ofKind)} ms (${ofKind.length})`);
  }
  console.log(unavailabilityLines({
    outageWindowsMs: [], stallsMs: results.flatMap(({ report }) => report.stallsMs), loadRanS: results.reduce((sum, { report }) => sum + report.loadRanS, 0),
  }).join('\n'));
  console.log(failed.length === 0 ? 'nemesis passed: no run lost, doubled or invented a move' : `NEMESIS FAILED: seeds ${failed.map((r) => r.seed).join(', ')} (logs in .data/nemesis/<seed>)`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import type { ExecutionContext } from 'ava';
import { runSoak, soakFailed, type SoakOptions, type SoakReport } from '../../bench/lib/soak/run-soak';
import { unavailabilityLines } from '../../bench/lib/soak/unavailability';
import { testConfig } from './test-config';

/**
 * Runs the soak with the suite's configuration (the mixed load of unary calls and batches, 200 wallets,
 * 32 lanes) and checks what every soak must leave: no error, nothing lost, doubled or unacknowledged,
 * every balance agreeing, one ledger row per acknowledged move. Returns the report for the test's own checks.
 */
export async function soakHolds(t: ExecutionContext, options: Omit<SoakOptions, 'wallets' | 'concurrency' | 'log'>): Promise<SoakReport> {
  t.timeout(300_000);
  const report = await runSoak(testConfig(), { wallets: 200, concurrency: 32, log: (line) => t.log(line), ...options });
  t.log(JSON.stringify({ ...report, lost: report.lost.length, doubled: report.doubled.length, unacknowledged: report.unacknowledged.length }));
  for (const line of unavailabilityLines(report)) t.log(line);
  t.deepEqual(report.errors, []);
  t.deepEqual(report.lost, []);
  t.deepEqual(report.doubled, []);
  t.deepEqual(report.unacknowledged, []);
  t.deepEqual(report.mismatches, []);
  t.false(soakFailed(report));
  t.is(report.ledgerRows, report.acknowledgedMoves);
  return report;
}

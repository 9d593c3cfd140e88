import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { REPORT_ROLLUPS_TABLE } from '../../src/records/report-tables';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import type { OutboxEvent } from '../../src/sync/outbox-event';
import { createTestDatabase } from '../helpers/mysql';
import { createTestRedis } from '../helpers/redis';
import { createEngine } from '../helpers/engine';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

function cli(env: Record<string, string>, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env } })
    .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
}

const topup = (i: number, atMs: number): OutboxEvent => ({
  eventId: `cli-${i}`, streamId: `${atMs}-${i}`, streamSub: 0, kind: 'topup', userId: 'u', gameId: 'g', currency: 'EUR', amount: '10', winAmount: '0',
  availableBalance: String(10 * (i + 1)), reservedBalance: '0', transactionId: null, roundId: null, requestId: null, requestRoundId: null,
  topupId: String(i + 1), comment: null, auditTrail: null, atMs,
});

test('`reports rebuild` puts rollups right with progress, `--from` a day on; reconcile names a rollup that differs and exits 1, then 0', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(database.drop);
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const env = { MYSQL_URL: database.url, REDIS_KEY_PREFIX: store.prefix };
  await applyOutboxBatch(database.db, [topup(0, Date.UTC(2026, 0, 5, 10)), topup(1, Date.UTC(2026, 0, 6, 10))]);
  // The wallet in Redis as the ledger sums it, so reconcile's wallets agree and only the rollups can differ.
  await createEngine(store.redis).wallet.topup({ userId: 'u', gameId: 'g', currency: 'EUR', amount: '20', comment: '' });
  await database.db(REPORT_ROLLUPS_TABLE).update({ topups_amount: 999 });

  const wrong = await cli(env, ['reconcile']);
  t.is((wrong as { code?: number }).code, 1);
  t.regex(wrong.stdout, /1 wallets compared, 0 mismatches/);
  t.regex(wrong.stdout, /ROLLUP MISMATCH game "g" EUR day from 2026-01-05T00:00:00\.000Z: topups_amount ledger 10 rollups 999/);

  const from = await cli(env, ['reports', 'rebuild', '--from', '2026-01-06']);
  t.regex(from.stdout, /rebuilding report rollups from the UTC day of 2026-01-06: ledger ids 1 to 2/);
  t.regex(from.stdout, /report rollups rebuilt up to ledger id 2/);
  t.is((await database.db(REPORT_ROLLUPS_TABLE).where({ unit: 3 }).orderBy('start').select('topups_amount')).map((r) => r.topups_amount).join(), '999,10', 'only the days from --from');

  t.regex((await cli(env, ['reports', 'rebuild'])).stdout, /rebuilt up to ledger id 2/);
  const right = await cli(env, ['reconcile']);
  t.is((right as { code?: number }).code ?? 0, 0, right.stdout);
  t.regex(right.stdout, /report rollup rows compared with the ledger, 0 differ/);

  const bad = await cli(env, ['reports', 'rebuild', '--from', 'soon']);
  t.regex(bad.stderr, /--from must be a date/);
});

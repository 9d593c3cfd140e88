import test from 'ava';
import type { Knex } from 'knex';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE } from '../../src/records/report-tables';
import { checkRollups } from '../../src/reports/report-check';
import { rebuildRollups } from '../../src/reports/report-rebuild';
import { checkPrintedTotals } from '../../src/admin/reports/printed-totals-reads';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import type { OutboxEvent } from '../../src/sync/outbox-event';
import { createSyncHarness } from '../helpers/sync';
import { createTestDatabase } from '../helpers/mysql';
import { until } from '../helpers/until';

// SPEC §2.13: the sync keeps the rollups exactly once; `reports rebuild` recomputes them, resumably,
// while the sync goes on; reconcile compares them with the ledger and names the rows that differ.

const tables = async (db: Knex) => ({
  rollups: await db(REPORT_ROLLUPS_TABLE).orderBy(['game_id', 'unit', 'start', 'currency']),
  players: await db(REPORT_PLAYERS_TABLE).orderBy(['game_id', 'unit', 'start', 'currency', 'user_id']),
});

let n = 0;
function moves(count: number, startMs: number): OutboxEvent[] {
  return Array.from({ length: count }, (_, i) => {
    n += 1;
    const kind = (['reserve', 'confirm', 'cancel', 'topup', 'expire'] as const)[i % 5]!;
    return {
      eventId: `rr-${n}`, streamId: `${startMs + i}-${n}`, streamSub: 0, kind, userId: `u${i % 7}`, gameId: `g${i % 3}`, currency: i % 4 === 0 ? 'JPY' : 'EUR',
      amount: String(10 + (i % 50)), winAmount: kind === 'confirm' ? String(i % 90) : '0', availableBalance: '0', reservedBalance: '0',
      transactionId: kind === 'topup' ? null : `rr-tx-${n}`, roundId: null, requestId: kind === 'topup' && i % 2 === 0 ? `lb-payout-${n}` : null,
      requestRoundId: null, topupId: kind === 'topup' ? String(n) : null, comment: null, auditTrail: null,
      atMs: startMs + i * 7 * 60_000, // every seven minutes: quarters, hours and days all cut
    };
  });
}

test('moves through the engine and the worker land in the rollups once; a rebuild from nothing gives the same rows; reconcile finds none differing', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  const player = { userId: 'p1', gameId: '7', currency: 'EUR' };
  await sync.engine.fund(player, 10_000);
  await wallet.topup({ ...player, amount: '250', comment: 'reward', idempotencyKey: 'lb-payout-99' });
  const won = await wallet.reserve({ ...player, requestId: 'r1', roundId: 'a', amount: '400' });
  await wallet.confirm({ requestId: 'c1', transactionId: won.transactionId, roundId: '', winAmount: '1000' });
  const lost = await wallet.reserve({ ...player, requestId: 'r2', roundId: 'b', amount: '300' });
  await wallet.confirm({ requestId: 'c2', transactionId: lost.transactionId, roundId: '', winAmount: '0' });
  const dropped = await wallet.reserve({ ...player, requestId: 'r3', roundId: 'c', amount: '50' });
  await wallet.cancel({ requestId: 'x3', transactionId: dropped.transactionId, reason: '' });
  await sync.startWorker();
  await sync.drain();

  const db = sync.database.db;
  const days = await db(REPORT_ROLLUPS_TABLE).where({ game_id: '7', unit: 3 });
  t.is(days.length, 1);
  // Ids and currencies are stored as their bytes, sums as DECIMAL (text).
  const day = Object.fromEntries(Object.entries(days[0] as Record<string, unknown>).map(([key, value]) => [key, key === 'game_id' || key === 'currency' ? String(value) : Number(value)]));
  t.like(day, {
    currency: 'EUR', reserves_count: 3, reserves_amount: 750, bets_count: 2, bets_amount: 700, wins_amount: 1000, cancels_count: 1, cancels_amount: 50,
    topups_count: 1, topups_amount: 10_000, rewards_count: 1, rewards_amount: 250, expiries_count: 0,
  });
  t.deepEqual((await db(REPORT_PLAYERS_TABLE).where({ game_id: '7' })).map((row) => String(row.user_id)), ['p1', 'p1', 'p1', 'p1'], 'one row per unit');
  t.like(await checkRollups(db), { checked: true, mismatchCount: 0 });

  const kept = await tables(db);
  await db(REPORT_ROLLUPS_TABLE).delete();
  await db(REPORT_PLAYERS_TABLE).delete();
  t.like(await rebuildRollups(db), { done: true });
  t.deepEqual(await tables(db), kept);
});

test('a rebuild is resumable and runs beside the sync: stopped after one chunk, moves applied meanwhile, resumed with the same --from: the rows a full recompute gives', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(database.drop);
  const { db } = database;
  const day = Date.UTC(2026, 10, 1);
  const early = moves(300, day - 3 * 86_400_000);
  const late = moves(300, day);
  for (let i = 0; i < early.length; i += 50) await applyOutboxBatch(db, early.slice(i, i + 50));
  for (let i = 0; i < late.length; i += 50) await applyOutboxBatch(db, late.slice(i, i + 50));
  const whole = await tables(db);

  // Rows of the days from --from on are emptied and re-added in chunks; the sync's later rows are its own.
  const lines: string[] = [];
  const first = await rebuildRollups(db, { fromMs: day + 3_600_000, chunk: 100, maxChunks: 2, onProgress: (p) => lines.push(`${p.nextId}/${p.lastId}`) });
  t.false(first.done);
  t.like(await checkRollups(db), { checked: false }, 'reconcile does not check rollups while a rebuild is under way');
  const during = moves(120, day + 86_400_000);
  for (let i = 0; i < during.length; i += 40) await applyOutboxBatch(db, during.slice(i, i + 40));
  await applyOutboxBatch(db, late.slice(0, 50)); // a re-delivered batch during the rebuild adds nothing
  const second = await rebuildRollups(db, { fromMs: day + 7_200_000, chunk: 100 });
  t.true(second.resumed, 'the same UTC day resumes');
  t.true(second.done);
  t.true(lines.length >= 3, lines.join(' '));
  t.like(await checkRollups(db), { checked: true, mismatchCount: 0 });

  // The same rows as a database that never rebuilt.
  const fresh = await createTestDatabase({ migrate: true });
  t.teardown(fresh.drop);
  for (const batch of [early, late, during]) for (let i = 0; i < batch.length; i += 50) await applyOutboxBatch(fresh.db, batch.slice(i, i + 50));
  t.deepEqual(await tables(db), await tables(fresh.db));
  t.notDeepEqual(whole, await tables(fresh.db), 'the moves during the rebuild are in');

  // A rebuild run again (all days) recomputes the same.
  t.like(await rebuildRollups(db), { done: true, resumed: false });
  t.deepEqual(await tables(db), await tables(fresh.db));

  // Stopped, then started again from a later day: it starts over from the earlier one (its days are half done).
  t.false((await rebuildRollups(db, { fromMs: day - 86_400_000, chunk: 100, maxChunks: 1 })).done);
  const later = await rebuildRollups(db, { fromMs: day + 86_400_000, chunk: 100 });
  t.like(later, { done: true, resumed: false, fromQuarter: (day - 86_400_000) / 900_000 });
  t.deepEqual(await tables(db), await tables(fresh.db));
});

test('reconcile names the rollup rows that differ from the ledger: a changed figure, a missing row, an extra row, a player too many', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(database.drop);
  const { db } = database;
  await applyOutboxBatch(db, moves(60, Date.UTC(2026, 10, 2, 10)));
  t.like(await checkRollups(db), { checked: true, mismatchCount: 0 });

  const hour = await db(REPORT_ROLLUPS_TABLE).where({ unit: 1 }).orderBy(['game_id', 'start', 'currency']).first();
  await db(REPORT_ROLLUPS_TABLE).where({ game_id: hour.game_id, unit: 1, start: hour.start, currency: hour.currency }).update({ wins_amount: hour.wins_amount + 1 });
  const quarter = await db(REPORT_ROLLUPS_TABLE).where({ unit: 0 }).orderBy(['game_id', 'start', 'currency']).first();
  await db(REPORT_ROLLUPS_TABLE).where({ game_id: quarter.game_id, unit: 0, start: quarter.start, currency: quarter.currency }).delete();
  await db(REPORT_ROLLUPS_TABLE).insert({ game_id: 'ghost', currency: 'EUR', unit: 3, start: 0, bets_count: 1 });
  await db(REPORT_PLAYERS_TABLE).insert({ game_id: 'g0', currency: 'EUR', unit: 3, start: 0, user_id: 'nobody' });

  const check = await checkRollups(db);
  t.is(check.mismatchCount, 4, JSON.stringify(check.mismatches));
  const named = check.mismatches.map((m) => `${m.gameId} ${m.currency} ${m.unit} ${m.start} ${Object.keys(m.figures).join(',')}`);
  t.true(named.includes(`${hour.game_id} ${hour.currency} hour ${new Date(hour.start * 900_000).toISOString()} wins_amount`), named.join('\n'));
  t.true(named.some((line) => line.startsWith(`${quarter.game_id} ${quarter.currency} quarter ${new Date(quarter.start * 900_000).toISOString()} `)), named.join('\n'));
  t.true(named.includes('ghost EUR day 1970-01-01T00:00:00.000Z bets_count'));
  t.true(named.includes('g0 EUR day 1970-01-01T00:00:00.000Z active_players'));
  t.is(check.mismatches.find((m) => m.gameId === 'ghost')!.figures.bets_count!.join(), '0,1', '[ledger, rollups]');

  t.like(await rebuildRollups(db), { done: true });
  t.like(await checkRollups(db), { checked: true, mismatchCount: 0 }, 'a rebuild puts them right');
});

test('a day of moves as large as the engine allows sums exactly past BIGINT: the batch is applied, the sums are exact, reconcile agrees', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(database.drop);
  const { db } = database;
  const largest = 2n ** 53n - 1n;
  const at = Date.UTC(2026, 10, 3, 10);
  const topups: OutboxEvent[] = Array.from({ length: 1100 }, (_, i) => ({
    eventId: `big-${i}`, streamId: `${at + i}-0`, streamSub: 0, kind: 'topup', userId: `whale${i}`, gameId: 'g', currency: 'EUR', amount: String(largest),
    winAmount: '0', availableBalance: String(largest), reservedBalance: '0', transactionId: null, roundId: null, requestId: null, requestRoundId: null,
    topupId: String(i + 1), comment: null, auditTrail: null, atMs: at + i,
  }));
  t.is(await applyOutboxBatch(db, topups.slice(0, 600)), 600);
  t.is(await applyOutboxBatch(db, topups.slice(500)), 500, 'a batch that repeats 100 of its 600 events adds the 500 new ones');
  const day = await db(REPORT_ROLLUPS_TABLE).where({ game_id: 'g', unit: 3 }).first('topups_amount', 'topups_count');
  t.is(String(day.topups_amount), String(largest * 1100n), 'more than 2^63: a BIGINT would have refused the batch');
  t.is(Number(day.topups_count), 1100);
  t.like(await checkRollups(db), { checked: true, mismatchCount: 0 });
});

test('a rebuild chosen as a deadlock\'s victim runs again and finishes (SPEC §2.13: beside the sync, never an exit)', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(database.drop);
  const { db } = database;
  await applyOutboxBatch(db, moves(60, Date.UTC(2026, 10, 4, 10)));
  await db.raw('CREATE TABLE scratch (id INT PRIMARY KEY, pad CHAR(100))');
  // A heavier transaction (InnoDB ends the lighter one of a deadlock) holds a players row the rebuild
  // must delete, then asks for the ledger's sequence counter, which the rebuild holds.
  const other = await db.transaction();
  t.teardown(() => (other.isCompleted() ? undefined : other.rollback()));
  for (let i = 0; i < 20_000; i += 2000) await other('scratch').insert(Array.from({ length: 2000 }, (_, j) => ({ id: i + j, pad: 'x' })));
  await other.raw(`SELECT * FROM ${REPORT_PLAYERS_TABLE} ORDER BY game_id, unit, start, currency, user_id LIMIT 1 FOR UPDATE`);
  const rebuilt = rebuildRollups(db);
  await until('the rebuild waits for the players row', async () => {
    const [rows] = (await db.raw("SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'delete from `report_players`%'")) as [Array<{ n: number }>];
    return Number(rows[0]!.n) > 0;
  }, 10_000);
  await other.raw('SELECT last FROM ledger_sequence WHERE id = 1 FOR UPDATE'); // the cycle: InnoDB ends the rebuild's transaction
  await other.commit();
  t.like(await rebuilt, { done: true });
  t.like(await checkRollups(db), { checked: true, mismatchCount: 0 });
});

test('reconcile\'s check of what the API prints agrees with the ledger, and is not made while a rebuild has emptied days', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(database.drop);
  const { db } = database;
  // Games the API knows by an integer id.
  await applyOutboxBatch(db, moves(300, Date.UTC(2026, 10, 5, 10)).map((event) => ({ ...event, gameId: event.gameId.slice(1) === '0' ? '10' : event.gameId.slice(1) })));
  t.like(await checkPrintedTotals(db), { checked: true, compared: 6, mismatchCount: 0 });
  t.false((await rebuildRollups(db, { chunk: 50, maxChunks: 1 })).done);
  t.like(await checkPrintedTotals(db), { checked: false, mismatchCount: 0 }, 'half rebuilt: not a mismatch');
  t.like(await rebuildRollups(db), { done: true });
  t.like(await checkPrintedTotals(db), { checked: true, mismatchCount: 0 });
});

import test from 'ava';
import { AppError } from '../../src/errors';
import { deleteMatching } from '../../src/redis/key-scan';
import { REDIS_LAYOUT, REDIS_LAYOUT_KEY } from '../../src/redis/layout-upgrade';
import { createRedisClient } from '../../src/redis/redis-client';
import { createStoreGate } from '../../src/redis/store-gate';
import { reconcile } from '../../src/sync/reconcile';
import { checkRollups } from '../../src/reports/report-check';
import { restoreFromLedger, RestoreRefused } from '../../src/sync/restore';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { waitUntil } from '../../src/local-services/process-tools';
import { createSyncHarness } from '../helpers/sync';

// SPEC §1.10 `restore`: the engine's flows and a load, the sync drained, the store's data lost (every key
// of the test's namespace deleted: a lost machine in `local` mode), then restore from MySQL.
test('restore rebuilds wallets, open reservations and idempotency records from the ledger: reconcile 0, open ones settle with the right balances, repeats replay, settled ones answer from MySQL, new moves sync after the old', async (t) => {
  t.timeout(180_000);
  const sync = await createSyncHarness({ IDEMPOTENCY_TTL_S: '3600', SETTLED_RETENTION_S: '0' });
  t.teardown(() => sync.cleanup());
  const worker = await sync.startWorker();
  const { wallet } = sync.engine;

  // The flows: keyed top-ups, reserves (unary and batched), confirms with wins, cancels, some left open.
  const players = Array.from({ length: 40 }, () => sync.engine.newWallet());
  const topups = await Promise.all(players.map((p, i) => wallet.topup({ ...p, amount: '10000', comment: `seed ${i}`, idempotencyKey: `seed-${i}` })));
  // A second top-up in one partition: ids of two lengths there (sequence × 64 + partition), so a restore
  // that took the largest id by its text would give an old id again, whichever partitions the players drew.
  topups.push(await wallet.topup({ ...players[0]!, amount: '1', comment: 'seed again', idempotencyKey: 'seed-again' }));
  const reserves = await Promise.all(players.map((p, i) => wallet.reserve({ ...p, requestId: `bet-${i}`, roundId: `round-${i}`, amount: String(100 + i) })));
  const batch = await wallet.reserveBatch(players.map((p, i) => ({ ...p, requestId: `batch-bet-${i}`, roundId: 'round-b', amount: '50' })));
  const confirmed = await Promise.all(reserves.slice(0, 15).map((r, i) => wallet.confirm({ requestId: `win-${i}`, transactionId: r.transactionId, roundId: '', winAmount: String(i * 10) })));
  await Promise.all(reserves.slice(15, 25).map((r, i) => wallet.cancel({ requestId: `void-${i}`, transactionId: r.transactionId, reason: 'round voided' })));
  const open = [...reserves.slice(25), ...batch.map((outcome) => outcome as Exclude<typeof outcome, AppError>)];
  const before = await Promise.all(players.map((p) => wallet.balance(p.userId, p.gameId, p.currency)));
  await sync.drain();
  await worker.stop(2000);

  await t.throwsAsync(restoreFromLedger(sync.redis, sync.database.db, { idempotencyTtlS: 3600, reservationsExpire: false, force: false }), {
    instanceOf: RestoreRefused, message: /holds engine data.*--force/s,
  }, 'a Redis that holds engine data is refused without --force');

  // A role's store stops serving once the layout marker is gone (a lost Redis, or a restore under way).
  const gate = createStoreGate(sync.redis, 50);
  t.teardown(() => gate.stop());
  const gated = createWalletService({ store: createWalletStore(sync.redis, { gate }), idempotencyTtlS: 3600 });
  const raw = createRedisClient({ url: sync.config.redis.url, role: 'cli' });
  t.teardown(() => raw.disconnect());
  await deleteMatching(raw, `${sync.config.redis.keyPrefix}*`);
  await waitUntil('the gate to close', async () => !gate.open, 5000);
  const refused = await t.throwsAsync(gated.balance(players[0]!.userId, players[0]!.gameId, 'EUR'));
  t.true(refused instanceof AppError && refused.code === 'UNAVAILABLE', String(refused));

  const report = await restoreFromLedger(sync.redis, sync.database.db, { idempotencyTtlS: 3600, reservationsExpire: false, force: false });
  t.log(JSON.stringify(report));
  t.is(report.wallets, players.length);
  t.is(report.openReservations, open.length);
  t.is(report.recentSettled, 25);
  t.is(report.topupRecords, players.length + 1);
  t.is(await sync.redis.get(REDIS_LAYOUT_KEY), REDIS_LAYOUT, 'the layout marker is written last');
  await waitUntil('the gate to open', async () => gate.open, 5000);

  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
  t.like(await checkRollups(sync.database.db), { checked: true, mismatchCount: 0 }, 'restore leaves the report rollups as the ledger sums them');
  t.deepEqual(await Promise.all(players.map((p) => gated.balance(p.userId, p.gameId, p.currency))), before, 'every balance as before the loss');

  // Repeats of acknowledged requests inside the idempotency window replay their first reply.
  const topupAgain = await wallet.topup({ ...players[3]!, amount: '10000', comment: 'seed 3', idempotencyKey: 'seed-3' });
  t.deepEqual({ ...topupAgain, replayed: false }, { ...topups[3]!, replayed: false });
  t.true(topupAgain.replayed);
  const reserveAgain = await wallet.reserve({ ...players[30]!, requestId: 'bet-30', roundId: 'round-30', amount: '130' });
  t.like(reserveAgain, { replayed: true, transactionId: reserves[30]!.transactionId, availableBalance: reserves[30]!.availableBalance });
  const settledReserveAgain = await wallet.reserve({ ...players[2]!, requestId: 'bet-2', roundId: 'round-2', amount: '102' });
  t.like(settledReserveAgain, { replayed: true, transactionId: reserves[2]!.transactionId }, 'a settled Reserve inside the window replays, not reserves again');
  const confirmAgain = await wallet.confirm({ requestId: 'win-4', transactionId: reserves[4]!.transactionId, roundId: '', winAmount: '40' });
  t.like(confirmAgain, { replayed: true, status: 'confirmed', availableBalance: confirmed[4]!.availableBalance });
  const conflicting = await t.throwsAsync(wallet.reserve({ ...players[30]!, requestId: 'bet-30', roundId: 'round-30', amount: '999' }));
  t.is((conflicting as AppError).code, 'ALREADY_EXISTS');

  // GetTransaction of a settled one (its record expires with the window, or answers from MySQL after).
  t.like(await wallet.getTransaction(reserves[5]!.transactionId), { status: 'confirmed', winAmount: '50' });
  t.like(await wallet.getTransaction(reserves[20]!.transactionId), { status: 'canceled' });

  // Every open reservation settles as before the loss: confirm half with a win, cancel the rest.
  const expected = new Map(players.map((p, i) => [p.userId, { available: BigInt(before[i]!.availableBalance), reserved: BigInt(before[i]!.reservedBalance) }]));
  for (const [i, reservation] of open.entries()) {
    const tx = await wallet.getTransaction(reservation.transactionId);
    t.is(tx?.status, 'reserved');
    const balance = expected.get(tx!.userId)!;
    balance.reserved -= BigInt(tx!.amount);
    if (i % 2 === 0) {
      await wallet.confirm({ requestId: `late-win-${i}`, transactionId: reservation.transactionId, roundId: '', winAmount: '7' });
      balance.available += 7n;
    } else {
      await wallet.cancel({ requestId: `late-void-${i}`, transactionId: reservation.transactionId, reason: 'after restore' });
      balance.available += BigInt(tx!.amount);
    }
  }
  const oldIds = new Set(topups.map((topup) => topup.topupId));
  for (const [i, p] of players.entries()) {
    const newTopup = await wallet.topup({ ...p, amount: '1', comment: 'after restore', idempotencyKey: `after-${i}` });
    t.false(oldIds.has(newTopup.topupId), `player ${i}: a new top-up id, never an old one`);
    expected.get(p.userId)!.available += 1n;
  }
  for (const p of players) {
    const { available, reserved } = expected.get(p.userId)!;
    t.deepEqual(await wallet.balance(p.userId, p.gameId, p.currency), { availableBalance: String(available), reservedBalance: String(reserved) });
  }

  // The sync takes the new moves after the old ones: every one lands, and reconcile is 0 again.
  const ledgerBefore = Number((await sync.database.db('ledger_entries').count({ n: '*' }))[0]!.n);
  const second = await sync.startWorker();
  await sync.drain();
  await second.stop(2000);
  const ledgerAfter = Number((await sync.database.db('ledger_entries').count({ n: '*' }))[0]!.n);
  t.is(ledgerAfter - ledgerBefore, open.length + players.length, 'every move after the restore is in the ledger once');
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
  const rollups = await checkRollups(sync.database.db);
  t.like(rollups, { checked: true, mismatchCount: 0 }, 'and the moves after it are in the rollups once');
  t.true(rollups.rows > 0);
});

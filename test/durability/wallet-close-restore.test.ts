import test from 'ava';
import { AppError } from '../../src/errors';
import { deleteMatching } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';
import { checkRollups } from '../../src/reports/report-check';
import { reconcile } from '../../src/sync/reconcile';
import { restoreFromLedger } from '../../src/sync/restore';
import { createSyncHarness } from '../helpers/sync';

// SPEC §2.14: a close is a ledger move like the others: restore sums it, rebuilds its idempotency
// record and carries the sequence its id came from; reconcile and the report rollups count it.
test('close moves survive a lost Redis: restore gives closed wallets 0, a keyed close replays its first reply, ids keep rising, reconcile and rollups agree', async (t) => {
  t.timeout(120_000);
  const sync = await createSyncHarness({ IDEMPOTENCY_TTL_S: '3600' });
  t.teardown(() => sync.cleanup());
  const worker = await sync.startWorker();
  const { wallet } = sync.engine;
  const trail = JSON.stringify({ actor: { userId: null, role: null, requestId: null, ip: null, gameScope: null }, target: { targetId: 'w', gameId: null } });

  const players = Array.from({ length: 6 }, () => sync.engine.newWallet());
  await Promise.all(players.map((p, i) => wallet.topup({ ...p, amount: String(1000 + i), comment: 'seed' })));
  const bet = await wallet.reserve({ ...players[5]!, requestId: 'bet', roundId: 'round', amount: '400' });
  const keyed = await wallet.closeWallet({ ...players[0]!, reason: 'erasure', idempotencyKey: 'close-0', auditTrail: trail });
  t.like(keyed, { amount: '1000', availableBalance: '0', reservedBalance: '0', replayed: false });
  const plain = await wallet.closeWallet({ ...players[1]!, reason: 'erasure', auditTrail: trail });
  t.like(plain, { amount: '1001', availableBalance: '0' });
  const refused = await t.throwsAsync(wallet.closeWallet({ ...players[5]!, reason: 'erasure', auditTrail: trail }));
  t.is((refused as AppError).code, 'FAILED_PRECONDITION');
  t.like((refused as AppError).details, { errors: [{ path: 'reserved' }] });
  await wallet.cancel({ requestId: 'void', transactionId: bet.transactionId, reason: 'void' });
  const afterCancel = await wallet.closeWallet({ ...players[5]!, reason: 'erasure', idempotencyKey: 'close-5', auditTrail: trail });
  t.like(afterCancel, { amount: '1005', availableBalance: '0' });
  const before = await Promise.all(players.map((p) => wallet.balance(p.userId, p.gameId, p.currency)));
  await sync.drain();
  await worker.stop(2000);
  t.is(Number((await sync.database.db('ledger_entries').where({ kind: 'close' }).count({ n: '*' }))[0]!.n), 3);

  const raw = createRedisClient({ url: sync.config.redis.url, role: 'cli' });
  t.teardown(() => raw.disconnect());
  await deleteMatching(raw, `${sync.config.redis.keyPrefix}*`);
  const report = await restoreFromLedger(sync.redis, sync.database.db, { idempotencyTtlS: 3600, reservationsExpire: false, force: false });
  t.is(report.topupRecords, 2, 'the two keyed closes');

  t.deepEqual(await Promise.all(players.map((p) => wallet.balance(p.userId, p.gameId, p.currency))), before);
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
  t.like(await checkRollups(sync.database.db), { checked: true, mismatchCount: 0 });
  const sums = await sync.database.db('report_rollups').where({ unit: 3 }).sum({ count: 'closes_count', amount: 'closes_amount' }).first();
  t.deepEqual([Number(sums!.count), Number(sums!.amount)], [3, 1000 + 1001 + 1005]);

  const replay = await wallet.closeWallet({ ...players[0]!, reason: 'erasure', idempotencyKey: 'close-0', auditTrail: trail });
  t.deepEqual({ ...replay, replayed: false }, keyed, 'a keyed close replays its first reply after the restore');
  t.true(replay.replayed);
  const conflict = await t.throwsAsync(wallet.closeWallet({ ...players[0]!, reason: 'another', idempotencyKey: 'close-0', auditTrail: trail }));
  t.is((conflict as AppError).code, 'ALREADY_EXISTS');
  // The sequence the close ids came from goes on past them in the restored partition.
  await wallet.topup({ ...players[0]!, amount: '5', comment: 'after' });
  const again = await wallet.closeWallet({ ...players[0]!, reason: 'again', auditTrail: trail });
  t.true(Number(again.closeId) > Number(keyed.closeId), 'a new close in the same partition takes a later id');
  t.is(again.amount, '5');
});

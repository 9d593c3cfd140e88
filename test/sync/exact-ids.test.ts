import test from 'ava';
import { AppError } from '../../src/errors';
import { listUserGameLedger } from '../../src/records/ledger-reads';
import { reconcile } from '../../src/sync/reconcile';
import { createSyncHarness } from '../helpers/sync';

// SPEC §1.2: ids compare byte for byte in MySQL as in Redis. These four are four different users.
const LOOKALIKES = ['bob', 'BOB', 'bob ', 'böb'];

test('look-alike ids stay apart in reconcile, the ledger and the archive', async (t) => {
  const sync = await createSyncHarness({ SETTLED_RETENTION_S: '0', IDEMPOTENCY_TTL_S: '1' });
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  for (const [i, userId] of LOOKALIKES.entries()) await sync.engine.fund({ userId, gameId: 'g', currency: 'EUR' }, 100 * (i + 1));
  const reserved = await wallet.reserve({ userId: 'bob', gameId: 'g', currency: 'EUR', requestId: 'r', roundId: 'round', amount: '40' });
  await wallet.confirm({ requestId: 'c', transactionId: reserved.transactionId, roundId: '', winAmount: '0' });
  await sync.startWorker();
  await sync.drain();

  const result = await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db);
  t.is(result.wallets, 4);
  t.deepEqual(result.mismatches, []);
  for (const [i, userId] of LOOKALIKES.entries()) {
    const ledger = await listUserGameLedger(sync.database.db, userId, 'g', {}, { limit: 10, offset: 0 });
    t.deepEqual(ledger.map((row) => row.user_id), userId === 'bob' ? ['bob', 'bob', 'bob'] : [userId], JSON.stringify(userId));
    t.is(Number(ledger.at(-1)!.amount), 100 * (i + 1));
  }

  // The settled transaction leaves Redis; its id with one letter's case flipped is another id.
  const id = reserved.transactionId;
  await sync.untilLeftRedis([id]);
  const letter = [...id].findLastIndex((char) => /[A-Za-z]/.test(char));
  const char = id[letter]!;
  const flipped = id.slice(0, letter) + (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()) + id.slice(letter + 1);
  t.true(flipped !== id && flipped.toLowerCase() === id.toLowerCase(), 'only the case of one letter differs');
  t.like(await wallet.getTransaction(id), { status: 'confirmed' });
  for (const call of [
    () => wallet.getTransaction(flipped),
    () => wallet.confirm({ requestId: 'c2', transactionId: flipped, roundId: '', winAmount: '0' }),
    () => wallet.cancel({ requestId: 'x2', transactionId: flipped, reason: '' }),
  ]) {
    t.is(((await t.throwsAsync(call())) as AppError).code, 'NOT_FOUND');
  }
});

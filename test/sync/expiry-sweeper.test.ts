import test from 'ava';
import { sweepExpiredReservations } from '../../src/sync/expiry-sweeper';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { createEngine } from '../helpers/engine';
import { createTestRedis } from '../helpers/redis';

// The sweeper on an injected clock (RESERVATION_TIMEOUT_S = 60): a reservation made at T is not due
// at T + 59 s and expires, once, at T + 60 s.
test('a reservation made at T is left alone by a sweep at T + 59 s and expired by one at T + 60 s', async (t) => {
  const store = await createTestRedis('worker');
  t.teardown(store.cleanup);
  const T = 1_767_225_600_000;
  const engine = createEngine(store.redis, { clock: () => T, reservationTimeoutS: 60 });
  const target = engine.newWallet();
  await engine.fund(target, 100);
  const { transactionId } = await engine.wallet.reserve({ ...target, requestId: 'r1', roundId: 'round', amount: '30' });
  const wallet = createWalletStore(store.redis);

  t.is(await sweepExpiredReservations(wallet, 60, T + 59_000), 0);
  t.like(await engine.wallet.getTransaction(transactionId), { status: 'reserved' });
  t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '70', reservedBalance: '30' });

  t.is(await sweepExpiredReservations(wallet, 60, T + 60_000), 1);
  t.like(await engine.wallet.getTransaction(transactionId), { status: 'canceled' });
  t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '100', reservedBalance: '0' });
  t.like((await engine.outbox(target)).at(-1), { kind: 'expire', transactionId, comment: 'expired' });
  t.is(await sweepExpiredReservations(wallet, 60, T + 120_000), 0, 'once');
});

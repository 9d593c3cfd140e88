import test from 'ava';
import { AppError } from '../../src/errors';
import { reconcile } from '../../src/sync/reconcile';
import type { BalanceReply } from '../../src/wallet/wallet-types';
import { createSyncHarness } from '../helpers/sync';

// SPEC §1.9: every batch item goes through the outbox, the ledger and reconcile exactly as a unary call.

const unaryWallet = { userId: 'unary', gameId: 'g', currency: 'EUR' };
const batchWallet = { userId: 'batch', gameId: 'g', currency: 'EUR' };

test('batch-made moves reach MySQL exactly as unary ones: the same ledger rows and transactions, reconcile zero', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  for (const target of [unaryWallet, batchWallet]) await sync.engine.fund(target, 1000);
  const reserves = (target: typeof unaryWallet) => [1, 2, 3, 4].map((i) => ({ ...target, requestId: `r${i}`, roundId: `round-${i}`, amount: String(100 * i) }));
  const unaryReserved: BalanceReply[] = [];
  for (const input of reserves(unaryWallet)) unaryReserved.push(await wallet.reserve(input));
  const batchReserved = (await wallet.reserveBatch(reserves(batchWallet))) as BalanceReply[];
  await wallet.confirm({ requestId: 'c', transactionId: unaryReserved[0]!.transactionId, roundId: '', winAmount: '250' });
  await wallet.cancel({ requestId: 'x', transactionId: unaryReserved[1]!.transactionId, reason: 'aborted' });
  await wallet.confirmBatch([{ requestId: 'c', transactionId: batchReserved[0]!.transactionId, roundId: '', winAmount: '250' }]);
  await wallet.cancelBatch([{ requestId: 'x', transactionId: batchReserved[1]!.transactionId, reason: 'aborted' }]);
  await sync.startWorker();
  await sync.drain();

  const columns = ['kind', 'amount', 'win_amount', 'available_balance', 'reserved_balance', 'round_id', 'request_id', 'comment'];
  const ledger = (userId: string) => sync.database.db('ledger_entries').where({ user_id: userId }).orderBy(['stream_ms', 'stream_seq']).select(columns);
  const unaryRows = await ledger('unary');
  t.is(unaryRows.length, 7, 'top-up, four reserves, a confirm, a cancel');
  t.deepEqual(await ledger('batch'), unaryRows);
  const transactions = (userId: string) => sync.database.db('transactions').where({ user_id: userId }).orderBy('round_id').select('round_id', 'amount', 'win_amount', 'status', 'reason', 'reserve_request_id');
  t.deepEqual(await transactions('batch'), await transactions('unary'));
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
});

test('batch items of transactions that left Redis are answered from MySQL, each as its unary call would be', async (t) => {
  const now = Date.now();
  const sync = await createSyncHarness({ SETTLED_RETENTION_S: '0', IDEMPOTENCY_TTL_S: '1' }, { clock: () => now });
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  await sync.engine.fund(batchWallet, 1000);
  const [won, lost, open] = (await wallet.reserveBatch([1, 2, 3].map((i) => ({ ...batchWallet, requestId: `r${i}`, roundId: 'round', amount: '100' })))) as BalanceReply[];
  const [confirmed] = await wallet.confirmBatch([{ requestId: 'settle', transactionId: won!.transactionId, roundId: '', winAmount: '150' }]);
  await wallet.cancelBatch([{ requestId: 'settle', transactionId: lost!.transactionId, reason: '' }]);
  await sync.startWorker();
  await sync.drain();
  await sync.untilLeftRedis([won!.transactionId, lost!.transactionId]);

  const queries: string[] = [];
  const onQuery = (query: { sql: string }) => queries.push(query.sql);
  sync.database.db.on('query', onQuery);
  const answers = await wallet.confirmBatch([
    { requestId: 'settle', transactionId: won!.transactionId, roundId: '', winAmount: '150' },
    { requestId: 'late', transactionId: won!.transactionId, roundId: '', winAmount: '0' },
    { requestId: 'late', transactionId: lost!.transactionId, roundId: '', winAmount: '0' },
    { requestId: 'now', transactionId: open!.transactionId, roundId: '', winAmount: '10' },
  ]);
  sync.database.db.off('query', onQuery);
  t.is(queries.filter((sql) => /from `transactions`/i.test(sql)).length, 1, 'the items that left Redis are looked up in one query');
  t.deepEqual(answers[0], { ...(confirmed as BalanceReply), replayed: true }, 'the settling request_id replays from the ledger');
  t.like(answers[1], { status: 'already_confirmed', replayed: false });
  t.true(answers[2] instanceof AppError && answers[2].code === 'FAILED_PRECONDITION' && /canceled/.test(answers[2].message));
  t.like(answers[3], { status: 'confirmed', availableBalance: '960', reservedBalance: '0' }, 'a hot item beside them');
});

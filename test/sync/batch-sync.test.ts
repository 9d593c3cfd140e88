import test from 'ava';
import { AppError } from '../../src/errors';
import { listUserGameLedger } from '../../src/records/ledger-reads';
import { registerScripts } from '../../src/redis/script-registry';
import { MOVES_PER_ENTRY } from '../../src/redis/shared-layouts';
import { keys, walletAddress } from '../../src/redis/wallet-keys';
import { reconcile } from '../../src/sync/reconcile';
import type { BalanceReply } from '../../src/wallet/wallet-types';
import { createSyncHarness } from '../helpers/sync';

// SPEC §1.9: every batch item goes through the outbox, the ledger and reconcile exactly as a unary call.

/** The engine's scripts as the registry adds them to a client (src/redis/script-registry.ts). */
type ScriptClient = { read_new(key: string, group: string, consumer: string, moves: string): Promise<unknown> };

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
  const ledger = (userId: string) => sync.database.db('ledger_entries').where({ user_id: userId }).orderBy(['stream_ms', 'stream_seq', 'stream_sub']).select(columns);
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

test('a call writes one outbox entry per partition it touched (per 32 moves); reads are bounded by moves; the sync expands entries into ledger rows in item order, and jobs past 2,000 moves apply in order', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const { wallet } = sync.engine;
  const target = { userId: 'many', gameId: 'g', currency: 'EUR' };
  await sync.engine.fund(target, 1_000_000);
  const outbox = keys.outbox(walletAddress(target.userId, target.gameId, 'EUR'));
  const before = await sync.redis.xlen(outbox);
  // Three calls of 1,000 items on one wallet: 32 entries each (31 of 32 moves, one of 8), 3,000 moves for the worker.
  for (const call of [0, 1, 2]) {
    const replies = await wallet.reserveBatch(Array.from({ length: 1000 }, (_, i) => ({ ...target, requestId: `r${call}-${i}`, roundId: 'round', amount: '1' })));
    t.true(replies.every((reply) => !(reply instanceof AppError) && reply.status === 'reserved'));
  }
  const perCall = Math.ceil(1000 / MOVES_PER_ENTRY);
  t.is((await sync.redis.xlen(outbox)) - before, 3 * perCall, 'one entry per call per 32 moves');
  const lastEntry = (await sync.redis.xrevrange(outbox, '+', '-', 'COUNT', 1))[0]!;
  t.is(lastEntry[1].length / 2, 1000 - (perCall - 1) * MOVES_PER_ENTRY);

  // A read asks for moves: a relay that wants 300 gets whole entries up to about that many (here through
  // a group of its own, so the worker below still gets every entry).
  registerScripts(sync.redis);
  await sync.redis.xgroup('CREATE', sync.config.redis.keyPrefix + outbox, 'moves-reader', '0'); // XGROUP takes no keyPrefix
  const [, , entries, moves] = (await (sync.redis as unknown as ScriptClient).read_new(outbox, 'moves-reader', 'reader', '300')) as [string, string, number, number];
  t.true(moves >= 300 && moves < 300 + MOVES_PER_ENTRY, `${moves} moves in ${entries} entries`);
  await sync.startWorker();
  await sync.drain();

  const rows = await sync.database.db('ledger_entries').where({ user_id: 'many', kind: 'reserve' }).orderBy(['stream_ms', 'stream_seq', 'stream_sub']).select('event_id', 'stream_ms', 'stream_seq', 'stream_sub', 'request_id', 'available_balance');
  t.is(rows.length, 3000);
  t.deepEqual(rows.map((row) => row.request_id), [0, 1, 2].flatMap((call) => Array.from({ length: 1000 }, (_, i) => `r${call}-${i}`)), 'stream order is item order (seq is commit order: two jobs of one partition may commit either way, docs/decisions.md)');
  t.deepEqual(rows.map((row) => row.stream_sub), [0, 1, 2].flatMap(() => Array.from({ length: 1000 }, (_, i) => i % MOVES_PER_ENTRY)));
  t.true(rows.every((row, i) => i === 0 || row.available_balance === rows[i - 1]!.available_balance - 1), 'each row the balance after its own move');
  t.true(rows.every((row) => row.event_id === `${row.event_id.slice(0, 2)}-${row.stream_ms}-${row.stream_seq}${row.stream_sub === 0 ? '' : `/${row.stream_sub}`}`));

  // The history pages newest first through an entry's moves, a page boundary inside one entry.
  const newest = await listUserGameLedger(sync.database.db, 'many', 'g', { kind: 'reserve' }, { limit: 700, offset: 0 });
  const last = newest[newest.length - 1]!;
  const next = await listUserGameLedger(sync.database.db, 'many', 'g', { kind: 'reserve', after: last }, { limit: 700, offset: 0 });
  t.deepEqual([...newest, ...next].map((row) => row.request_id), rows.slice(-1400).reverse().map((row) => row.request_id));
  t.deepEqual((await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db)).mismatches, []);
});

import anyTest, { type TestFn } from 'ava';
import type { OutboxEvent } from '../../src/sync/outbox-event';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';

const test = anyTest as TestFn<{ database: TestDatabase }>;
test.beforeEach(async (t) => {
  t.context.database = await createTestDatabase({ migrate: true });
});
test.afterEach.always(async (t) => {
  await t.context.database.drop();
});

let sequence = 0;
function event(kind: OutboxEvent['kind'], fields: Partial<OutboxEvent> = {}): OutboxEvent {
  sequence += 1;
  const streamId = `1767225600000-${sequence}`;
  return {
    eventId: `07-${streamId}`, streamId, streamSub: 0, kind, userId: '42', gameId: '7', currency: 'EUR', amount: '100', winAmount: '0',
    availableBalance: '900', reservedBalance: '100', transactionId: kind === 'topup' ? null : 'tx-1', roundId: 'round-1',
    requestId: `req-${sequence}`, requestRoundId: kind === 'confirm' ? '' : null, topupId: kind === 'topup' ? '71' : null, comment: null, auditTrail: null, atMs: 1767225600000 + sequence,
    ...fields,
  };
}

async function tables(database: TestDatabase) {
  return {
    ledger: await database.db('ledger_entries').select().orderBy('id'),
    transactions: await database.db('transactions').select().orderBy('transaction_id'),
  };
}

test('the same batch applied twice leaves MySQL unchanged', async (t) => {
  const { database } = t.context;
  const batch = [event('topup', { comment: 'welcome' }), event('reserve'), event('confirm', { winAmount: '30' })];
  t.is(await applyOutboxBatch(database.db, batch), 3);
  const once = await tables(database);
  t.is(await applyOutboxBatch(database.db, batch), 0);
  t.deepEqual(await tables(database), once);
  t.is(once.ledger.length, 3);
  t.like(once.transactions[0], { transaction_id: 'tx-1', status: 'confirmed', win_amount: 30, amount: 100 });
});

test('a settlement that arrives before its reserve still ends confirmed, with the reserve\'s creation data', async (t) => {
  const { database } = t.context;
  const reserve = event('reserve', { requestId: 'the-reserve' });
  const confirm = event('confirm', { winAmount: '55' });
  await applyOutboxBatch(database.db, [confirm]);
  await applyOutboxBatch(database.db, [reserve]);
  const [row] = (await tables(database)).transactions;
  t.like(row, { status: 'confirmed', win_amount: 55, reserve_request_id: 'the-reserve' });
  t.is((row.created_at as Date).getTime(), reserve.atMs);
  t.is((row.settled_at as Date).getTime(), confirm.atMs);
});

test('a transaction only moves forward: a replayed reserve does not reopen a canceled one', async (t) => {
  const { database } = t.context;
  const reserve = event('reserve');
  await applyOutboxBatch(database.db, [reserve, event('cancel', { comment: 'player left' })]);
  await applyOutboxBatch(database.db, [reserve]);
  t.like((await tables(database)).transactions[0], { status: 'canceled', reason: 'player left' });
});

test('a batch that fails inside its MySQL transaction leaves nothing behind', async (t) => {
  const { database } = t.context;
  const good = event('topup');
  const bad = event('reserve', { userId: 'x'.repeat(300) });
  await t.throwsAsync(applyOutboxBatch(database.db, [good, bad]));
  t.deepEqual(await tables(database), { ledger: [], transactions: [] });
});

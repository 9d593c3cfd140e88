import test from 'ava';
import { outboxEventsOf } from '../../src/sync/outbox-event';

// The outbox decoder (one place for the wire's short names): both layouts, every kind.
const TX = '0a.AAAAAAAAAAAAAAAAAAAAAA.EUR-BBBBBBBBBBBBBBBB-CCCCCCCCCCC';

test('packed entries: each kind in its order, the currency from the transaction_id, a comment with its newlines', (t) => {
  const packed = (...values: string[]) => outboxEventsOf(10, ['1-0', ['e', values.join('\n')]])[0];
  t.like(packed('r', TX, 'u1', 'g1', 'round', '50', '950', '50', 'req', '1700000000000'), {
    eventId: '0a-1-0', kind: 'reserve', transactionId: TX, userId: 'u1', gameId: 'g1', currency: 'EUR', roundId: 'round', amount: '50',
    winAmount: '0', availableBalance: '950', reservedBalance: '50', requestId: 'req', requestRoundId: null, comment: null, atMs: 1700000000000,
  });
  t.like(packed('c', TX, 'u1', 'g1', 'round', '50', '80', '1030', '0', 'req2', '', '1700000000001'), {
    kind: 'confirm', winAmount: '80', availableBalance: '1030', requestId: 'req2', requestRoundId: '',
  });
  t.like(packed('x', TX, 'u1', 'g1', 'round', '50', '1000', '0', 'req3', '1700000000002', 'first line', 'second'), {
    kind: 'cancel', comment: 'first line\nsecond',
  });
  t.like(packed('e', TX, 'u1', 'g1', 'round', '50', '1000', '0', '', '1700000000003', 'expired'), { kind: 'expire', comment: 'expired' });
  t.like(packed('t', 'topup-1', 'u1', 'g1', 'USD', '1000', '1000', '0', '1700000000004', 'welcome'), {
    kind: 'topup', topupId: 'topup-1', currency: 'USD', transactionId: null, comment: 'welcome',
  });
  t.throws(() => packed('z', TX), { message: /malformed outbox entry 1-0 in partition 10/ });
});

test('entries of the layout before the packed one: a field per value, under its short name', (t) => {
  const [named] = outboxEventsOf(1, ['2-0', ['k', 'cancel', 'tx', TX, 'u', 'u1', 'g', 'g1', 'c', 'EUR', 'rd', 'r', 'amt', '5', 'a', '10', 'r', '0', 'rid', 'q', 'rs', 'why', 'ts', '17']]);
  t.like(named, { kind: 'cancel', transactionId: TX, userId: 'u1', currency: 'EUR', amount: '5', availableBalance: '10', reservedBalance: '0', requestId: 'q', comment: 'why', atMs: 17 });
  t.throws(() => outboxEventsOf(1, ['3-0', ['k', 'refund', 'u', 'u1']]), { message: /malformed/ });
});

test('an entry of a call that moved several items: one event per `e` field, in order, each with its sub-sequence and id', (t) => {
  const reserve = (request: string, available: string) => ['r', TX, 'u1', 'g1', 'round', '50', available, '50', request, '1700000000000'].join('\n');
  const events = outboxEventsOf(10, ['5-3', ['e', reserve('a', '950'), 'e', reserve('b', '900'), 'e', reserve('c', '850')]]);
  t.deepEqual(events.map((event) => [event.eventId, event.streamId, event.streamSub, event.requestId, event.availableBalance]), [
    ['0a-5-3', '5-3', 0, 'a', '950'],
    ['0a-5-3/1', '5-3', 1, 'b', '900'],
    ['0a-5-3/2', '5-3', 2, 'c', '850'],
  ]);
  t.throws(() => outboxEventsOf(10, ['5-4', ['e', reserve('a', '950'), 'e', 'z']]), { message: /malformed outbox entry 5-4/ }, 'one bad move fails the entry');
});

import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { Client, credentials, Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { WIRE_METHODS } from '../../src/grpc/generated/wire-codec';
import { RESERVATION_SERVICE_NAME } from '../../src/grpc/reservation-proto';
import anyTest, { type TestFn } from 'ava';
import { createReservationClient, type LedgerMove, ReservationError } from '../../client/src';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { STREAM_QUEUE_LIMIT, watchLedgerHandler } from '../../src/grpc/watch-ledger';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import { createLedgerTail } from '../../src/sync/ledger-tail';
import { ledgerAfter } from '../../src/records/ledger-reads';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import type { OutboxEvent } from '../../src/sync/outbox-event';
import { createTestApi, type TestApi } from '../helpers/api';
import { until } from '../helpers/until';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

// SPEC §1.11 WatchLedger from outside: the gRPC role streaming MySQL's ledger as the sync fills it,
// read through the client library's async iterator.
const test = anyTest as TestFn<{ api: TestApi; worker: { stop(): Promise<void> }; roles: RunningRole[] }>;
test.beforeEach(async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
  t.context = { api, worker: await startTestWorker(api), roles: [] };
});
test.afterEach.always(async (t) => {
  for (const role of t.context.roles ?? []) await role.stop(500);
  await t.context.worker?.stop();
  await t.context.api?.close();
});

async function grpcRole(t: { context: { api: TestApi; roles: RunningRole[] } }, port = 0, authTokens: string[] = []) {
  const { api } = t.context;
  const role = await startGrpcRole({
    config: { ...api.config.grpc, host: '127.0.0.1', port, authTokens }, wallet: api.engine.wallet, redis: api.redis.redis,
    logger: createLogger('silent'), ledgerDb: api.database.db,
  });
  t.context.roles.push(role);
  return role;
}

const ledgerRows = async (api: TestApi) => Number((await api.database.db('ledger_entries').count({ n: '*' }))[0]!.n);

/** The first `count` moves a watch gives, then it stops. */
async function take(moves: AsyncIterable<LedgerMove>, count: number): Promise<LedgerMove[]> {
  const taken: LedgerMove[] = [];
  if (count === 0) return taken;
  for await (const move of moves) {
    taken.push(move);
    if (taken.length === count) break;
  }
  return taken;
}

/** `moves` moves on one wallet: a top-up, then reserves and confirms in batches. */
async function makeMoves(api: TestApi, target: { userId: string; gameId: string; currency: string }, reserves: number) {
  await api.engine.fund(target, 1_000_000);
  for (let from = 0; from < reserves; from += 250) {
    const items = Array.from({ length: Math.min(250, reserves - from) }, (_, i) => ({ ...target, requestId: `r${from + i}`, roundId: `round-${from + i}`, amount: '2' }));
    const reserved = await api.engine.wallet.reserveBatch(items);
    await api.engine.wallet.confirmBatch(reserved.map((reply, i) => ({ requestId: `c${from + i}`, transactionId: (reply as { transactionId: string }).transactionId, roundId: '', winAmount: '1' })));
  }
}

test('a stream resumed at every position of a 1,000-move sequence gives the moves after it: no gap, no duplicate', async (t) => {
  const { api } = t.context;
  const role = await grpcRole(t);
  const client = createReservationClient({ address: role.address!, batching: false });
  t.teardown(() => client.close());
  const target = api.engine.newWallet();
  await makeMoves(api, target, 500); // 1 top-up + 500 reserves + 499… confirms: 1,001 moves
  await until('the ledger holds every move', async () => (await ledgerRows(api)) === 1001, 30_000);

  const all = await take(client.watchLedger(), 1001);
  const sequences = all.map((move) => move.sequence);
  const ids = (await api.database.db('ledger_entries').orderBy('seq').pluck('seq')).map(String);
  t.deepEqual(sequences, ids, 'every move, in ledger order');
  t.like(all.find((move) => move.kind === 'topup'), { kind: 'topup', userId: target.userId, gameId: target.gameId, currency: 'EUR', amount: '1000000', availableBalance: '1000000' });
  const confirm = all.find((move) => move.kind === 'confirm')!;
  t.like(confirm, { amount: '2', winAmount: '1' });
  t.regex(confirm.time, /^\d{4}-\d\d-\d\dT/);

  for (let position = 0; position < 1000; position += 1) {
    const next = await take(client.watchLedger({ afterSequence: sequences[position] }), Math.min(3, 1000 - position));
    t.deepEqual(next.map((move) => move.sequence), sequences.slice(position + 1, position + 1 + next.length), `after ${sequences[position]}`);
  }
});

test('a watch follows new moves live, filtered by game and user, and resumes by itself across a server restart', async (t) => {
  const { api } = t.context;
  const role = await grpcRole(t);
  const port = Number(role.address!.split(':').pop());
  const client = createReservationClient({ address: role.address!, batching: false, retry: { initialBackoffMs: 20, maxBackoffMs: 200 } });
  t.teardown(() => client.close());
  const mine = api.engine.newWallet();
  const other = api.engine.newWallet();

  const seen: LedgerMove[] = [];
  const watching = (async () => {
    for await (const move of client.watchLedger({ gameId: mine.gameId, userId: mine.userId })) {
      seen.push(move);
      if (seen.length === 4) break;
    }
  })();
  await api.engine.fund(other, 5);
  await api.engine.fund(mine, 10);
  await api.engine.fund(mine, 20);
  await until('two moves of this wallet', () => seen.length === 2);

  await t.context.roles.shift()!.stop(500); // the stream ends UNAVAILABLE; the client resumes from its last sequence
  await api.engine.fund(mine, 30);
  await grpcRole(t, port);
  await api.engine.fund(other, 5);
  await api.engine.fund(mine, 40);
  await watching;
  t.deepEqual(seen.map((move) => [move.gameId, move.amount]), [[mine.gameId, '10'], [mine.gameId, '20'], [mine.gameId, '30'], [mine.gameId, '40']]);
  const sequences = seen.map((move) => BigInt(move.sequence));
  t.true(sequences.every((sequence, i) => i === 0 || sequence > sequences[i - 1]!));
});

test('caller tokens apply to WatchLedger', async (t) => {
  const role = await grpcRole(t, 0, ['s3cret-token-for-ledger']);
  const anonymous = createReservationClient({ address: role.address!, batching: false });
  t.teardown(() => anonymous.close());
  const error = await t.throwsAsync(take(anonymous.watchLedger(), 1), { instanceOf: ReservationError });
  t.is(error?.codeName, 'UNAUTHENTICATED');
  const bad = await t.throwsAsync(take(anonymous.watchLedger({ afterSequence: '-1' }), 1), { instanceOf: ReservationError });
  t.not(bad, undefined);
});

let written = 0;
/** A top-up's outbox event for the ledger, as the sync applies it (its row and its sequence). */
function topupEvent(userId: string, availableBalance = 1): OutboxEvent {
  written += 1;
  const streamId = `${Date.now()}-${written}`;
  return {
    eventId: `63-${streamId}`, streamId, streamSub: 0, kind: 'topup', userId, gameId: 'g', currency: 'EUR', amount: '1', winAmount: '0', availableBalance: String(availableBalance),
    reservedBalance: '0', transactionId: null, roundId: null, requestId: null, requestRoundId: null, topupId: String(written), comment: null, auditTrail: null, atMs: Date.now(),
  };
}

test('a sync transaction that commits after a later one, more than 3 s later, is still streamed: live, on a replay, and to a client resuming after the later row (review item 7)', async (t) => {
  const { db } = t.context.api.database;
  await t.context.worker.stop();
  const tail = createLedgerTail(db, { pollMs: 10 });
  t.teardown(() => tail.stop());
  const delivered: Array<{ id: number; user_id: string }> = [];
  await tail.listen((rows) => delivered.push(...rows.map(({ id, user_id }) => ({ id, user_id }))));
  const start = tail.watermark;

  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  let inserted!: () => void;
  const rowsInserted = new Promise<void>((resolve) => { inserted = resolve; });
  // The first batch starts first and stays open (before its ledger rows, in today's order; after them, in the order the review found).
  const first = applyOutboxBatch(db, [topupEvent('first')], async () => {
    inserted();
    await held;
  });
  await rowsInserted;
  await applyOutboxBatch(db, [topupEvent('second')]); // starts later, commits first
  await until('the second row streamed', () => delivered.length === 1);
  t.is(delivered[0]!.user_id, 'second');
  await new Promise((resolve) => setTimeout(resolve, 3200)); // longer than any wait for a gap to fill (the review's repro)
  release();
  await first;
  await until('the first row streamed too', () => delivered.length === 2);
  t.deepEqual(delivered.map((row) => row.user_id), ['second', 'first'], 'in commit order');
  t.true(delivered[1]!.id > delivered[0]!.id, 'its sequence follows the one it committed after');
  const resumed = await ledgerAfter(db, delivered[0]!.id, 10);
  t.deepEqual(resumed.map((row) => row.user_id), ['first'], 'a client resuming after the second row gets the first');
  const replay = await ledgerAfter(db, start, 10);
  t.deepEqual(replay.map((row) => row.user_id), ['second', 'first']);
});

test('a subscriber that stops reading costs the server a bounded queue: past it the stream reads MySQL at its pace, and still gives every move once, in order', async (t) => {
  // The handler with a call whose transport is full until the test drains it (a real client's buffers
  // differ between Node versions: how much a paused reader absorbs is not this test's subject).
  const { api } = t.context;
  await t.context.worker.stop(); // the ledger is written here directly, fast
  const logs: string[] = [];
  const tail = createLedgerTail(api.database.db, { pollMs: 10 });
  t.teardown(() => tail.stop());
  const stream = watchLedgerHandler({ db: api.database.db, tail, logger: createLogger('info', {}, { write: (line: string) => logs.push(line) }) });
  const written: number[] = [];
  let full = true;
  const call = Object.assign(new EventEmitter(), {
    request: { after_sequence: '0', game_id: '', user_id: '' },
    metadata: new Metadata(),
    write(event: { available_balance: string }) {
      written.push(Number(event.available_balance));
      return !full;
    },
    end() {},
  });
  stream.handler(call as unknown as Parameters<typeof stream.handler>[0]);
  t.teardown(() => {
    call.emit('cancelled');
  });
  const total = STREAM_QUEUE_LIMIT * 3;
  await applyOutboxBatch(api.database.db, [topupEvent('slow', 1)]);
  await until('the first move written (the transport is full from then on)', () => written.length === 1);
  for (let from = 2; from <= total; from += 1000) {
    await applyOutboxBatch(api.database.db, Array.from({ length: Math.min(1000, total - from + 1) }, (_, i) => topupEvent('slow', from + i)));
  }
  await until('the stream to fall behind', () => logs.some((line) => line.includes('fell')), 30_000);
  t.is(written.length, 1, 'nothing more was written while the transport was full');
  full = false;
  call.emit('drain');
  await until('every move written', () => written.length >= total, 30_000);
  t.deepEqual(written, Array.from({ length: total }, (_, i) => i + 1), 'every move once, in order');
});

test('a WatchLedger request whose game_id is not UTF-8 is INVALID_ARGUMENT naming it', async (t) => {
  const role = await grpcRole(t);
  const raw = new Client(role.address!, credentials.createInsecure());
  t.teardown(() => raw.close());
  const bytes = Buffer.from(WIRE_METHODS.WatchLedger.request.encode({ after_sequence: '0', game_id: 'gZ', user_id: '' }));
  bytes[bytes.indexOf(0x5a)] = 0xff;
  const error = await new Promise<ServiceError>((resolve) => {
    const stream = raw.makeServerStreamRequest(`/${RESERVATION_SERVICE_NAME}/WatchLedger`, (b: Buffer) => b, (b: Buffer) => b, bytes);
    stream.on('error', resolve);
    stream.on('data', () => undefined);
  });
  t.is(error.code, GrpcStatus.INVALID_ARGUMENT);
  t.regex(error.details, /^game_id must be valid UTF-8/);
});

/**
 * The database as a lagging process sees it: the ledger's committed sequence read through `capOf`
 * (what the tail takes as final), everything else as it is; `onSequenceRead` runs after each such
 * read and before its caller goes on (a batch that commits between the tail's two reads).
 */
function laggingDb(db: Knex, capOf: (real: number) => number, onSequenceRead: () => Promise<void> = async () => undefined): Knex {
  return new Proxy(db, {
    apply(target, self, args: Parameters<Knex>) {
      const builder = Reflect.apply(target, self, args) as Knex.QueryBuilder;
      if (args[0] !== 'ledger_sequence') return builder;
      const first = builder.first.bind(builder);
      return Object.assign(builder, {
        first: (...columns: string[]) => (first(...columns) as Promise<{ last: number | string } | undefined>).then(async (row) => {
          await onSequenceRead();
          return row && { last: capOf(Number(row.last)) };
        }),
      });
    },
  });
}

/** A stream of the handler over this tail, collecting each row's balance (its position in the test's sequence). */
function collectingStream(api: TestApi, tail: ReturnType<typeof createLedgerTail>, db: Knex, afterSequence: number) {
  const written: number[] = [];
  const stream = watchLedgerHandler({ db, tail, logger: createLogger('silent') });
  const call = Object.assign(new EventEmitter(), {
    request: { after_sequence: String(afterSequence), game_id: '', user_id: '' },
    metadata: new Metadata(),
    write(event: { available_balance: string }) {
      written.push(Number(event.available_balance));
      return true;
    },
    end() {},
  });
  stream.handler(call as unknown as Parameters<typeof stream.handler>[0]);
  return { written, end: () => call.emit('cancelled') };
}

test('a stream opened after_sequence above its server\'s lagging tail sends only later rows: a client that reconnects to a lagging server sees nothing twice', async (t) => {
  const { api } = t.context;
  await t.context.worker.stop();
  await applyOutboxBatch(api.database.db, Array.from({ length: 60 }, (_, i) => topupEvent('lag', i + 1)));
  const sequence = async (balance: number) => Number((await api.database.db('ledger_entries').where({ user_id: 'lag', available_balance: String(balance) }).first('seq')).seq);
  let cap = await sequence(40); // this server's tail has seen up to the 40th row
  let reads = 0;
  const db = laggingDb(api.database.db, (real) => Math.min(real, cap), async () => {
    reads += 1;
  });
  const tail = createLedgerTail(db, { pollMs: 10 });
  t.teardown(() => tail.stop());
  const stream = collectingStream(api, tail, db, await sequence(50)); // the client had the 50th row from another server
  t.teardown(stream.end);
  await applyOutboxBatch(api.database.db, Array.from({ length: 10 }, (_, i) => topupEvent('lag', 61 + i)));
  const readsThen = reads;
  await until('the lagging tail polled again', () => reads >= readsThen + 3, 10_000);
  t.deepEqual(stream.written, [], 'nothing at or below the position the client resumed from');
  cap = Number.MAX_SAFE_INTEGER; // the server catches up
  await until('the rows after the position', () => stream.written.length >= 20, 10_000);
  t.deepEqual(stream.written, Array.from({ length: 20 }, (_, i) => 51 + i), 'the 51st to the 70th, once each');
});

test('a live stream gets every row when one poll finds more than 2,000 new rows', async (t) => {
  const { api } = t.context;
  await t.context.worker.stop();
  const tail = createLedgerTail(api.database.db, { pollMs: 10 });
  t.teardown(() => tail.stop());
  const received: number[] = [];
  const unlisten = await tail.listen((rows) => received.push(...rows.filter((row) => row.user_id === 'burst').map((row) => Number(row.available_balance))));
  t.teardown(unlisten);
  await applyOutboxBatch(api.database.db, Array.from({ length: 4500 }, (_, i) => topupEvent('burst', i + 1))); // one commit: one poll finds them all
  await until('every row handed out', () => received.length >= 4500, 20_000);
  t.deepEqual(received, Array.from({ length: 4500 }, (_, i) => i + 1));
});

test('the ledger tail hands each row to its listeners once, also when a batch commits between its read of the committed sequence and its read of the rows', async (t) => {
  const { api } = t.context;
  await t.context.worker.stop();
  let written = 0;
  let interleave = false;
  let reads = 0;
  const batch = () => applyOutboxBatch(api.database.db, Array.from({ length: 5 }, () => topupEvent('between', (written += 1))));
  const db = laggingDb(api.database.db, (real) => real, async () => {
    reads += 1;
    if (!interleave) return;
    interleave = false;
    await batch(); // commits after the tail read what is final, before it reads the rows
  });
  const tail = createLedgerTail(db, { pollMs: 10 });
  t.teardown(() => tail.stop());
  const received: number[] = [];
  const unlisten = await tail.listen((rows) => received.push(...rows.filter((row) => row.user_id === 'between').map((row) => Number(row.available_balance))));
  t.teardown(unlisten);
  for (let round = 0; round < 5; round += 1) {
    await batch();
    interleave = true;
    await until('the interleaved batch committed', () => !interleave, 10_000);
  }
  await until('every row handed out', () => received.length >= written, 10_000);
  const readsThen = reads;
  await until('the tail polled again: nothing comes twice', () => reads >= readsThen + 3, 10_000);
  // In commit order (a batch may commit before an interleaved one made earlier), each row once.
  t.is(received.length, written);
  t.deepEqual([...received].sort((a, b) => a - b), Array.from({ length: written }, (_, i) => i + 1));
});

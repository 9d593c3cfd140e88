import { randomUUID } from 'node:crypto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { startTestGrpcRole } from '../helpers/grpc-role';
import { loadReservationProto } from '../../src/grpc/reservation-proto';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createTestApi, type TestApi } from '../helpers/api';
import { reservationClient, watchLedgerCall } from '../helpers/grpc-client';
import { until } from '../helpers/until';

// Every RPC of the reservation service (the proto lists them: a new one fails the first test until it
// has a row) called by every kind of caller: none, a wrong token, a caller token, an unscoped API key,
// a key scoped to the call's game, one scoped to another game, and a revoked key (issue 47).
const BOOTSTRAP = 'bootstrap-token-for-access-matrix';
const test = anyTest as TestFn<{ api: TestApi; role: RunningRole }>;
test.before(async (t) => {
  const api = await createTestApi();
  const role = await startTestGrpcRole(api, [BOOTSTRAP]);
  t.context = { api, role };
});
test.after.always(async (t) => {
  await t.context.role?.stop(500);
  await t.context.api?.close();
});

type Caller = 'none' | 'wrong token' | 'caller token' | 'unscoped key' | 'key in scope' | 'key out of scope' | 'revoked key';
const CALLERS: Caller[] = ['none', 'wrong token', 'caller token', 'unscoped key', 'key in scope', 'key out of scope', 'revoked key'];
/** What each caller gets from any RPC on a wallet of the call's game (a batch: its item). */
const EXPECTED: Record<Caller, string> = {
  none: 'UNAUTHENTICATED', 'wrong token': 'UNAUTHENTICATED', 'caller token': 'OK', 'unscoped key': 'OK',
  'key in scope': 'OK', 'key out of scope': 'PERMISSION_DENIED', 'revoked key': 'UNAUTHENTICATED',
};
const statusName = (code: number) => GrpcStatus[code] ?? String(code);

interface Target { userId: string; gameId: string; currency: string }
/** A request of the RPC on `target`'s game, made fresh per caller (a transaction to settle is reserved first). */
type Fixture = (target: Target, reserve: () => Promise<string>) => Promise<object>;
const reserveRequest = (target: Target) => ({ request_id: randomUUID(), user_id: target.userId, game_id: target.gameId, round_id: 'r', amount: '1', currency: target.currency });
const UNARY: Record<string, Fixture> = {
  Reserve: async (target) => reserveRequest(target),
  Confirm: async (_, reserve) => ({ request_id: randomUUID(), transaction_id: await reserve(), round_id: '', win_amount: '0' }),
  Cancel: async (_, reserve) => ({ request_id: randomUUID(), transaction_id: await reserve(), reason: '' }),
  GetTransaction: async (_, reserve) => ({ transaction_id: await reserve() }),
  ReserveBatch: async (target) => ({ items: [reserveRequest(target)] }),
  ConfirmBatch: async (_, reserve) => ({ items: [{ request_id: randomUUID(), transaction_id: await reserve(), round_id: '', win_amount: '0' }] }),
  CancelBatch: async (_, reserve) => ({ items: [{ request_id: randomUUID(), transaction_id: await reserve(), reason: '' }] }),
};
const STREAMING = ['WatchLedger'];

test('the matrix names every RPC of the service', (t) => {
  t.deepEqual(Object.keys(loadReservationProto().service).sort(), [...Object.keys(UNARY), ...STREAMING].sort());
});

async function keys(api: TestApi, gameId: number, otherGameId: number) {
  const make = (body: object) => api.services.apiKeys.create(COMMAND_ACTOR, { name: 'matrix', ...body });
  const revoked = await make({});
  await api.services.apiKeys.revoke(COMMAND_ACTOR, revoked.id);
  return {
    'unscoped key': (await make({})).secret, 'key in scope': (await make({ game_ids: [gameId] })).secret,
    'key out of scope': (await make({ game_ids: [otherGameId] })).secret, 'revoked key': revoked.secret,
  };
}

async function setUp(api: TestApi, role: RunningRole) {
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'M', slug: `matrix-${randomUUID()}` })).id;
  const otherGameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'O', slug: `matrix-${randomUUID()}` })).id;
  const secrets = await keys(api, gameId, otherGameId);
  // SPEC §2.12: a revocation reaches every process within a second (a read of the keys that began
  // before it may land after it). The matrix starts once this process refuses the key, asked with a
  // read that moves no money.
  await until('the revoked key is refused here', async () => {
    const client = reservationClient(role.address!, { token: `Bearer ${secrets['revoked key']}` });
    const { error } = await client.call('GetTransaction', { transaction_id: 'not-a-transaction' });
    client.close();
    return error?.code === GrpcStatus.UNAUTHENTICATED;
  }, 3000, 50);
  const tokenOf = (caller: Caller): string | undefined =>
    caller === 'none' ? undefined : caller === 'wrong token' ? 'Bearer rsk_not-a-key' : caller === 'caller token' ? `Bearer ${BOOTSTRAP}` : `Bearer ${secrets[caller]}`;
  const target = { userId: `p-${randomUUID()}`, gameId: String(gameId), currency: 'EUR' };
  await api.engine.fund(target, 1_000_000);
  return { gameId, target, tokenOf };
}

for (const [method, fixture] of Object.entries(UNARY)) {
  test(`${method}: ${CALLERS.map((caller) => `${caller} ${EXPECTED[caller]}`).join(', ')}`, async (t) => {
    const { api, role } = t.context;
    const { target, tokenOf } = await setUp(api, role);
    const bootstrap = reservationClient(role.address!, { token: `Bearer ${BOOTSTRAP}` });
    t.teardown(() => bootstrap.close());
    const reserve = async () => (await bootstrap.call('Reserve', reserveRequest(target))).reply!.transaction_id as string;
    for (const caller of CALLERS) {
      const client = reservationClient(role.address!, { token: tokenOf(caller) });
      const { reply, error } = await client.call(method, await fixture(target, reserve));
      client.close();
      const item = (reply?.results as Array<{ error?: { code: number } }> | undefined)?.[0];
      const outcome = error ? statusName(error.code) : item?.error ? statusName(item.error.code) : 'OK';
      t.is(outcome, EXPECTED[caller], `${caller}: ${error?.details ?? JSON.stringify(reply)}`);
    }
  });
}

test(`WatchLedger: ${CALLERS.map((caller) => `${caller} ${EXPECTED[caller]}`).join(', ')}`, async (t) => {
  const { api, role } = t.context;
  const { target, tokenOf } = await setUp(api, role);
  // The game's move in the ledger, as the sync writes it (no worker runs here).
  const streamId = `${Date.now()}-0`;
  await applyOutboxBatch(api.database.db, [{
    eventId: `62-${streamId}`, streamId, streamSub: 0, kind: 'topup', userId: target.userId, gameId: target.gameId, currency: 'EUR', amount: '1', winAmount: '0',
    availableBalance: '1', reservedBalance: '0', transactionId: null, roundId: null, requestId: null, requestRoundId: null, topupId: '1', comment: null, auditTrail: null, atMs: Date.now(),
  }]);
  const { client } = reservationClient(role.address!);
  t.teardown(() => client.close());
  for (const caller of CALLERS) {
    const { call, ended } = watchLedgerCall(client, { game_id: target.gameId }, tokenOf(caller));
    let outcome = null as string | null;
    call.on('data', () => { outcome ??= 'OK'; });
    void ended.then((error) => { outcome ??= statusName(error.code); });
    await until(`${caller}: the stream delivers the game's top-up, or ends`, () => outcome !== null, 5000);
    call.cancel();
    t.is(outcome, EXPECTED[caller], caller);
  }
});

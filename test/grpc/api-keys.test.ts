import anyTest, { type TestFn } from 'ava';
import { createReservationClient, ReservationError } from '../../client/src';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import { createTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { until } from '../helpers/until';

// SPEC §2.12 server API keys from outside: made, listed and revoked over REST and GraphQL, and taken
// by the gRPC role (through the client library) beside GRPC_AUTH_TOKENS, scoped to their games.
const BOOTSTRAP = 'bootstrap-token-for-tests';
const test = anyTest as TestFn<{ api: TestApi; role: RunningRole }>;
test.beforeEach(async (t) => {
  const api = await createTestApi();
  const role = await startGrpcRole({
    config: { ...api.config.grpc, host: '127.0.0.1', port: 0, authTokens: [BOOTSTRAP] }, wallet: api.engine.wallet, redis: api.redis.redis,
    logger: createLogger('silent'), ledgerDb: api.database.db,
  });
  t.context = { api, role };
});
test.afterEach.always(async (t) => {
  await t.context.role?.stop(500);
  await t.context.api?.close();
});

const admin = (api: TestApi) => ({ token: api.users.admin.token });
const clientWith = (t: { context: { role: RunningRole }; teardown(fn: () => Promise<void>): void }, token: string) => {
  const client = createReservationClient({ address: t.context.role.address!, token, batching: false, retry: false });
  t.teardown(() => client.close());
  return client;
};
const game = async (api: TestApi, name: string) => (await api.request('POST', '/api/games', { ...admin(api), body: { name, slug: `${name.toLowerCase()}-${Date.now()}` } })).body.id as number;

test('an admin makes a key (its secret once), lists it without it, and a game server calls with it; revoked, it is refused within a second; all audited', async (t) => {
  const { api } = t.context;
  t.is((await api.request('POST', '/api/api-keys', { token: api.users.moderator.token, body: { name: 'x' } })).status, 403);
  const invalid = await api.request('POST', '/api/api-keys', { ...admin(api), body: { game_ids: [999_999], expires_at: '2001-01-01T00:00:00Z' } });
  t.is(invalid.status, 400);
  t.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path), ['name']);
  t.like((await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'x', game_ids: [999_999] } })).body, { status: 400, errors: [{ path: 'game_ids' }] });
  t.like((await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'x', expires_at: '2001-01-01T00:00:00Z' } })).body, { status: 400, errors: [{ path: 'expires_at' }] });

  const made = await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'slots server' } });
  t.is(made.status, 201);
  t.like(made.body, { name: 'slots server', game_ids: null, expires_at: null, last_used_at: null, revoked_at: null });
  t.regex(made.body.secret, /^rsk_[A-Za-z0-9_-]{43}$/);
  const listed = await api.request('GET', '/api/api-keys', admin(api));
  t.deepEqual(Object.keys(listed.body[0]).sort(), ['created_at', 'expires_at', 'game_ids', 'id', 'last_used_at', 'name', 'revoked_at']);
  t.false(JSON.stringify(listed.body).includes(made.body.secret), 'the secret appears nowhere after creation');

  const target = api.engine.newWallet();
  await api.engine.fund(target, 100);
  const server = clientWith(t, made.body.secret);
  await until('the key is accepted', async () => (await server.reserve({ ...target, roundId: 'r', amount: 1 }).then(() => true, () => false)), 1000);
  await until('last_used_at noted', async () => (await api.request('GET', '/api/api-keys', admin(api))).body[0].last_used_at !== null, 3000);
  const wrong = await t.throwsAsync(clientWith(t, 'rsk_not-a-key').reserve({ ...target, roundId: 'r', amount: 1 }), { instanceOf: ReservationError });
  t.is(wrong?.codeName, 'UNAUTHENTICATED');

  t.is((await api.request('DELETE', `/api/api-keys/${made.body.id}`, admin(api))).status, 204);
  const revokedAt = Date.now();
  await until('the revoked key is refused', async () => {
    const outcome = await server.reserve({ ...target, roundId: 'r', amount: 1 }).then(() => 'ok', (error: ReservationError) => error.codeName);
    return outcome === 'UNAUTHENTICATED';
  }, 1000);
  t.log(`refused ${Date.now() - revokedAt} ms after the revoke's reply`);
  t.truthy((await api.request('GET', '/api/api-keys', admin(api))).body[0].revoked_at);
  const viaGraphql = await gql(api, '{ apiKeys { name revoked_at } apiKeysTotal }', admin(api));
  t.is(viaGraphql.body.data.apiKeysTotal, 1);
  const audit = (await api.request('GET', '/api/audit?target_type=api_key', admin(api))).body as Array<{ action: string; changes: Record<string, unknown> }>;
  t.deepEqual(audit.map((entry) => entry.action), ['api_key.revoke', 'api_key.create']);
  t.false(JSON.stringify(audit).includes(made.body.secret));
});

test('a key scoped to a game: another game\'s Reserve, Confirm, Cancel and GetTransaction are PERMISSION_DENIED (per item in batches); an expired key is refused', async (t) => {
  const { api } = t.context;
  const [mine, theirs] = [await game(api, 'Mine'), await game(api, 'Theirs')];
  const made = (await gql(api, `mutation { createApiKey(input: { name: "mine only", game_ids: [${mine}] }) { secret game_ids } }`, admin(api))).body.data.createApiKey;
  t.deepEqual(made.game_ids, [mine]);
  const scoped = clientWith(t, made.secret);
  const bootstrap = clientWith(t, BOOTSTRAP);
  const [inMine, inTheirs] = [{ userId: 'p1', gameId: String(mine), currency: 'EUR' }, { userId: 'p1', gameId: String(theirs), currency: 'EUR' }];
  await api.engine.fund(inMine, 1000);
  await api.engine.fund(inTheirs, 1000);
  await until('the key is accepted', async () => (await scoped.reserve({ ...inMine, roundId: 'r', amount: 1 }).then(() => true, () => false)), 1000);

  const denied = await t.throwsAsync(scoped.reserve({ ...inTheirs, roundId: 'r', amount: 1 }), { instanceOf: ReservationError });
  t.is(denied?.codeName, 'PERMISSION_DENIED');
  t.regex(denied?.details ?? '', new RegExp(`game ${theirs}`));
  const theirBet = await bootstrap.reserve({ ...inTheirs, roundId: 'r', amount: 5 });
  for (const call of [
    () => scoped.confirm({ transactionId: theirBet.transactionId, winAmount: 0 }),
    () => scoped.cancel({ transactionId: theirBet.transactionId }),
    () => scoped.getTransaction(theirBet.transactionId),
  ]) t.is((await t.throwsAsync(call(), { instanceOf: ReservationError }))?.codeName, 'PERMISSION_DENIED');

  const results = await scoped.reserveBatch([{ ...inMine, roundId: 'b', amount: 2 }, { ...inTheirs, roundId: 'b', amount: 2 }, { ...inMine, roundId: 'b', amount: 3 }]);
  t.deepEqual(results.map((r) => (r instanceof ReservationError ? r.codeName : r.status)), ['reserved', 'PERMISSION_DENIED', 'reserved']);
  const mineBet = results[0] as { transactionId: string };
  const settled = await scoped.confirmBatch([{ transactionId: mineBet.transactionId, winAmount: 0 }, { transactionId: theirBet.transactionId, winAmount: 0 }]);
  t.deepEqual(settled.map((r) => (r instanceof ReservationError ? r.codeName : r.status)), ['confirmed', 'PERMISSION_DENIED']);
  t.like(await bootstrap.getTransaction(theirBet.transactionId), { status: 'reserved' }, 'the denied Confirm changed nothing');

  const soon = new Date(Date.now() + 1500).toISOString();
  const expiring = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'short', expires_at: soon } })).body;
  const short = clientWith(t, expiring.secret);
  await until('the expiring key is accepted', async () => (await short.reserve({ ...inMine, roundId: 'r', amount: 1 }).then(() => true, () => false)), 1000);
  await until('the expired key is refused', async () => {
    const outcome = await short.reserve({ ...inMine, roundId: 'r', amount: 1 }).then(() => 'ok', (error: ReservationError) => error.codeName);
    return outcome === 'UNAUTHENTICATED';
  }, 3000);
  t.pass();
});

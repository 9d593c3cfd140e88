import anyTest, { type TestFn } from 'ava';
import { createReservationClient, isRetryable, ReservationError } from '../../client/src';
import { startTcpRelay } from '../../bench/lib/tcp-relay';
import { createKnex } from '../../src/db/knex-factory';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { createLogger } from '../../src/logging/logger';
import { startTestGrpcRole } from '../helpers/grpc-role';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { until } from '../helpers/until';
import { reservationClient, unaryHeldBack, watchLedgerCall } from '../helpers/grpc-client';
import { createApiKeyRegistry, KEYS_STALE_MS, type ResolvedKey } from '../../src/grpc/api-key-registry';
import { STREAMS_PER_CALLER } from '../../src/grpc/watch-ledger';
import { walletAddress } from '../../src/redis/wallet-keys';
import { unknownTransactionId } from '../helpers/engine';
import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';

// SPEC §2.12 server API keys from outside: made, listed and revoked over REST and GraphQL, and taken
// by the gRPC role (through the client library) beside GRPC_AUTH_TOKENS, scoped to their games.
const BOOTSTRAP = 'bootstrap-token-for-tests';
const test = anyTest as TestFn<{ api: TestApi; role: RunningRole }>;
test.beforeEach(async (t) => {
  const api = await createTestApi();
  const role = await startTestGrpcRole(api, [BOOTSTRAP]);
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

test('a call that began with a scoped key which is revoked before its message arrives is UNAUTHENTICATED, never unscoped (review item 1)', async (t) => {
  const { api } = t.context;
  const [mine, theirs] = [await game(api, 'Mine'), await game(api, 'Theirs')];
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'mine only', game_ids: [mine] } })).body;
  const inTheirs = { userId: 'p1', gameId: String(theirs), currency: 'EUR' };
  await api.engine.fund(inTheirs, 1000);
  const scoped = clientWith(t, made.secret);
  const inMine = { userId: 'p1', gameId: String(mine), currency: 'EUR' };
  await api.engine.fund(inMine, 10);
  await until('the key is accepted', async () => (await scoped.reserve({ ...inMine, roundId: 'r', amount: 1 }).then(() => true, () => false)), 1000);

  let release!: () => void;
  const held = unaryHeldBack(t.context.role.address!, 'Reserve', made.secret, { request_id: 'held', user_id: 'p1', game_id: String(theirs), round_id: 'r', amount: '5', currency: 'EUR' },
    new Promise<void>((resolve) => { release = resolve; }));
  t.is((await api.request('DELETE', `/api/api-keys/${made.id}`, admin(api))).status, 204);
  await until('this process knows of the revoke', async () =>
    (await scoped.getTransaction('nothing').then(() => 'ok', (error: ReservationError) => error.codeName)) === 'UNAUTHENTICATED', 1000);
  release();
  const outcome = await held;
  t.is(outcome.status, GrpcStatus.UNAUTHENTICATED, `the held Reserve answered ${outcome.status} ${outcome.message}`);
  t.like(await api.engine.wallet.balance(inTheirs.userId, inTheirs.gameId, 'EUR'), { availableBalance: '1000', reservedBalance: '0' }, 'nothing was reserved');
});

test('a key works on its first call right after its create answered (review item 3); random secrets are refused without a key', async (t) => {
  const { api } = t.context;
  const target = api.engine.newWallet();
  await api.engine.fund(target, 100);
  for (let i = 0; i < 3; i += 1) {
    const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: `fresh ${i}` } })).body;
    const reply = await clientWith(t, made.secret).reserve({ ...target, roundId: `r${i}`, amount: 1 });
    t.is(reply.status, 'reserved');
  }
  const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) =>
    clientWith(t, `rsk_${String(i).padStart(43, 'x')}`).getTransaction('t').then(() => 'ok', (error: ReservationError) => error.codeName)));
  t.deepEqual(new Set(guesses), new Set(['UNAUTHENTICATED']));
});

test('WatchLedger: a scoped key must name one of its games; an open stream ends UNAUTHENTICATED within a second of its key\'s revoke (review item 2)', async (t) => {
  const { api } = t.context;
  const mine = await game(api, 'Mine');
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'watcher', game_ids: [mine] } })).body;
  const { client } = reservationClient(t.context.role.address!);
  t.teardown(() => client.close());
  const watch = (request: object) => watchLedgerCall(client, request, `Bearer ${made.secret}`);
  t.is((await watch({}).ended).code, GrpcStatus.PERMISSION_DENIED, 'no game_id: refused');
  t.is((await watch({ game_id: String(mine + 1000) }).ended).code, GrpcStatus.PERMISSION_DENIED, 'another game: refused');

  const open = watch({ game_id: String(mine) });
  const wallet = { userId: 'watched', gameId: String(mine), currency: 'EUR' };
  await api.engine.fund(wallet, 10); // the stream is open and serving
  t.is((await api.request('DELETE', `/api/api-keys/${made.id}`, admin(api))).status, 204);
  const revokedAt = Date.now();
  const ended = await open.ended;
  t.is(ended.code, GrpcStatus.UNAUTHENTICATED);
  t.log(`the stream ended ${Date.now() - revokedAt} ms after the revoke's reply`);
  t.true(Date.now() - revokedAt < 1500, 'within a second (and the test\'s slack)');
});

test('a scoped CancelBatch on another game\'s transaction is PERMISSION_DENIED and leaves it reserved', async (t) => {
  const { api } = t.context;
  const [mine, theirs] = [await game(api, 'Mine'), await game(api, 'Theirs')];
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'mine only', game_ids: [mine] } })).body;
  const inTheirs = { userId: 'p2', gameId: String(theirs), currency: 'EUR' };
  await api.engine.fund(inTheirs, 100);
  const theirBet = await clientWith(t, BOOTSTRAP).reserve({ ...inTheirs, roundId: 'r', amount: 7 });
  const results = await clientWith(t, made.secret).cancelBatch([{ transactionId: theirBet.transactionId }]);
  t.is((results[0] as ReservationError).codeName, 'PERMISSION_DENIED');
  t.like(await clientWith(t, BOOTSTRAP).getTransaction(theirBet.transactionId), { status: 'reserved' });
});

test('the registry: a key reaching expires_at between two reads of MySQL is refused at that instant; a key no read has confirmed lately is not trusted (injected clock)', async (t) => {
  const { api } = t.context;
  const expiresAt = Date.now() + 2000;
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'expiring', expires_at: new Date(expiresAt).toISOString() } })).body;
  let now = Date.now();
  const registry = createApiKeyRegistry(api.database.db, { refreshMs: 3_600_000, clock: () => now });
  t.teardown(() => registry.stop());
  await registry.refresh();
  const key = (await registry.resolve(made.secret)) as ResolvedKey;
  t.truthy(key);
  now = expiresAt - 1;
  t.true(registry.isActive(key));
  now = expiresAt;
  t.false(registry.isActive(key), 'expired at expires_at, with no read of MySQL in between');
  t.is(await registry.resolve(made.secret), null);

  const lasting = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'lasting' } })).body;
  await registry.refresh();
  const read = now;
  const held = (await registry.resolve(lasting.secret)) as ResolvedKey;
  now = read + KEYS_STALE_MS;
  t.true(registry.isActive(held));
  now = read + KEYS_STALE_MS + 1;
  t.is(registry.isActive(held), 'unknown', 'no read has confirmed it for too long: a revoke could have been missed');
  t.is(await registry.resolve(lasting.secret), 'unknown');
  await registry.refresh();
  t.true(registry.isActive(held), 'a read confirms it again');
});

test('WatchLedger: one caller holds at most STREAMS_PER_CALLER streams on a server; the next is RESOURCE_EXHAUSTED until one ends (review item 16)', async (t) => {
  const { api } = t.context;
  const mine = await game(api, 'Streams');
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'many streams', game_ids: [mine] } })).body;
  const { client } = reservationClient(t.context.role.address!);
  t.teardown(() => client.close());
  const watch = () => watchLedgerCall(client, { game_id: String(mine) }, `Bearer ${made.secret}`);
  const open = Array.from({ length: STREAMS_PER_CALLER }, watch);
  t.teardown(() => open.forEach((stream) => stream.call.cancel()));
  await api.engine.fund({ userId: 'streams', gameId: String(mine), currency: 'EUR' }, 1); // the streams are served
  let refused: ServiceError | undefined;
  await until('the streams are all open and one more is refused', async () => {
    refused = await Promise.race([watch().ended, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 300))]);
    return refused !== undefined;
  }, 5000);
  t.is(refused!.code, GrpcStatus.RESOURCE_EXHAUSTED);
  open.pop()!.call.cancel();
  await until('a stream ended makes room', async () => {
    const next = watch();
    const outcome = await Promise.race([next.ended, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 300))]);
    next.call.cancel();
    return outcome === 'open';
  }, 5000);
  t.pass();
});

test('a scoped ConfirmBatch of many transactions gone from Redis looks each distinct one up once, a bounded number at a time (review item 16)', async (t) => {
  const { api } = t.context;
  const mine = await game(api, 'Lookups');
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'lookups', game_ids: [mine] } })).body;
  const wallet = walletAddress('p9', String(mine), 'EUR');
  const unknown = Array.from({ length: 300 }, () => unknownTransactionId(wallet));
  const items = [...unknown, ...unknown.slice(0, 100)].map((transactionId) => ({ transactionId, winAmount: 0 }));
  let inFlight = 0;
  let most = 0;
  let archiveReads = 0;
  const started = (query: { sql: string }) => {
    if (!query.sql.includes('`transactions` as `t`')) return;
    archiveReads += 1;
    most = Math.max(most, (inFlight += 1));
  };
  const ended = (_response: unknown, query: { sql: string }) => {
    if (query.sql.includes('`transactions` as `t`')) inFlight -= 1;
  };
  api.database.db.on('query', started).on('query-response', ended).on('query-error', (_error: unknown, query: { sql: string }) => ended(null, query));
  t.teardown(() => {
    api.database.db.removeListener('query', started);
    api.database.db.removeListener('query-response', ended);
  });
  const results = await clientWith(t, made.secret).confirmBatch(items);
  t.is(results.length, 400);
  t.true(results.every((r) => r instanceof ReservationError && r.codeName === 'NOT_FOUND'));
  t.is(archiveReads, 301, 'each distinct transaction looked up once by the scope check, then the engine\'s one read of them all');
  t.true(most <= 32, `at most 32 lookups at once (${most})`);
});

test('a key\'s body rules at their fields; game ids deduplicated and sorted (empty: every game); an expiry at this very instant refused, a millisecond later taken (injected clock); audited with its fields; a second revoke changes nothing; an unknown key is 404', async (t) => {
  const now = Date.parse('2026-12-01T12:00:00.000Z');
  const api = await createTestApi({}, { clock: () => now });
  t.teardown(() => api.close());
  const make = (body: Record<string, unknown>) => api.request('POST', '/api/api-keys', { ...admin(api), body });
  const [a, b] = [await game(api, 'KeysA'), await game(api, 'KeysB')];

  t.deepEqual((await make({})).body.errors, [{ path: 'name', message: 'is required' }]);
  const unknownGame = await make({ name: 'k', game_ids: [a, 999_999_999] });
  t.is(unknownGame.status, 400);
  t.deepEqual(unknownGame.body.errors, [{ path: 'game_ids', message: 'game 999999999 does not exist' }]);
  const atNow = await make({ name: 'k', expires_at: new Date(now).toISOString() });
  t.deepEqual([atNow.status, atNow.body.errors], [400, [{ path: 'expires_at', message: 'must be in the future' }]]);

  const scoped = await make({ name: 'scoped', game_ids: [b, a, b], expires_at: new Date(now + 1).toISOString() });
  t.is(scoped.status, 201);
  t.deepEqual([scoped.body.game_ids, scoped.body.expires_at], [[a, b].sort((x, y) => x - y), '2026-12-01T12:00:00.001Z']);
  t.is((await make({ name: 'every game', game_ids: [] })).body.game_ids, null, 'an empty list is every game');

  t.is((await api.request('DELETE', `/api/api-keys/${scoped.body.id}`, admin(api))).status, 204);
  const revokedAt = (await api.request('GET', '/api/api-keys', admin(api))).body.find((key: { id: number }) => key.id === scoped.body.id).revoked_at;
  t.is((await api.request('DELETE', `/api/api-keys/${scoped.body.id}`, admin(api))).status, 204, 'revoking again is no error');
  t.is((await api.request('GET', '/api/api-keys', admin(api))).body.find((key: { id: number }) => key.id === scoped.body.id).revoked_at, revokedAt, 'and changes nothing');
  const notFound = await api.request('DELETE', '/api/api-keys/999999999', admin(api));
  t.deepEqual([notFound.status, notFound.body.detail], [404, 'API key 999999999 not found']);

  const audit = (await api.request(`GET`, `/api/audit?target_type=api_key&target_id=${scoped.body.id}`, admin(api))).body as Array<{ action: string; changes: unknown }>;
  t.deepEqual(audit.map(({ action, changes }) => ({ action, changes })), [
    { action: 'api_key.revoke', changes: { revoked: [false, true] } },
    { action: 'api_key.create', changes: { name: [null, 'scoped'], game_ids: [null, [a, b].sort((x, y) => x - y)], expires_at: [null, '2026-12-01T12:00:00.001Z'] } },
  ], 'one revoke audited');
});

test('an unknown well-formed secret asked for again and again between two reads costs one MySQL lookup, however the calls come', async (t) => {
  const { api } = t.context;
  const registry = createApiKeyRegistry(api.database.db, { refreshMs: 3_600_000 });
  t.teardown(() => registry.stop());
  await registry.refresh();
  let lookups = 0;
  const count = (query: { sql: string }) => {
    if (/api_keys/.test(query.sql) && /secret_hash/.test(query.sql) && /\bin\b/i.test(query.sql)) lookups += 1;
  };
  api.database.db.on('query', count);
  t.teardown(() => api.database.db.off('query', count));
  const unknown = `rsk_${'A'.repeat(43)}`;
  t.deepEqual(await Promise.all(Array.from({ length: 50 }, () => registry.resolve(unknown))), Array.from({ length: 50 }, () => null));
  for (let i = 0; i < 50; i += 1) t.is(await registry.resolve(unknown), null);
  t.is(lookups, 1, 'one lookup for a hundred calls');
  await registry.refresh();
  t.is(await registry.resolve(unknown), null);
  t.is(lookups, 2, 'after a read of every key, it is looked up once more');
});

test('while MySQL cannot confirm keys for more than KEYS_STALE_MS, a valid key\'s calls are UNAVAILABLE (retryable), never UNAUTHENTICATED; they work again once it answers', async (t) => {
  const { api } = t.context;
  const relay = await startTcpRelay('127.0.0.1', Number(new URL(api.config.mysql.url).port || 3306));
  t.teardown(() => relay.stop());
  const proxied = new URL(api.config.mysql.url);
  proxied.port = String(relay.port);
  const keysDb = createKnex(proxied.toString(), { min: 0, max: 2 });
  t.teardown(() => keysDb.destroy());
  const role = await startGrpcRole({
    config: { ...api.config.grpc, host: '127.0.0.1', port: 0, authTokens: [BOOTSTRAP] }, wallet: api.engine.wallet, redis: api.redis.redis,
    logger: createLogger('silent'), ledgerDb: api.database.db, apiKeysDb: keysDb,
  });
  t.teardown(() => role.stop(500));
  const made = (await api.request('POST', '/api/api-keys', { ...admin(api), body: { name: 'steady' } })).body;
  const target = api.engine.newWallet();
  await api.engine.fund(target, 1000);
  const server = createReservationClient({ address: role.address!, token: made.secret, batching: false, retry: false });
  t.teardown(() => server.close());
  const call = () => server.reserve({ ...target, roundId: 'r', amount: 1 }).then(() => 'OK', (error: ReservationError) => error);
  t.is(await call(), 'OK');

  relay.close(); // MySQL unreachable for the keys' reads
  const seen: string[] = [];
  let refused: ReservationError | null = null;
  await until('a call is refused', async () => {
    const outcome = await call();
    seen.push(typeof outcome === 'string' ? outcome : outcome.codeName);
    if (typeof outcome !== 'string') refused = outcome;
    return refused !== null;
  }, KEYS_STALE_MS + 10_000);
  t.deepEqual([...new Set(seen)].filter((code) => code !== 'OK'), ['UNAVAILABLE'], seen.join(','));
  t.true(isRetryable(refused!), 'the client library would retry it');
  t.regex(refused!.message, /API keys cannot be confirmed now/);
  relay.open();
  await until('calls work again once MySQL answers', async () => (await call()) === 'OK', 10_000);
});

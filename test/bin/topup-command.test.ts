import { execFile } from 'node:child_process';
import { createUnitOfWork } from '../../src/admin/unit-of-work';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { createAuditLog } from '../../src/admin/audit/audit-service';
import { auditWalletMovesFromLedger } from '../../src/admin/balance/topup-audit';
import { insertConnection } from '../../src/admin/connections/connections-repository';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import { createEngine } from '../helpers/engine';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';
import { createTestRedis } from '../helpers/redis';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The command audits its top-ups (SPEC §2.11): one migrated database for the file.
let database: TestDatabase;
test.before(async () => {
  database = await createTestDatabase({ migrate: true });
});
test.after.always(() => database?.drop());

function cli(prefix: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'topup', ...args], {
    cwd: ROOT,
    env: { ...process.env, REDIS_KEY_PREFIX: prefix, MYSQL_URL: database.url, LOG_LEVEL: 'silent' },
  });
}

const auditOf = (targetId: string) => createAuditLog(createUnitOfWork(database.db, [])).list({ action: 'user_game.topup', target_id: targetId }, { limit: 10, offset: 0 });

test('the operator top-up credits the wallet that Reserve spends, through the same script and outbox', async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const { stdout } = await cli(store.prefix, ['--user-id', '42', '--game-id', '7', '--amount', '1000', '--comment', 'goodwill']);
  t.like(JSON.parse(stdout), { user_id: '42', game_id: '7', currency: 'EUR', amount: 1000, available_balance: 1000, reserved_balance: 0 });

  const engine = createEngine(store.redis);
  const target = { userId: '42', gameId: '7', currency: 'EUR' };
  t.like((await engine.outbox(target))[0], { kind: 'topup', amount: '1000', comment: 'goodwill' });
  const reply = await engine.wallet.reserve({ ...target, requestId: 'r', roundId: 'x', amount: '400' });
  t.like(reply, { status: 'reserved', availableBalance: '600', reservedBalance: '400' });
  // No user-game 42/7 in the management API: the entry names the wallet by its ids.
  const [entry, ...more] = await auditOf('42:7');
  t.deepEqual(more, []);
  t.like(entry, { actor_user_id: null, game_id: null, changes: { amount: [null, 1000], comment: [null, 'goodwill'] } });
});

test("a command's top-up of a connected user-game is audited under that user-game; a repeat with its key adds no entry", async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const [userId] = await database.db('users').insert({ email: `u${Date.now()}@example.com`, username: `u${Date.now()}`, password_hash: 'x', role: 'user' });
  const [gameId] = await database.db('games').insert({ name: 'G', slug: `g-${Date.now()}`, description: '' });
  const ugId = await insertConnection(database.db, userId!, gameId!);
  const args = ['--user-id', String(userId), '--game-id', String(gameId), '--amount', '5', '--idempotency-key', 'once'];
  await cli(store.prefix, args);
  t.like(JSON.parse((await cli(store.prefix, args)).stdout), { replayed: true, available_balance: 5 });
  const entries = await auditOf(String(ugId));
  t.is(entries.length, 1);
  t.like(entries[0], { game_id: gameId, actor_user_id: null, target_type: 'user_game' });
});

test('the operator top-up refuses a bad amount with exit code 2 and a message naming the field', async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const error = await t.throwsAsync(cli(store.prefix, ['--user-id', '42', '--game-id', '7', '--amount', '12.5']));
  t.is((error as unknown as { code: number }).code, 2);
  t.regex((error as unknown as { stderr: string }).stderr, /amount must be a whole number/);
  t.deepEqual(await createEngine(store.redis).outbox({ userId: '42', gameId: '7', currency: 'EUR' }), []);
});

test('a top-up of a wallet with 128-byte ids is credited once, reported once and audited under the whole `<user_id>:<game_id>`', async (t) => {
  // The entry's target was 257 characters for a VARCHAR(64): the credit went through, the command then
  // failed on its audit insert (exit 1, no result line), and each retry credited again.
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const [userId, gameId] = ['u'.repeat(128), 'g'.repeat(128)];
  const { stdout } = await cli(store.prefix, ['--user-id', userId, '--game-id', gameId, '--amount', '500']);
  t.like(JSON.parse(stdout), { amount: 500, available_balance: 500 });
  const entries = await auditOf(`${userId}:${gameId}`);
  t.is(entries.length, 1);
  t.like(entries[0], { target_id: `${userId}:${gameId}`, changes: { amount: [null, 500] } });
});

test('a top-up whose audit entry MySQL refuses after the credit still reports the credit (exit 0, its result line), and the sync writes the entry', async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  await database.db.raw(`CREATE TRIGGER refuse_cli_topup_audit BEFORE INSERT ON audit_log FOR EACH ROW
    BEGIN IF NEW.target_id = '77:refused' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF; END`);
  t.teardown(() => database.db.raw('DROP TRIGGER IF EXISTS refuse_cli_topup_audit'));
  const { stdout } = await cli(store.prefix, ['--user-id', '77', '--game-id', 'refused', '--amount', '300']);
  t.like(JSON.parse(stdout), { amount: 300, available_balance: 300 });
  t.deepEqual(await auditOf('77:refused'), []);

  // The top-up's outbox entry carries who asked: the sync writes the entry with the ledger row.
  await database.db.raw('DROP TRIGGER refuse_cli_topup_audit');
  const [event] = await createEngine(store.redis).outbox({ userId: '77', gameId: 'refused', currency: 'EUR' });
  await applyOutboxBatch(database.db, [event!], auditWalletMovesFromLedger);
  const [entry, ...more] = await auditOf('77:refused');
  t.deepEqual(more, []);
  t.like(entry, { actor_user_id: null, game_id: null, changes: { amount: [null, 300], topup_id: [null, event!.topupId] } });
  // Applied again (a retried batch): still one entry.
  await applyOutboxBatch(database.db, [event!], auditWalletMovesFromLedger);
  t.is((await auditOf('77:refused')).length, 1);
});

test('the command refuses a period reward\'s key (reports tell rewards by it), before any money moves', async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const refused = await cli(store.prefix, ['--user-id', '42', '--game-id', '7', '--amount', '5', '--idempotency-key', 'lb-payout-3']).catch((error: { stderr: string }) => error);
  t.regex((refused as { stderr: string }).stderr, /Idempotency-Key must not start with lb-payout-/);
  t.deepEqual(await createEngine(store.redis).outbox({ userId: '42', gameId: '7', currency: 'EUR' }), []);
});

test('the command refuses a top-up of an erased user (SPEC §2.14), before any money moves', async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const [userId] = await database.db('users').insert({ email: `gone-${process.pid}@erased.invalid`, username: `gone_${process.pid}`, password_hash: '', role: 'user', is_active: false, erased_at: new Date() });
  const refused = await cli(store.prefix, ['--user-id', String(userId), '--game-id', '7', '--amount', '5']).catch((error: { stderr: string }) => error);
  t.regex((refused as { stderr: string }).stderr, new RegExp(`user ${userId} was erased`));
  t.deepEqual(await createEngine(store.redis).outbox({ userId: String(userId), gameId: '7', currency: 'EUR' }), []);
});

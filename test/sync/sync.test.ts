import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { keys, walletAddress } from '../../src/redis/wallet-keys';
import { reconcile } from '../../src/sync/reconcile';
import { runMixedLoad } from '../helpers/load';
import { createSyncHarness } from '../helpers/sync';
import { formatWalletRecord, parseTransactionRecord, parseWalletRecord, type WalletRecord } from '../../src/redis/stored-records';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

test('after a mixed run MySQL holds one ledger row per move and one row per transaction, field for field; reconcile is zero', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  await sync.startWorker();
  const load = await runMixedLoad(sync.engine, { operations: 3000, wallets: 40, concurrency: 16, walletPrefix: 'mixed' });
  await sync.drain();

  const ledger = await sync.database.db('ledger_entries').select('event_id');
  t.is(ledger.length, load.moves);
  t.is(new Set(ledger.map((row) => row.event_id)).size, load.moves);

  const rows = await sync.database.db('transactions').select();
  t.is(rows.length, load.transactions.size);
  for (const row of rows) {
    const stored = parseTransactionRecord((await sync.redis.getBuffer(keys.transaction(row.transaction_id)))!);
    t.deepEqual(
      [row.user_id, row.game_id, row.currency, row.round_id, String(row.amount), String(row.win_amount), row.status, row.reason ?? '', row.reserve_request_id],
      [stored.u, stored.g, stored.c, stored.rd, stored.amt, stored.win || '0', stored.st, stored.rs, stored.rid],
    );
    t.is(load.transactions.get(row.transaction_id), row.status);
  }
  const result = await reconcile(sync.redis, sync.config.redis.keyPrefix, sync.database.db);
  t.is(result.wallets, 40);
  t.deepEqual(result.mismatches, []);
});

test('settled transactions leave Redis after max(SETTLED_RETENTION_S, IDEMPOTENCY_TTL_S) once MySQL holds them; open ones stay', async (t) => {
  const sync = await createSyncHarness({ SETTLED_RETENTION_S: '1', IDEMPOTENCY_TTL_S: '1' });
  t.teardown(sync.cleanup);
  await sync.startWorker();
  const target = { userId: 'ret', gameId: 'g', currency: 'EUR' };
  await sync.engine.fund(target, 100);
  const settled = await sync.engine.wallet.reserve({ ...target, requestId: 'a', roundId: 'r', amount: '10' });
  const open = await sync.engine.wallet.reserve({ ...target, requestId: 'b', roundId: 'r', amount: '10' });
  await sync.engine.wallet.confirm({ requestId: 'c', transactionId: settled.transactionId, roundId: '', winAmount: '0' });
  await sync.drain();
  const ttl = await sync.redis.pttl(keys.transaction(settled.transactionId));
  t.true(ttl > 0 && ttl <= 1000, `settled key expires (pttl ${ttl})`);
  t.is(await sync.redis.pttl(keys.transaction(open.transactionId)), -1);
});

test('the reconcile command prints mismatches and exits 1; sync status reports the backlog', async (t) => {
  const sync = await createSyncHarness();
  t.teardown(sync.cleanup);
  const target = { userId: 'rec', gameId: 'g', currency: 'EUR' };
  await sync.engine.fund(target, 100);
  const env = { ...process.env, ...sync.env, LOG_LEVEL: 'silent' };
  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: ROOT, env });

  const status = await cli('sync', 'status');
  t.regex(status.stdout, /outbox: 1 entries in 1 partitions/);
  t.regex(status.stdout, /queue: \{"waiting":0/);

  const before = await t.throwsAsync(cli('reconcile'));
  t.regex((before as unknown as { stdout: string }).stdout, /MISMATCH user "rec" game "g" EUR: redis \{"available":"100","reserved":"0"\} mysql null/);

  await sync.startWorker();
  await sync.drain();
  const after = await cli('reconcile');
  t.regex(after.stdout, /1 wallets compared, 0 mismatches, 0 outbox entries/);

  const walletKey = keys.wallet(walletAddress('rec', 'g', 'EUR'));
  const tamper = async (change: Partial<WalletRecord>) =>
    sync.redis.set(walletKey, formatWalletRecord({ ...parseWalletRecord(await sync.redis.getBuffer(walletKey)), ...change }));
  await tamper({ available: '101' });
  const tampered = await t.throwsAsync(cli('reconcile'));
  t.is((tampered as unknown as { code: number }).code, 1);
  t.regex((tampered as unknown as { stdout: string }).stdout, /redis \{"available":"101","reserved":"0"\} mysql \{"available":"100","reserved":"0"\}/);

  // The reserved balance is compared too: only `r` differs here.
  await tamper({ available: '100', reserved: '7' });
  const reserved = await t.throwsAsync(cli('reconcile'));
  t.is((reserved as unknown as { code: number }).code, 1);
  t.regex((reserved as unknown as { stdout: string }).stdout, /redis \{"available":"100","reserved":"7"\} mysql \{"available":"100","reserved":"0"\}/);
});

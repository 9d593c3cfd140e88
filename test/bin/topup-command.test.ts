import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { createEngine } from '../helpers/engine';
import { createTestRedis } from '../helpers/redis';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

function cli(prefix: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'topup', ...args], {
    cwd: ROOT,
    env: { ...process.env, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' },
  });
}

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
});

test('the operator top-up refuses a bad amount with exit code 2 and a message naming the field', async (t) => {
  const store = await createTestRedis();
  t.teardown(store.cleanup);
  const error = await t.throwsAsync(cli(store.prefix, ['--user-id', '42', '--game-id', '7', '--amount', '12.5']));
  t.is((error as unknown as { code: number }).code, 2);
  t.regex((error as unknown as { stderr: string }).stderr, /amount must be a whole number/);
  t.deepEqual(await createEngine(store.redis).outbox({ userId: '42', gameId: '7', currency: 'EUR' }), []);
});

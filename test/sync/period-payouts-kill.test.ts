import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { startCliProcess, type Started } from '../helpers/cli-process';
import { createTestApi, type TestApi } from '../helpers/api';
import { until } from '../helpers/until';
import { uniqueQueuePrefix } from '../helpers/worker';

// SPEC §2.12: period rewards are paid exactly once per (board, period, user-game) with several
// workers, restarts and retries. Two worker processes pay yesterday's closed period; one is killed
// (SIGKILL) in the middle of the payouts; the other finishes; every player holds exactly their reward,
// and the ledger holds one top-up each.
const DAY = 86_400_000;
let now = Date.now() - DAY; // scores are saved "yesterday": that period has closed for the workers
const test = anyTest as TestFn<{ api: TestApi }>;
test.before(async (t) => {
  t.context.api = await createTestApi({}, { clock: () => now });
});
test.after.always(async (t) => {
  await t.context.api?.close();
});

const PLAYERS = 300;
const rewardOf = (rank: number) => (rank <= 10 ? 100 : 7);

test('two workers pay a closed period; one killed mid-payout; each player is paid exactly once', async (t) => {
  const { api } = t.context;
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'Kill', slug: `kill-${process.pid}` })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = await api.services.leaderboards.create(COMMAND_ACTOR, gameId, {
    key: 'daily', name: 'Daily', period_type: 'daily',
    rewards: [{ rank_from: 1, rank_to: 10, amount: 100, currency: 'EUR' }, { rank_from: 11, rank_to: PLAYERS, amount: 7, currency: 'EUR' }],
  });
  const players: Array<{ userId: number; rank: number }> = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const user = await api.createUser('user', `k${i}_${process.pid}`);
    const ug = await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: gameId });
    now += 1;
    await api.services.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: ug.id, score: PLAYERS - i });
    players.push({ userId: user.id, rank: i + 1 });
  }

  const env = { MYSQL_URL: api.config.mysql.url, REDIS_KEY_PREFIX: api.config.redis.keyPrefix, QUEUE_PREFIX: uniqueQueuePrefix(), LEADERBOARD_PAYOUT_INTERVAL_S: '1' };
  const workers: Started[] = await Promise.all([startCliProcess(['serve', '--roles', 'worker'], env), startCliProcess(['serve', '--roles', 'worker'], env)]);
  t.teardown(() => {
    for (const worker of workers) worker.child.kill('SIGKILL');
  });
  const paid = async () => Number((await api.database.db('leaderboard_payouts').where({ leaderboard_id: board.id }).whereNotNull('topup_id').count({ c: '*' }).first())!.c);
  await until('the first payouts are paid', async () => (await paid()) >= 5, 30_000, 5);
  workers[0]!.child.kill('SIGKILL');
  const atKill = await paid();
  t.true(atKill < PLAYERS, `killed mid-payout (${atKill} of ${PLAYERS} paid)`);
  t.log(`worker killed with ${atKill} of ${PLAYERS} payouts paid`);
  await workers[0]!.exit;

  await until('every payout is paid', async () => (await paid()) === PLAYERS, 60_000);
  await until('the period is marked paid', async () => Boolean((await api.database.db('leaderboard_payout_periods').where({ leaderboard_id: board.id }).first())?.paid_at), 10_000);
  let total = 0;
  for (const { userId, rank } of players) {
    const [eur] = await api.engine.wallet.balances(String(userId), String(gameId), 'EUR');
    t.is(Number(eur!.availableBalance), rewardOf(rank), `rank ${rank}`);
    total += Number(eur!.availableBalance);
  }
  t.is(total, 10 * 100 + (PLAYERS - 10) * 7);
  const topups = await api.database.db('leaderboard_payouts').where({ leaderboard_id: board.id }).pluck('topup_id');
  t.is(new Set(topups).size, PLAYERS, 'one top-up per payout');
  // The surviving worker is also the sync: the ledger holds one top-up per player, none twice.
  const ledgerTopups = async () => Number((await api.database.db('ledger_entries').where({ kind: 'topup', game_id: String(gameId) }).count({ c: '*' }).first())!.c);
  await until('the ledger holds every top-up', async () => (await ledgerTopups()) >= PLAYERS, 60_000);
  t.is(await ledgerTopups(), PLAYERS);
  t.is((await api.database.db('audit_log').where({ action: 'leaderboard.payout', target_id: String(board.id) }).count({ c: '*' }).first() as { c: number }).c, PLAYERS);
});

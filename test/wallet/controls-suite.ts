import type { ExecutionContext, TestFn } from 'ava';
import type Redis from 'ioredis';
import { AppError } from '../../src/errors';
import type { CurrencyGate } from '../../src/wallet/currency-gate';
import { createEngine, type Engine } from '../helpers/engine';
import { keys, walletAddress } from '../../src/redis/wallet-keys';

/** The packed values of a limits record (lua/lib/controls.lua LIMITS_RECORD '<BddBdddBdddddd'), before any pending mark. */
const LIMITS_RECORD_BYTES = 1 + 8 + 8 + 1 + 8 * 3 + 1 + 8 * 6;

const DAY_S = 86_400;

/** A gate whose open codes the test sets (the roles' gate reads MySQL's table; currency-gate.test.ts covers that). */
function fixedGate(open: string[]): CurrencyGate & { open: Set<string> } {
  const codes = new Set(open);
  return { open: codes, isOpen: (code) => codes.has(code), refresh: async () => undefined, stop: () => undefined };
}

/**
 * Wallet controls at bet time (SPEC §1.11): freezes, limits and closed currencies, enforced inside the
 * Reserve script. engine.test.ts runs these on one Redis, engine-cluster.test.ts on a 3-master cluster.
 */
export function registerControlsTests(test: TestFn<{ engine: Engine }>): void {
  /** An engine on the test's Redis with a clock the test moves. */
  function engineAt(t: ExecutionContext<{ engine: Engine }>, startMs = Date.UTC(2026, 10, 25, 12), options: { currencies?: CurrencyGate } = {}) {
    const clock = { now: startMs };
    const engine = createEngine(t.context.engine.redis, { clock: () => clock.now, limitRaiseDelayS: DAY_S, ...options });
    return { engine, clock };
  }

  const reserve = (engine: Engine, target: { userId: string; gameId: string; currency: string }, requestId: string, amount: number) =>
    engine.wallet.reserve({ ...target, requestId, roundId: `round-${requestId}`, amount: String(amount) });

  test('controls: a frozen user-game refuses new Reserves (reason frozen, replayed), its open round still settles, top-ups work', async (t) => {
    const { engine } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    const open = await reserve(engine, target, 'before', 100);
    const second = await reserve(engine, target, 'before-2', 100);
    await engine.wallet.freezeUserGame(target.userId, target.gameId, 'chargeback review');

    t.like(await reserve(engine, target, 'after', 10), { status: 'rejected', reason: 'frozen', transactionId: '', availableBalance: '800', reservedBalance: '200' });
    t.like(await reserve(engine, target, 'after', 10), { status: 'rejected', reason: 'frozen', replayed: true });
    t.like(await engine.wallet.confirm({ requestId: 'c', transactionId: open.transactionId, roundId: '', winAmount: '30' }), { status: 'confirmed', availableBalance: '830', reservedBalance: '100' });
    t.like(await engine.wallet.cancel({ requestId: 'x', transactionId: second.transactionId, reason: '' }), { status: 'canceled', availableBalance: '930', reservedBalance: '0' });
    await engine.fund(target, 70);
    t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '1000', reservedBalance: '0' });

    await engine.wallet.freezeUserGame(target.userId, target.gameId, null);
    t.like(await reserve(engine, target, 'unfrozen', 10), { status: 'reserved' });
    t.like(await reserve(engine, target, 'after', 10), { status: 'rejected', reason: 'frozen', replayed: true }, 'a repeat still replays its first reply');
  });

  test('controls: a frozen user refuses Reserves in every game and currency (other partitions too); another user is untouched', async (t) => {
    const { engine } = engineAt(t);
    const first = engine.newWallet();
    const games = [first, { ...first, gameId: `${first.gameId}-b` }, { ...first, gameId: `${first.gameId}-c`, currency: 'JPY' }];
    for (const target of games) await engine.fund(target, 100);
    const other = engine.newWallet();
    await engine.fund(other, 100);

    await engine.wallet.freezeUser(first.userId, 'self-exclusion');
    for (const [i, target] of games.entries()) t.like(await reserve(engine, target, `r${i}`, 1), { status: 'rejected', reason: 'frozen' });
    t.like(await reserve(engine, other, 'r', 1), { status: 'reserved' });

    await engine.wallet.freezeUser(first.userId, null);
    for (const [i, target] of games.entries()) t.like(await reserve(engine, target, `again-${i}`, 1), { status: 'reserved' });
  });

  test('controls: reasons come in the order frozen, max_bet, loss_limit, insufficient_funds', async (t) => {
    const { engine } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 50);
    await engine.setLimits(target, { maxBet: 100, lossLimit: 80, lossPeriod: 'day' });
    t.like(await reserve(engine, target, 'funds', 60), { status: 'rejected', reason: 'insufficient_funds' });
    t.like(await reserve(engine, target, 'loss', 90), { status: 'rejected', reason: 'loss_limit' });
    t.like(await reserve(engine, target, 'bet', 101), { status: 'rejected', reason: 'max_bet' });
    await engine.wallet.freezeUserGame(target.userId, target.gameId, 'review');
    t.like(await reserve(engine, target, 'all', 101), { status: 'rejected', reason: 'frozen' });
    t.like(await reserve(engine, target, 'ok', 10), { status: 'rejected', reason: 'frozen' });
  });

  test('controls: max_bet caps one Reserve; the loss limit counts open reservations and the period\'s net loss', async (t) => {
    const { engine } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 10_000);
    await engine.setLimits(target, { maxBet: 60, lossLimit: 100, lossPeriod: 'day' });

    t.like(await reserve(engine, target, 'big', 61), { status: 'rejected', reason: 'max_bet' });
    const a = await reserve(engine, target, 'a', 60);
    t.is(a.status, 'reserved');
    t.like(await reserve(engine, target, 'b', 50), { status: 'rejected', reason: 'loss_limit' }, '60 reserved + 50 > 100');
    await engine.wallet.cancel({ requestId: 'xa', transactionId: a.transactionId, reason: '' });
    const b = await reserve(engine, target, 'b2', 50);
    t.is(b.status, 'reserved', 'a cancel releases what it held');
    await engine.wallet.confirm({ requestId: 'cb', transactionId: b.transactionId, roundId: '', winAmount: '0' });
    t.is((await engine.wallet.limits(target.userId, target.gameId, 'EUR'))?.netLoss.day, 50);
    t.like(await reserve(engine, target, 'c', 51), { status: 'rejected', reason: 'loss_limit' }, '50 lost + 51 > 100');
    const c = await reserve(engine, target, 'c2', 50);
    t.is(c.status, 'reserved', '50 lost + 50 = 100 is allowed');
    await engine.wallet.confirm({ requestId: 'cc', transactionId: c.transactionId, roundId: '', winAmount: '80' });
    t.is((await engine.wallet.limits(target.userId, target.gameId, 'EUR'))?.netLoss.day, 20, 'a win widens what may still be lost');
    t.like(await reserve(engine, target, 'd', 60), { status: 'reserved' });
  });

  test('controls: a loss limit counts UTC calendar periods (day, week from Monday, month)', async (t) => {
    const wednesday = Date.UTC(2026, 10, 25, 23, 0); // Wednesday 25 November 2026, 23:00 UTC
    const { engine, clock } = engineAt(t, wednesday);
    const target = engine.newWallet();
    await engine.fund(target, 10_000);
    await engine.setLimits(target, { maxBet: null, lossLimit: 100, lossPeriod: 'week' });
    const lose = async (id: string, amount: number) => {
      const { transactionId } = await reserve(engine, target, id, amount);
      await engine.wallet.confirm({ requestId: `c-${id}`, transactionId, roundId: '', winAmount: '0' });
    };
    await lose('wed', 90);
    clock.now = Date.UTC(2026, 10, 29, 23, 59); // Sunday: the same week
    t.like(await reserve(engine, target, 'sun', 20), { status: 'rejected', reason: 'loss_limit' });
    clock.now = Date.UTC(2026, 10, 30, 0, 0); // Monday: a new week, still November
    const limits = await engine.wallet.limits(target.userId, target.gameId, 'EUR');
    t.deepEqual(limits?.netLoss, { day: 0, week: 0, month: 90 });
    t.like(await reserve(engine, target, 'mon', 100), { status: 'reserved' });
  });

  test('controls: while a first loss limit waits for the ledger\'s count of earlier losses, every Reserve in its currency is rejected loss_limit (fails closed); max_bet still comes first; the count opens it', async (t) => {
    const { engine } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 10_000);
    const other = { ...target, currency: 'USD' };
    await engine.fund(other, 10_000);
    const set = await engine.wallet.setLimits(target.userId, target.gameId, 'EUR', { maxBet: 500, lossLimit: 1000, lossPeriod: 'day' });
    t.truthy(set.seed);
    t.like(await reserve(engine, target, 'waiting-1', 1), { status: 'rejected', reason: 'loss_limit' });
    t.like(await reserve(engine, target, 'waiting-big', 501), { status: 'rejected', reason: 'max_bet' });
    t.like(await reserve(engine, other, 'other-currency', 1), { status: 'reserved' }, 'another currency has no limit');
    // Raising the limit or setting max_bet keeps the count waiting; only the count ends it.
    t.truthy((await engine.wallet.setLimits(target.userId, target.gameId, 'EUR', { maxBet: 400, lossLimit: 1000, lossPeriod: 'day' })).seed);
    t.like(await reserve(engine, target, 'waiting-2', 1), { status: 'rejected', reason: 'loss_limit' });
    await engine.wallet.seedLimits(target.userId, target.gameId, 'EUR', set.seed!, [900, 900, 900]);
    t.like(await reserve(engine, target, 'counted-101', 101), { status: 'rejected', reason: 'loss_limit' }, '900 earlier + 101 > 1000');
    t.like(await reserve(engine, target, 'counted-100', 100), { status: 'reserved' });
    t.is((await engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.seed, null);
  });

  test('controls: a pending count is known from the record alone (which fails closed) and from the key the release before wrote alone; counting ends both', async (t) => {
    const { engine } = engineAt(t);
    const redis = engine.redis as unknown as Redis;
    for (const kept of ['record', 'key'] as const) {
      const target = engine.newWallet();
      await engine.fund(target, 10_000);
      const set = await engine.wallet.setLimits(target.userId, target.gameId, 'EUR', { maxBet: null, lossLimit: 1000, lossPeriod: 'day' });
      const address = walletAddress(target.userId, target.gameId, 'EUR');
      if (kept === 'record') {
        await redis.del(keys.limitsSeed(address)); // only the record says it
      } else {
        const record = (await redis.getBuffer(keys.limits(address)))!;
        await redis.set(keys.limits(address), record.subarray(0, LIMITS_RECORD_BYTES)); // as the release before rewrites it: no mark
      }
      t.deepEqual((await engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.seed, set.seed, `${kept}: still pending`);
      if (kept === 'record') t.like(await reserve(engine, target, `${kept}-waiting`, 1), { status: 'rejected', reason: 'loss_limit' });
      await engine.wallet.seedLimits(target.userId, target.gameId, 'EUR', set.seed!, [900, 900, 900]);
      t.is((await engine.wallet.limits(target.userId, target.gameId, 'EUR'))!.seed, null, `${kept}: counted`);
      t.is(await redis.exists(keys.limitsSeed(address)), 0);
      t.like(await reserve(engine, target, `${kept}-101`, 101), { status: 'rejected', reason: 'loss_limit' });
      t.like(await reserve(engine, target, `${kept}-100`, 100), { status: 'reserved' });
    }
  });

  test('controls: a max_bet-only first record waits for its count too, but refuses nothing for it', async (t) => {
    const { engine } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 10_000);
    t.truthy((await engine.wallet.setLimits(target.userId, target.gameId, 'EUR', { maxBet: 50, lossLimit: null, lossPeriod: null })).seed);
    t.like(await reserve(engine, target, 'small', 50), { status: 'reserved' });
    t.like(await reserve(engine, target, 'big', 51), { status: 'rejected', reason: 'max_bet' });
  });

  test('controls: a decrease applies at once, an increase or removal after LIMIT_RAISE_DELAY_S, and a decrease cancels a pending increase', async (t) => {
    const { engine, clock } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 10_000);
    const set = (maxBet: number | null) => engine.wallet.setLimits(target.userId, target.gameId, 'EUR', { maxBet, lossLimit: null, lossPeriod: null });

    t.like(await set(100), { maxBet: 100, pending: null }, 'a first limit tightens: at once');
    const raised = await set(500);
    t.like(raised, { maxBet: 100, pending: { maxBet: 500, effectiveAtMs: clock.now + DAY_S * 1000 } });
    t.like(await reserve(engine, target, 'early', 200), { status: 'rejected', reason: 'max_bet' });
    clock.now += DAY_S * 1000 - 1;
    t.like(await reserve(engine, target, 'almost', 200), { status: 'rejected', reason: 'max_bet' });
    t.like(await set(500), { pending: { effectiveAtMs: raised.pending!.effectiveAtMs } }, 'asking again keeps the time');
    clock.now += 1;
    t.like(await reserve(engine, target, 'due', 200), { status: 'reserved' });
    t.like(await engine.wallet.limits(target.userId, target.gameId, 'EUR'), { maxBet: 500, pending: null });

    await set(null);
    t.like(await engine.wallet.limits(target.userId, target.gameId, 'EUR'), { maxBet: 500, pending: { maxBet: null } }, 'a removal waits too');
    t.like(await set(50), { maxBet: 50, pending: null }, 'a decrease applies at once and drops the pending removal');
    clock.now += DAY_S * 1000;
    t.like(await reserve(engine, target, 'later', 51), { status: 'rejected', reason: 'max_bet' });
  });

  test('controls: a batch applies limits item by item in list order', async (t) => {
    const { engine } = engineAt(t);
    const target = engine.newWallet();
    await engine.fund(target, 1000);
    await engine.setLimits(target, { maxBet: null, lossLimit: 100, lossPeriod: 'day' });
    const items = [40, 40, 40, 20].map((amount, i) => ({ ...target, requestId: `b${i}`, roundId: 'r', amount: String(amount) }));
    const replies = await engine.wallet.reserveBatch(items);
    t.deepEqual(replies.map((reply) => (reply instanceof AppError ? reply.code : [reply.status, reply.reason ?? ''])), [
      ['reserved', ''], ['reserved', ''], ['rejected', 'loss_limit'], ['reserved', ''],
    ]);
  });

  test('controls: two engines racing Reserves at a loss limit never pass it', async (t) => {
    const first = engineAt(t).engine;
    const second = engineAt(t).engine;
    const target = first.newWallet();
    await first.fund(target, 100_000);
    await first.setLimits(target, { maxBet: null, lossLimit: 1000, lossPeriod: 'month' });
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => reserve(i % 2 === 0 ? first : second, target, `race-${i}`, 10)),
    );
    t.is(replies.filter((reply) => reply.status === 'reserved').length, 100);
    t.true(replies.filter((reply) => reply.status === 'rejected').every((reply) => reply.reason === 'loss_limit'));
    t.deepEqual(await first.wallet.balance(target.userId, target.gameId, 'EUR'), { availableBalance: '99000', reservedBalance: '1000' });
  });

  test('controls: a disabled currency refuses new Reserves and top-ups (naming currency), replays earlier replies and settles its open reservations', async (t) => {
    const gate = fixedGate(['EUR', 'JPY']);
    const { engine } = engineAt(t, undefined, { currencies: gate });
    const target = engine.newWallet('JPY');
    await engine.fund(target, 500);
    const open = await reserve(engine, target, 'open', 100);
    gate.open.delete('JPY');

    const refused = await t.throwsAsync(reserve(engine, target, 'new', 10), { instanceOf: AppError });
    t.is(refused?.code, 'INVALID_ARGUMENT');
    t.deepEqual(refused?.details?.errors, [{ path: 'currency', message: 'JPY is not an enabled currency (unknown, or disabled by an admin)' }]);
    t.like(await reserve(engine, target, 'open', 100), { status: 'reserved', transactionId: open.transactionId, replayed: true });
    await t.throwsAsync(engine.fund(target, 1), { instanceOf: AppError, message: /currency JPY/ });
    t.like(await engine.wallet.confirm({ requestId: 'c', transactionId: open.transactionId, roundId: '', winAmount: '250' }), { status: 'confirmed', availableBalance: '650' });
    const unknown = await t.throwsAsync(reserve(engine, engine.newWallet('ZZZ'), 'z', 1), { instanceOf: AppError });
    t.is(unknown?.code, 'INVALID_ARGUMENT');
  });
}

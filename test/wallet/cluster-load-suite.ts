import type { TestFn } from 'ava';
import calculateSlot from 'cluster-key-slot';
import type { Cluster } from 'ioredis';
import { AppError } from '../../src/errors';
import { keys, walletAddress } from '../../src/redis/wallet-keys';
import type { BalanceOutcome } from '../../src/wallet/wallet-types';
import type { Engine } from '../helpers/engine';

const IN_FLIGHT = 320;
const WALLETS = 96;
const FUNDS = 1_000_000;

type Target = { userId: string; gameId: string; currency: string };

/**
 * SPEC §1.8 under load: hundreds of calls in flight over wallets on every master, through the client
 * the gRPC role runs on (auto-pipelining on), and not one fails for how its commands were grouped or
 * routed. Registered on a test function whose engine runs on a Redis Cluster.
 */
export function registerClusterLoadTests(test: TestFn<{ engine: Engine }>): void {
  async function walletsOnEveryMaster(t: { context: { engine: Engine } }): Promise<Target[]> {
    const { engine } = t.context;
    const targets = Array.from({ length: WALLETS }, () => engine.newWallet());
    await Promise.all(targets.map((target) => engine.fund(target, FUNDS)));
    return targets;
  }

  function mastersOf(cluster: Cluster, targets: Target[]): Set<string> {
    const prefix = cluster.options.keyPrefix ?? '';
    return new Set(targets.map((w) => cluster.slots[calculateSlot(prefix + keys.wallet(walletAddress(w.userId, w.gameId, w.currency)))]![0]!));
  }

  const failures = (outcomes: ReadonlyArray<BalanceOutcome | AppError>) =>
    outcomes.filter((o): o is AppError => o instanceof AppError).map((e) => `${e.code}: ${e.message}`);

  test(`${IN_FLIGHT} unary calls in flight over every master: none fails, every wallet adds up`, async (t) => {
    const { engine } = t.context;
    const targets = await walletsOnEveryMaster(t);
    t.is(mastersOf(engine.redis as Cluster, targets).size, 3, 'the wallets span the three masters');

    const rounds = 3;
    const errors: string[] = [];
    const settle = async (target: Target, i: number) => {
      try {
        const reserved = await engine.wallet.reserve({ ...target, requestId: `r${i}`, roundId: `round${i}`, amount: '10' });
        if (i % 2 === 0) await engine.wallet.confirm({ requestId: `c${i}`, transactionId: reserved.transactionId, roundId: '', winAmount: '4' });
        else await engine.wallet.cancel({ requestId: `x${i}`, transactionId: reserved.transactionId, reason: 'load' });
        // A replay rides in the same turns as first calls.
        await engine.wallet.reserve({ ...target, requestId: `r${i}`, roundId: `round${i}`, amount: '10' });
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    };
    const calls = Array.from({ length: IN_FLIGHT * rounds }, (_, i) => i);
    await Promise.all(calls.map((i) => settle(targets[i % WALLETS]!, i)));
    t.deepEqual(errors.slice(0, 5), [], `${errors.length} of ${calls.length} flows failed`);

    // Per wallet: each even flow lost 10 and won 4, each odd one got its 10 back.
    for (const [w, target] of targets.entries()) {
      const flows = calls.filter((i) => i % WALLETS === w);
      const expected = FUNDS - 6 * flows.filter((i) => i % 2 === 0).length;
      t.deepEqual(await engine.wallet.balance(target.userId, target.gameId, target.currency), {
        availableBalance: String(expected), reservedBalance: '0',
      });
    }
  });

  test(`batches spanning every master, ${IN_FLIGHT} items in flight: every item is judged, none fails`, async (t) => {
    const { engine } = t.context;
    const targets = await walletsOnEveryMaster(t);
    const batches = 8;
    const perBatch = IN_FLIGHT / batches;
    const items = (b: number) => Array.from({ length: perBatch }, (_, i) => ({ target: targets[(b * perBatch + i) % WALLETS]!, id: `b${b}-${i}` }));

    const reserved = await Promise.all(Array.from({ length: batches }, (_, b) =>
      engine.wallet.reserveBatch(items(b).map(({ target, id }) => ({ ...target, requestId: id, roundId: 'round', amount: '7' })))));
    t.deepEqual(reserved.flatMap(failures), []);
    const ids = reserved.flat().map((o) => (o as Exclude<BalanceOutcome, AppError>).transactionId);

    const half = Math.floor(ids.length / 2);
    const [confirmed, canceled] = await Promise.all([
      Promise.all(chunks(ids.slice(0, half), perBatch).map((chunk) =>
        engine.wallet.confirmBatch(chunk.map((transactionId) => ({ requestId: `c-${transactionId}`, transactionId, roundId: 'round', winAmount: '1' }))))),
      Promise.all(chunks(ids.slice(half), perBatch).map((chunk) =>
        engine.wallet.cancelBatch(chunk.map((transactionId) => ({ requestId: `x-${transactionId}`, transactionId, reason: 'load' }))))),
    ]);
    t.deepEqual([...confirmed.flat(), ...canceled.flat()].flatMap((o) => failures([o])), []);
    t.true([...confirmed.flat(), ...canceled.flat()].every((o) => !(o instanceof AppError) && ['confirmed', 'canceled'].includes(o.status)));

    const all = Array.from({ length: batches }, (_, b) => items(b)).flat();
    const totals = await Promise.all(targets.map((target) => engine.wallet.balance(target.userId, target.gameId, target.currency)));
    const sum = totals.reduce((total, balance) => total + Number(balance.availableBalance) + Number(balance.reservedBalance), 0);
    t.is(sum, WALLETS * FUNDS - 6 * half, `${all.length} items: each confirmed one lost 7 and won 1`);
    t.true(totals.every((balance) => balance.reservedBalance === '0'));
  });
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
}

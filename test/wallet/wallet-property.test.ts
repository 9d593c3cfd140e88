import { randomUUID } from 'node:crypto';
import test from 'ava';
import fc from 'fast-check';
import { AppError } from '../../src/errors';
import { walletAddress } from '../../src/redis/wallet-keys';
import type { BalanceReply } from '../../src/wallet/wallet-types';
import { createEngine, unknownTransactionId } from '../helpers/engine';
import { createTestRedis } from '../helpers/redis';
import { MAX, WalletModel, type Outcome } from './wallet-model';

// Random sequences of top-up / reserve / confirm / cancel / replay / conflict / bad input over a few
// wallets, compared call by call with WalletModel, with SPEC §1.2's invariants checked after each call.
const RUNS = Number(process.env.MODEL_RUNS ?? 300);
const WALLETS = 3;

// Weighted so that every transition of the model happens in every run (asserted at the end): top-ups
// large enough for reserves to succeed, reserves small enough to leave room for more, settlements
// aimed mostly at the first few (created) transactions, and few request ids so repeats are common.
const requestId = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const round = fc.constantFrom('r1', 'r2');
const topupAmount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 100, max: 2000 }) },
  { weight: 1, arbitrary: fc.constant(MAX) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX }) },
);
const reserveAmount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX }) },
);
const win = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 500 }) },
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(MAX) },
);
const txRef = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }) }, // beyond the created ones: an unknown transaction
);

const command = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('topup' as const), wallet: fc.nat(WALLETS - 1), amount: topupAmount }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('reserve' as const), wallet: fc.nat(WALLETS - 1), requestId, round, amount: reserveAmount }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('confirm' as const), tx: txRef, requestId, round: fc.oneof(round, fc.constant('')), win }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('cancel' as const), tx: txRef, requestId, reason: fc.constantFrom('', 'timeout', 'player left') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replay' as const), index: fc.nat(40) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('invalid' as const),
      wallet: fc.nat(WALLETS - 1),
      field: fc.constantFrom('amount0', 'amountBig', 'currency', 'requestId', 'round', 'winNegative', 'reason'),
    }),
  },
);

/** Every transition the model knows: each must be taken at least once per test run. */
const TRANSITIONS = [
  'topup: credited', 'topup: balance limit',
  'reserve: reserved', 'reserve: rejected', 'reserve: replay', 'reserve: request_id conflict',
  'confirm: confirmed', 'confirm: already confirmed', 'confirm: of a canceled transaction', 'confirm: round mismatch',
  'confirm: unknown transaction', 'confirm: balance limit', 'confirm: replay', 'confirm: request_id conflict',
  'cancel: canceled', 'cancel: already canceled', 'cancel: of a confirmed transaction', 'cancel: unknown transaction',
  'cancel: replay', 'cancel: request_id conflict',
];

type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

test('random operation sequences match the model call by call and keep every invariant', async (t) => {
  const { redis, cleanup } = await createTestRedis('grpc');
  t.teardown(cleanup);
  const engine = createEngine(redis);
  const coverage = new Map<string, number>();
  const seed = Number(process.env.MODEL_SEED ?? Date.now() % 2 ** 31);
  t.log(`fast-check seed ${seed} (replay with MODEL_SEED=${seed})`);

  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 60, size: 'medium' }), async (commands) => {
      const run = randomUUID();
      const wallets = Array.from({ length: WALLETS }, (_, i) => ({ userId: `${run}-u${i}`, gameId: 'g', currency: 'EUR' }));
      const model = new WalletModel(WALLETS, coverage);
      const transactionIds: string[] = [];
      const history: Command[] = [];
      const txId = (ref: number) =>
        transactionIds[ref] ?? unknownTransactionId(walletAddress(wallets[0]!.userId, wallets[0]!.gameId, 'EUR'));

      const apply = async (cmd: Command): Promise<void> => {
        switch (cmd.op) {
          case 'topup': {
            const expected = model.topup(cmd.wallet, cmd.amount);
            const actual = await outcome(engine.wallet.topup({ ...wallets[cmd.wallet]!, amount: String(cmd.amount), comment: '' }).then(
              (reply) => ({ status: 'topup', transactionId: '', availableBalance: reply.availableBalance, reservedBalance: reply.reservedBalance, replayed: false }),
            ));
            return compare(expected, actual);
          }
          case 'reserve': {
            const expected = model.reserve(cmd.wallet, cmd.requestId, cmd.round, cmd.amount);
            const reply = engine.wallet.reserve({ ...wallets[cmd.wallet]!, requestId: cmd.requestId, roundId: cmd.round, amount: String(cmd.amount) });
            const actual = await outcome(reply);
            if (expected.kind === 'reply' && expected.transaction === transactionIds.length && actual.kind === 'reply') {
              transactionIds.push(actual.transactionId);
            }
            return compare(expected, actual);
          }
          case 'confirm': {
            const expected = model.confirm(cmd.tx, cmd.requestId, cmd.round, cmd.win);
            return compare(expected, await outcome(engine.wallet.confirm({ requestId: cmd.requestId, transactionId: txId(cmd.tx), roundId: cmd.round, winAmount: String(cmd.win) })));
          }
          case 'cancel': {
            const expected = model.cancel(cmd.tx, cmd.requestId, cmd.reason);
            return compare(expected, await outcome(engine.wallet.cancel({ requestId: cmd.requestId, transactionId: txId(cmd.tx), reason: cmd.reason })));
          }
          case 'replay': {
            const earlier = history[cmd.index % Math.max(history.length, 1)];
            if (earlier && earlier.op !== 'replay' && earlier.op !== 'topup') await apply(earlier);
            return;
          }
          case 'invalid': {
            const actual = await outcome(invalidCall(cmd.field, wallets[cmd.wallet]!, txId(0)));
            return compare({ kind: 'error', code: 'INVALID_ARGUMENT' }, actual);
          }
        }
      };

      const invalidCall = (field: string, w: (typeof wallets)[number], tx: string): Promise<BalanceReply> => {
        const base = { ...w, requestId: 'bad', roundId: 'r1', amount: '1' };
        switch (field) {
          case 'amount0': return engine.wallet.reserve({ ...base, amount: '0' });
          case 'amountBig': return engine.wallet.reserve({ ...base, amount: '9007199254740992' });
          case 'currency': return engine.wallet.reserve({ ...base, currency: 'eur' });
          case 'requestId': return engine.wallet.reserve({ ...base, requestId: '' });
          case 'round': return engine.wallet.reserve({ ...base, roundId: '' });
          case 'winNegative': return engine.wallet.confirm({ requestId: 'bad', transactionId: tx, roundId: '', winAmount: '-1' });
          default: return engine.wallet.cancel({ requestId: 'bad', transactionId: tx, reason: 'x'.repeat(257) });
        }
      };

      // Every wallet starts funded, so reserves (and then settlements) happen from the first command on.
      for (let wallet = 0; wallet < WALLETS; wallet += 1) await apply({ op: 'topup', wallet, amount: 1000 });
      for (const cmd of commands) {
        await apply(cmd);
        history.push(cmd);
        await checkInvariants(wallets, model);
      }
    }),
    { numRuns: RUNS, seed },
  );
  t.log([...coverage].sort().map(([label, n]) => `${label}: ${n}`).join(', '));
  const missed = TRANSITIONS.filter((transition) => !coverage.has(transition));
  t.deepEqual(missed, [], `transitions never taken in ${RUNS} sequences`);

  async function checkInvariants(wallets: Array<{ userId: string; gameId: string; currency: string }>, model: WalletModel) {
    for (const [index, target] of wallets.entries()) {
      const balance = await engine.wallet.balance(target.userId, target.gameId, 'EUR');
      const available = Number(balance.availableBalance);
      const reserved = Number(balance.reservedBalance);
      const m = model.wallets[index]!;
      const openAmounts = model.transactions
        .filter((tx) => tx.wallet === index && tx.status === 'reserved')
        .reduce((sum, tx) => sum + tx.amount, 0);
      if (available < 0 || reserved < 0) throw new Error(`negative balance in wallet ${index}`);
      if (reserved !== openAmounts) throw new Error(`reserved ${reserved} != open reservations ${openAmounts}`);
      // In bigints: the running sums pass 2^53 while the balance stays within it.
      if (BigInt(available) + BigInt(reserved) !== m.toppedUp - m.confirmedAmounts + m.wins) throw new Error(`money not conserved in wallet ${index}`);
      if (available !== m.available || reserved !== m.reserved) throw new Error(`wallet ${index} differs from the model`);
    }
  }
});

type Actual = { kind: 'reply'; status: string; transactionId: string; available: number; reserved: number } | { kind: 'error'; code: string };

/** An engine reply (a top-up's under the model's status 'topup'), or its error. */
async function outcome(promise: Promise<Omit<BalanceReply, 'status'> & { status: string }>): Promise<Actual> {
  try {
    const reply = await promise;
    return { kind: 'reply', status: reply.status, transactionId: reply.transactionId, available: Number(reply.availableBalance), reserved: Number(reply.reservedBalance) };
  } catch (error) {
    if (error instanceof AppError) return { kind: 'error', code: error.code };
    throw error;
  }
}

function compare(expected: Outcome, actual: Actual): void {
  const simplify = (o: Outcome | Actual) =>
    o.kind === 'error' ? `error ${o.code}` : `${o.status} available=${o.available} reserved=${o.reserved}`;
  if (simplify(expected) !== simplify(actual)) {
    throw new Error(`model said ${simplify(expected)}, engine said ${simplify(actual)}`);
  }
}

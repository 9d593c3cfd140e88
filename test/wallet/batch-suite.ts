import type { ExecutionContext, TestFn } from 'ava';
import fc from 'fast-check';
import { AppError } from '../../src/errors';
import { keys, walletAddress } from '../../src/redis/wallet-keys';
import { MAX_BATCH_ITEMS } from '../../src/wallet/batch-runner';
import type { BalanceOutcome } from '../../src/wallet/wallet-types';
import { unknownTransactionId, type Engine } from '../helpers/engine';

type Target = { userId: string; gameId: string; currency: string };

/** What an outcome says apart from the ids that differ between two worlds: status and balances, or the error. */
function shape(outcome: BalanceOutcome): unknown {
  if (outcome instanceof AppError) return { error: outcome.code, message: outcome.message.replace(/transaction \S+/g, 'transaction <id>') };
  return { status: outcome.status, available: outcome.availableBalance, reserved: outcome.reservedBalance, replayed: outcome.replayed, made: outcome.transactionId !== '' };
}

// Random batches over a few wallets, few request ids (repeats and conflicts in one batch), bad items.
const reserveItem = fc.record({
  wallet: fc.integer({ min: 0, max: 3 }),
  requestId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  round: fc.constantFrom('r1', 'r2'),
  amount: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 400 }) }, { weight: 1, arbitrary: fc.constant(0) }),
});
const settleItem = fc.record({
  kind: fc.constantFrom('confirm', 'cancel'),
  tx: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 7 }) }, { weight: 1, arbitrary: fc.constant(-1) }),
  requestId: fc.constantFrom('s', 't', 'u'),
  round: fc.constantFrom('', 'r1', 'r2'),
  win: fc.integer({ min: 0, max: 300 }),
});

/**
 * SPEC §1.9, registered on a test function whose context holds an Engine: engine.test.ts runs it on one
 * Redis, engine-cluster.test.ts on a 3-master Redis Cluster (where a batch's items span slots).
 */
export function registerBatchTests(test: TestFn<{ engine: Engine }>): void {
  async function funded(engine: Engine, count: number, amount = 1000): Promise<Target[]> {
    const targets = Array.from({ length: count }, () => engine.newWallet());
    await Promise.all(targets.map((target) => engine.fund(target, amount)));
    return targets;
  }

  test('batch: every item answers exactly as its unary call would, items of one wallet in list order (random batches against unary twins)', async (t) => {
    const { engine } = t.context;
    const seed = Number(process.env.BATCH_SEED ?? Date.now() % 2 ** 31);
    t.log(`fast-check seed ${seed} (replay with BATCH_SEED=${seed})`);
    await fc.assert(
      fc.asyncProperty(fc.array(reserveItem, { minLength: 1, maxLength: 24 }), fc.array(settleItem, { minLength: 1, maxLength: 16 }), async (reserves, settles) => {
        // Twin wallets: the batch world and the unary world start equal and get the same items.
        const [batchWallets, unaryWallets] = [await funded(engine, 4, 600), await funded(engine, 4, 600)];
        const reserveInputs = (wallets: Target[]) => reserves.map((item) => ({ ...wallets[item.wallet]!, requestId: item.requestId, roundId: item.round, amount: String(item.amount) }));
        const batchReserves = await engine.wallet.reserveBatch(reserveInputs(batchWallets));
        const unaryReserves: BalanceOutcome[] = [];
        for (const input of reserveInputs(unaryWallets)) unaryReserves.push(await engine.wallet.reserve(input).catch((error: AppError) => error));
        t.deepEqual(batchReserves.map(shape), unaryReserves.map(shape));

        const made = (outcomes: BalanceOutcome[], wallets: Target[]) => {
          const ids = outcomes.flatMap((outcome) => (outcome instanceof AppError || outcome.transactionId === '' ? [] : [outcome.transactionId]));
          return (ref: number) => (ref < 0 || ref >= ids.length ? unknownTransactionId(walletAddress(wallets[0]!.userId, wallets[0]!.gameId, 'EUR')) : ids[ref]!);
        };
        const batchTx = made(batchReserves, batchWallets);
        const unaryTx = made(unaryReserves, unaryWallets);
        const settleInputs = (tx: (ref: number) => string) => settles.map((item) => ({ ...item, transactionId: tx(item.tx) }));
        const runBatch = async (inputs: ReturnType<typeof settleInputs>) => {
          // One call per kind, in list order within each: the same order the unary world uses below.
          const confirms = inputs.filter((item) => item.kind === 'confirm');
          const cancels = inputs.filter((item) => item.kind === 'cancel');
          return [
            ...(confirms.length ? await engine.wallet.confirmBatch(confirms.map((item) => ({ requestId: item.requestId, transactionId: item.transactionId, roundId: item.round, winAmount: String(item.win) }))) : []),
            ...(cancels.length ? await engine.wallet.cancelBatch(cancels.map((item) => ({ requestId: item.requestId, transactionId: item.transactionId, reason: item.round }))) : []),
          ];
        };
        const runUnary = async (inputs: ReturnType<typeof settleInputs>) => {
          const outcomes: BalanceOutcome[] = [];
          for (const item of inputs.filter((i) => i.kind === 'confirm')) {
            outcomes.push(await engine.wallet.confirm({ requestId: item.requestId, transactionId: item.transactionId, roundId: item.round, winAmount: String(item.win) }).catch((error: AppError) => error));
          }
          for (const item of inputs.filter((i) => i.kind === 'cancel')) {
            outcomes.push(await engine.wallet.cancel({ requestId: item.requestId, transactionId: item.transactionId, reason: item.round }).catch((error: AppError) => error));
          }
          return outcomes;
        };
        t.deepEqual((await runBatch(settleInputs(batchTx))).map(shape), (await runUnary(settleInputs(unaryTx))).map(shape));

        // The same moves reached the outbox: one entry per move, in the same order per wallet.
        for (let w = 0; w < 4; w++) {
          const moves = async (target: Target) => (await engine.outbox(target)).map((e) => [e.kind, e.amount, e.winAmount, e.availableBalance, e.reservedBalance, e.requestId]);
          t.deepEqual(await moves(batchWallets[w]!), await moves(unaryWallets[w]!));
        }
      }),
      { numRuns: Number(process.env.BATCH_RUNS ?? 25), seed },
    );
  });

  test('batch: an empty batch or one of more than 1000 items is INVALID_ARGUMENT for the whole call, nothing applied', async (t) => {
    const { engine } = t.context;
    const [target] = await funded(engine, 1);
    const before = await engine.state(target!);
    for (const count of [0, MAX_BATCH_ITEMS + 1]) {
      const items = Array.from({ length: count }, (_, i) => ({ ...target!, requestId: `r${i}`, roundId: 'x', amount: '1' }));
      const error = await t.throwsAsync(engine.wallet.reserveBatch(items), { instanceOf: AppError });
      t.is(error?.code, 'INVALID_ARGUMENT');
      t.regex(error?.message ?? '', /items must hold 1 to 1000 items/);
      await t.throwsAsync(engine.wallet.confirmBatch([]), { instanceOf: AppError, message: /items must hold/ });
      await t.throwsAsync(engine.wallet.cancelBatch([]), { instanceOf: AppError, message: /items must hold/ });
    }
    t.deepEqual(await engine.state(target!), before);
  });

  test('batch: 1000 items over 500 wallets (every partition) are applied in one call, each one move in the outbox', async (t) => {
    const { engine } = t.context;
    const wallets = await funded(engine, 500, 100);
    const items = Array.from({ length: MAX_BATCH_ITEMS }, (_, i) => ({ ...wallets[i % 500]!, requestId: `r${i}`, roundId: 'round', amount: '30' }));
    const reserved = await engine.wallet.reserveBatch(items);
    t.true(reserved.every((outcome) => !(outcome instanceof AppError) && outcome.status === 'reserved'));
    t.deepEqual((reserved[999] as { availableBalance: string }).availableBalance, '40', 'the second item of a wallet saw the first');
    const partitions = new Set(wallets.map((w) => walletAddress(w.userId, w.gameId, w.currency).partition));
    t.true(partitions.size > 32, `the batch spans ${partitions.size} partitions`);
    const ids = reserved.map((outcome) => (outcome as { transactionId: string }).transactionId);
    const confirmed = await engine.wallet.confirmBatch(ids.map((transactionId, i) => ({ requestId: `c${i}`, transactionId, roundId: '', winAmount: String(i % 2) })));
    t.true(confirmed.every((outcome) => !(outcome instanceof AppError) && outcome.status === 'confirmed'));
    t.like(await engine.wallet.balance(wallets[1]!.userId, wallets[1]!.gameId, 'EUR'), { availableBalance: '42', reservedBalance: '0' });
    t.deepEqual((await engine.outbox(wallets[7]!)).map((event) => event.kind), ['topup', 'reserve', 'reserve', 'confirm', 'confirm']);
  });

  test('batch: idempotency is shared with the unary calls, and a repeat inside one batch replays the earlier item', async (t) => {
    const { engine } = t.context;
    const [target] = await funded(engine, 1);
    const unary = await engine.wallet.reserve({ ...target!, requestId: 'u1', roundId: 'x', amount: '100' });
    const [fromUnary, first, again, conflict] = await engine.wallet.reserveBatch([
      { ...target!, requestId: 'u1', roundId: 'x', amount: '100' },
      { ...target!, requestId: 'b1', roundId: 'x', amount: '200' },
      { ...target!, requestId: 'b1', roundId: 'x', amount: '200' },
      { ...target!, requestId: 'b1', roundId: 'x', amount: '201' },
    ]);
    t.deepEqual(fromUnary, { ...unary, replayed: true });
    t.like(first, { status: 'reserved', availableBalance: '700', reservedBalance: '300', replayed: false });
    t.deepEqual(again, { ...(first as object), replayed: true });
    t.true(conflict instanceof AppError && conflict.code === 'ALREADY_EXISTS');
    const retried = await engine.wallet.reserve({ ...target!, requestId: 'b1', roundId: 'x', amount: '200' });
    t.deepEqual(retried, { ...(first as object), replayed: true }, 'a unary retry of a batch item replays it');
    const txId = (first as { transactionId: string }).transactionId;
    const [confirmed, repeat] = await engine.wallet.confirmBatch([
      { requestId: 'c', transactionId: txId, roundId: 'x', winAmount: '50' },
      { requestId: 'c', transactionId: txId, roundId: 'x', winAmount: '50' },
    ]);
    t.like(confirmed, { status: 'confirmed', replayed: false });
    t.deepEqual(repeat, { ...(confirmed as object), replayed: true });
    t.deepEqual(await engine.wallet.confirm({ requestId: 'c', transactionId: txId, roundId: 'x', winAmount: '50' }), { ...(confirmed as object), replayed: true });
    t.is((await engine.outbox(target!)).length, 4, 'topup, two reserves, one confirm');
  });

  test('batch: a request_id first seen earlier in the same batch, on a transaction an earlier item settled, replays that item (and with another win is ALREADY_EXISTS)', async (t) => {
    // ConfirmBatch [c1 settles tx, c2, c2]: c2 meets a confirmed transaction (already_confirmed), and
    // the second c2 must find the first one's answer though it was given in this very batch.
    const { engine } = t.context;
    const [target] = await funded(engine, 1);
    const { transactionId } = await engine.wallet.reserve({ ...target!, requestId: 'r', roundId: 'x', amount: '100' });
    const confirm = (requestId: string, winAmount: string) => ({ requestId, transactionId, roundId: '', winAmount });
    const outcomes = await engine.wallet.confirmBatch([confirm('c1', '30'), confirm('c2', '5'), confirm('c2', '5'), confirm('c2', '6')]);
    t.deepEqual(outcomes.map(shape), [
      { status: 'confirmed', available: '930', reserved: '0', replayed: false, made: true },
      { status: 'already_confirmed', available: '930', reserved: '0', replayed: false, made: true },
      { status: 'already_confirmed', available: '930', reserved: '0', replayed: true, made: true },
      { error: 'ALREADY_EXISTS', message: 'request_id c2 was already used with different fields' },
    ]);
    t.deepEqual((await engine.outbox(target!)).map((event) => event.kind), ['topup', 'reserve', 'confirm']);
  });

  test('batch: one item\'s error changes nothing for the others, and errors change nothing', async (t) => {
    const { engine } = t.context;
    const [a, b] = await funded(engine, 2, 100);
    const reply = await engine.wallet.reserve({ ...a!, requestId: 'r', roundId: 'x', amount: '10' });
    const [bad, good, unknown, mismatch, ok] = await engine.wallet.confirmBatch([
      { requestId: '', transactionId: reply.transactionId, roundId: '', winAmount: '1' },
      { requestId: 'c1', transactionId: reply.transactionId, roundId: 'x', winAmount: '5' },
      { requestId: 'c2', transactionId: unknownTransactionId(walletAddress(b!.userId, b!.gameId, 'EUR')), roundId: '', winAmount: '1' },
      { requestId: 'c3', transactionId: reply.transactionId, roundId: 'other', winAmount: '1' },
      { requestId: 'c4', transactionId: reply.transactionId, roundId: '', winAmount: '7' },
    ]);
    t.true(bad instanceof AppError && bad.code === 'INVALID_ARGUMENT' && /request_id/.test(bad.message));
    t.like(good, { status: 'confirmed', availableBalance: '95', reservedBalance: '0' });
    t.true(unknown instanceof AppError && unknown.code === 'NOT_FOUND');
    t.true(mismatch instanceof AppError && mismatch.code === 'FAILED_PRECONDITION', 'a later item with another round_id: as the unary call would');
    t.like(ok, { status: 'already_confirmed', availableBalance: '95' });
    t.deepEqual((await engine.outbox(a!)).map((event) => event.kind), ['topup', 'reserve', 'confirm']);
  });

  test('batch: a key of the wrong type fails only its own item (INTERNAL); the partition\'s other items still apply', async (t: ExecutionContext<{ engine: Engine }>) => {
    const { engine } = t.context;
    const [good] = await funded(engine, 1);
    // A wallet in the same partition as `good` whose record key holds a hash.
    const partition = walletAddress(good!.userId, good!.gameId, 'EUR').partition;
    let broken = engine.newWallet();
    while (walletAddress(broken.userId, broken.gameId, 'EUR').partition !== partition) broken = engine.newWallet();
    await engine.redis.hset(keys.wallet(walletAddress(broken.userId, broken.gameId, 'EUR')), 'a', '1000');
    const [first, wrong, last] = await engine.wallet.reserveBatch([
      { ...good!, requestId: 'r1', roundId: 'x', amount: '10' },
      { ...broken, requestId: 'r2', roundId: 'x', amount: '10' },
      { ...good!, requestId: 'r3', roundId: 'x', amount: '10' },
    ]);
    t.like(first, { status: 'reserved', availableBalance: '990' });
    t.true(wrong instanceof AppError && wrong.code === 'INTERNAL');
    t.like(last, { status: 'reserved', availableBalance: '980' });
    t.is(await engine.redis.type(keys.wallet(walletAddress(broken.userId, broken.gameId, 'EUR'))), 'hash', 'left as it was');
  });
}

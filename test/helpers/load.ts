import { AppError } from '../../src/errors';
import type { Engine } from './engine';

export interface LoadResult {
  /** Balance moves the engine acknowledged (each must become exactly one ledger row). */
  readonly moves: number;
  readonly operations: number;
  /** Calls that failed with UNAVAILABLE (Redis down): unknown outcome, not counted as moves. */
  readonly unavailable: number;
  /** Transactions whose reserve was acknowledged, with their last acknowledged status. */
  readonly transactions: Map<string, string>;
}

type Wallet = { userId: string; gameId: string; currency: string };

/**
 * A mixed, concurrent run over a few wallets: top-ups, reserves, confirms, cancels and replays of
 * earlier requests, counting every acknowledged balance move.
 */
export async function runMixedLoad(
  engine: Engine,
  options: {
    operations: number;
    wallets: number;
    concurrency: number;
    walletPrefix: string;
    onProgress?: (done: number) => unknown;
    /** Goes on past `operations` while this holds (an outage test keeps the load up until it ends). */
    keepGoingWhile?: () => boolean;
  },
): Promise<LoadResult> {
  const wallets: Wallet[] = Array.from({ length: options.wallets }, (_, i) => ({
    userId: `${options.walletPrefix}-${i}`, gameId: 'load', currency: 'EUR',
  }));
  const open: Array<{ transactionId: string }> = [];
  const transactions = new Map<string, string>();
  const replays: Array<() => Promise<unknown>> = [];
  let moves = 0;
  let unavailable = 0;
  let next = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  const one = async (i: number): Promise<void> => {
    const roll = Math.random();
    const wallet = pick(wallets);
    if (roll < 0.1 || i < wallets.length) {
      const reply = await engine.wallet.topup({ ...(i < wallets.length ? wallets[i]! : wallet), amount: '5000', comment: `load ${i}` });
      if (!reply.replayed) moves += 1;
    } else if (roll < 0.55 || open.length === 0) {
      const request = { ...wallet, requestId: `req-${i}`, roundId: `round-${i % 7}`, amount: String(1 + (i % 50)) };
      const reply = await engine.wallet.reserve(request);
      if (reply.status === 'reserved') {
        moves += 1;
        open.push({ transactionId: reply.transactionId });
        transactions.set(reply.transactionId, 'reserved');
      }
      replays.push(() => engine.wallet.reserve(request));
    } else if (roll < 0.95) {
      const [target] = open.splice(Math.floor(Math.random() * open.length), 1);
      const settle = roll < 0.8
        ? () => engine.wallet.confirm({ requestId: `set-${i}`, transactionId: target!.transactionId, roundId: '', winAmount: String(i % 30) })
        : () => engine.wallet.cancel({ requestId: `set-${i}`, transactionId: target!.transactionId, reason: 'load' });
      const reply = await settle();
      if (reply.status === 'confirmed' || reply.status === 'canceled') {
        moves += 1;
        transactions.set(target!.transactionId, reply.status);
      }
      replays.push(settle);
    } else if (replays.length > 0) {
      await pick(replays)();
    }
  };

  const lane = async () => {
    while (next < options.operations || options.keepGoingWhile?.()) {
      const i = next++;
      try {
        await one(i);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'UNAVAILABLE')) throw error;
        unavailable += 1;
        await new Promise((resolve) => setTimeout(resolve, 20)); // a client backs off while Redis is away
      }
      if (i % 100 === 0) await options.onProgress?.(i);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  return { moves, operations: next, unavailable, transactions };
}

import { AppError } from '../../../src/errors';
import type { WalletService } from '../../../src/wallet/wallet-service';

type Wallet = { userId: string; gameId: string; currency: string };

export interface SoakLoad {
  /** Calls made, retries of unanswered calls included. */
  readonly calls: number;
  /** Calls that met an outage (UNAVAILABLE) and were sent again with the same idempotency key. */
  readonly retried: number;
  /** Every balance move the engine acknowledged, by identity (`reserve:<tx>`, `topup:<id>`, …). */
  readonly acknowledged: Set<string>;
  /** What each wallet must hold after the acknowledged moves: `<user>` → [available, reserved]. */
  readonly expected: Map<string, [bigint, bigint]>;
  readonly wallets: Wallet[];
  /** Errors other than UNAVAILABLE: each one is a defect. */
  readonly errors: string[];
}

/**
 * The soak's mixed load: top-ups (with an Idempotency-Key), reserves, confirms and cancels over many
 * wallets. A call that meets an outage is sent again with the same idempotency key until it is
 * answered, as a careful game server would, so every move ends acknowledged exactly once.
 */
export function startSoakLoad(wallet: WalletService, options: { wallets: number; concurrency: number; tag: string }) {
  const wallets: Wallet[] = Array.from({ length: options.wallets }, (_, i) => ({ userId: `${options.tag}-${i}`, gameId: 'soak', currency: 'EUR' }));
  const open: Array<{ transactionId: string; wallet: Wallet; amount: bigint }> = [];
  const state: Omit<SoakLoad, 'wallets'> & { calls: number; retried: number } = {
    calls: 0, retried: 0, acknowledged: new Set(), expected: new Map(), errors: [],
  };
  const move = (w: Wallet, available: bigint, reserved: bigint) => {
    const [a, r] = state.expected.get(w.userId) ?? [0n, 0n];
    state.expected.set(w.userId, [a + available, r + reserved]);
  };
  let running = true;
  let sequence = 0;

  async function answered<T>(call: () => Promise<T>): Promise<T | null> {
    for (;;) {
      state.calls += 1;
      try {
        return await call();
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAVAILABLE') {
          state.retried += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        state.errors.push(String((error as Error).message));
        return null;
      }
    }
  }

  async function one(): Promise<void> {
    const i = sequence++;
    const w = wallets[i % wallets.length]!;
    const roll = Math.random();
    if (i < wallets.length || roll < 0.1) {
      const reply = await answered(() => wallet.topup({ ...w, amount: '1000', comment: 'soak', idempotencyKey: `${options.tag}-t${i}` }));
      if (reply && !state.acknowledged.has(`topup:${reply.topupId}`)) {
        state.acknowledged.add(`topup:${reply.topupId}`);
        move(w, 1000n, 0n);
      }
    } else if (roll < 0.55 || open.length === 0) {
      const amount = BigInt(1 + (i % 50));
      const reply = await answered(() => wallet.reserve({ ...w, requestId: `${options.tag}-r${i}`, roundId: `round-${i % 9}`, amount: String(amount) }));
      if (reply?.status === 'reserved' && !state.acknowledged.has(`reserve:${reply.transactionId}`)) {
        state.acknowledged.add(`reserve:${reply.transactionId}`);
        move(w, -amount, amount);
        open.push({ transactionId: reply.transactionId, wallet: w, amount });
      }
    } else {
      const [target] = open.splice(Math.floor(Math.random() * open.length), 1);
      const { transactionId, wallet: tw, amount } = target!;
      if (roll < 0.85) {
        const win = BigInt(i % 70);
        const reply = await answered(() => wallet.confirm({ requestId: `${options.tag}-c${i}`, transactionId, roundId: '', winAmount: String(win) }));
        if (reply?.status === 'confirmed' && !state.acknowledged.has(`confirm:${transactionId}`)) {
          state.acknowledged.add(`confirm:${transactionId}`);
          move(tw, win, -amount);
        }
      } else {
        const reply = await answered(() => wallet.cancel({ requestId: `${options.tag}-x${i}`, transactionId, reason: 'soak' }));
        if (reply?.status === 'canceled' && !state.acknowledged.has(`cancel:${transactionId}`)) {
          state.acknowledged.add(`cancel:${transactionId}`);
          move(tw, amount, -amount);
        }
      }
    }
  }

  const lanes = Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (running) await one();
    }),
  );
  return {
    /** Stops taking new calls and waits until every call under way is answered. */
    async stop(): Promise<SoakLoad> {
      running = false;
      await lanes;
      return { ...state, wallets };
    },
    get calls(): number {
      return state.calls;
    },
  };
}

import { AppError } from '../../../src/errors';
import type { WalletService } from '../../../src/wallet/wallet-service';
import type { BalanceOutcome, BalanceReply } from '../../../src/wallet/wallet-types';

type Wallet = { userId: string; gameId: string; currency: string };

const TENTHS_LIMIT = 1_000_000;

/** Where and when a move was acknowledged (or an error came), as the soak reports it: `at 12.3 s on :6379`. */
export const acknowledgedWhere = (stamp: number): string =>
  `at ${((stamp % TENTHS_LIMIT) / 10).toFixed(1)} s on :${Math.floor(stamp / TENTHS_LIMIT)}`;

export interface SoakLoad {
  /** Calls made, retries of unanswered calls included. */
  readonly calls: number;
  /** Calls that met an outage (UNAVAILABLE) and were sent again with the same idempotency key. */
  readonly retried: number;
  /** Batch calls among them. */
  readonly batchCalls: number;
  /**
   * Every balance move the engine acknowledged, by identity (`reserve:<tx>`, `topup:<id>`, …), with where
   * and when (acknowledgedWhere() reads it).
   */
  readonly acknowledged: Map<string, number>;
  /** What each wallet must hold after the acknowledged moves: `<user>` → [available, reserved]. */
  readonly expected: Map<string, [bigint, bigint]>;
  readonly wallets: Wallet[];
  /** Errors other than UNAVAILABLE: each one is a defect. */
  readonly errors: string[];
  /**
   * Every stretch of at least STALL_MS in which no call was acknowledged, in ms: the store's unavailability
   * as the load saw it, whatever caused it (a fault's signal, a resume, a restart, a conversion).
   */
  readonly stallsMs: number[];
  /** How long the load ran (past the run's duration while the last fault's window closes), the stalls' denominator. */
  readonly ranMs: number;
}

/** The shortest gap between acknowledgements counted as a stall (32 lanes acknowledge every few ms). */
export const STALL_MS = 500;

/**
 * The soak's mixed load: top-ups (with an Idempotency-Key), reserves, confirms and cancels over many
 * wallets, a third of them in batches (ReserveBatch, ConfirmBatch, CancelBatch of 2 to 10 items). A
 * call that meets an outage is sent again with the same idempotency keys until it is answered, as a
 * careful game server would, so every move ends acknowledged exactly once.
 */
export function startSoakLoad(wallet: WalletService, options: { wallets: number; concurrency: number; tag: string; server: () => number }) {
  const wallets: Wallet[] = Array.from({ length: options.wallets }, (_, i) => ({ userId: `${options.tag}-${i}`, gameId: 'soak', currency: 'EUR' }));
  const open: Array<{ transactionId: string; wallet: Wallet; amount: bigint }> = [];
  const state: Omit<SoakLoad, 'wallets'> & { calls: number; retried: number; batchCalls: number; ranMs: number } = {
    calls: 0, retried: 0, batchCalls: 0, acknowledged: new Map(), expected: new Map(), errors: [], stallsMs: [], ranMs: 0,
  };
  const move = (w: Wallet, available: bigint, reserved: bigint) => {
    const [a, r] = state.expected.get(w.userId) ?? [0n, 0n];
    state.expected.set(w.userId, [a + available, r + reserved]);
  };
  let running = true;
  let sequence = 0;
  const started = Date.now();
  const tenthsIn = () => Math.round((Date.now() - started) / 100);
  /** Where (the server's port) and when (tenths of a second into the load): one number per move. */
  const now = () => options.server() * TENTHS_LIMIT + tenthsIn();
  /** An error, with where and when it came (and its transaction's Reserve), to set against the disruptions' log. */
  const failed = (message: string) => {
    const reserved = state.acknowledged.get(`reserve:${/transaction (\S+)/.exec(message)?.[1]}`);
    state.errors.push(`${acknowledgedWhere(now())}: ${message}${reserved === undefined ? '' : ` (reserved ${acknowledgedWhere(reserved)})`}`);
  };
  const acknowledge = (move: string) => state.acknowledged.set(move, now());
  /** Who waits for the first call started at or after `after` to be acknowledged (an outage's end). */
  const waiters: Array<{ after: number; resolve: (at: number) => void }> = [];
  let lastAcknowledgedAt = Date.now();
  const stallUntil = (at: number) => {
    if (at - lastAcknowledgedAt >= STALL_MS) state.stallsMs.push(at - lastAcknowledgedAt);
    lastAcknowledgedAt = at;
  };
  const acknowledgedCallStartedAt = (startedAt: number) => {
    if (running) stallUntil(Date.now());
    for (let i = waiters.length - 1; i >= 0; i -= 1) {
      if (startedAt < waiters[i]!.after) continue;
      waiters[i]!.resolve(Date.now());
      waiters.splice(i, 1);
    }
  };

  async function answered<T>(call: () => Promise<T>): Promise<T | null> {
    for (;;) {
      state.calls += 1;
      const startedAt = Date.now();
      try {
        const value = await call();
        acknowledgedCallStartedAt(startedAt);
        return value;
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAVAILABLE') {
          state.retried += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        failed(String((error as Error).message));
        return null;
      }
    }
  }

  /** A batch call answered: repeated whole (same request_ids) while the call or an item is UNAVAILABLE. */
  async function answeredBatch(call: () => Promise<BalanceOutcome[]>): Promise<Array<BalanceReply | null> | null> {
    for (;;) {
      state.batchCalls += 1;
      const outcomes = await answered(call);
      if (!outcomes) return null;
      if (outcomes.some((outcome) => outcome instanceof AppError && outcome.code === 'UNAVAILABLE')) {
        state.retried += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      return outcomes.map((outcome) => {
        if (!(outcome instanceof AppError)) return outcome;
        failed(outcome.message);
        return null;
      });
    }
  }

  const acknowledgeReserve = (reply: BalanceReply | null | undefined, w: Wallet, amount: bigint) => {
    if (reply?.status !== 'reserved' || state.acknowledged.has(`reserve:${reply.transactionId}`)) return;
    acknowledge(`reserve:${reply.transactionId}`);
    move(w, -amount, amount);
    open.push({ transactionId: reply.transactionId, wallet: w, amount });
  };
  const acknowledgeSettle = (reply: BalanceReply | null | undefined, kind: 'confirm' | 'cancel', target: (typeof open)[number], win: bigint) => {
    if (reply?.status !== (kind === 'confirm' ? 'confirmed' : 'canceled') || state.acknowledged.has(`${kind}:${target.transactionId}`)) return;
    acknowledge(`${kind}:${target.transactionId}`);
    if (kind === 'confirm') move(target.wallet, win, -target.amount);
    else move(target.wallet, target.amount, -target.amount);
  };

  async function batchOfReserves(i: number): Promise<void> {
    const items = Array.from({ length: 2 + (i % 9) }, (_, k) => ({ w: wallets[(i * 7 + k * 13) % wallets.length]!, amount: BigInt(1 + ((i + k) % 50)), k }));
    const replies = await answeredBatch(() =>
      wallet.reserveBatch(items.map(({ w, amount, k }) => ({ ...w, requestId: `${options.tag}-br${i}-${k}`, roundId: `round-${i % 9}`, amount: String(amount) }))),
    );
    items.forEach(({ w, amount }, k) => acknowledgeReserve(replies?.[k], w, amount));
  }

  async function batchOfSettlements(i: number): Promise<void> {
    const targets = Array.from({ length: Math.min(open.length, 2 + (i % 9)) }, () => open.splice(Math.floor(Math.random() * open.length), 1)[0]!);
    const confirms = targets.filter((_, k) => (i + k) % 10 < 7);
    const cancels = targets.filter((_, k) => (i + k) % 10 >= 7);
    const win = (k: number) => BigInt((i + k) % 70);
    await Promise.all([
      confirms.length > 0 &&
        answeredBatch(() => wallet.confirmBatch(confirms.map((t, k) => ({ requestId: `${options.tag}-bc${i}-${k}`, transactionId: t.transactionId, roundId: '', winAmount: String(win(k)) })))).then(
          (replies) => confirms.forEach((t, k) => acknowledgeSettle(replies?.[k], 'confirm', t, win(k))),
        ),
      cancels.length > 0 &&
        answeredBatch(() => wallet.cancelBatch(cancels.map((t, k) => ({ requestId: `${options.tag}-bx${i}-${k}`, transactionId: t.transactionId, reason: 'soak' })))).then(
          (replies) => cancels.forEach((t, k) => acknowledgeSettle(replies?.[k], 'cancel', t, 0n)),
        ),
    ]);
  }

  async function one(): Promise<void> {
    const i = sequence++;
    const w = wallets[i % wallets.length]!;
    const roll = Math.random();
    if (i >= wallets.length && i % 3 === 0) {
      await (roll < 0.5 || open.length < 2 ? batchOfReserves(i) : batchOfSettlements(i));
      return;
    }
    if (i < wallets.length || roll < 0.1) {
      const reply = await answered(() => wallet.topup({ ...w, amount: '1000', comment: 'soak', idempotencyKey: `${options.tag}-t${i}` }));
      if (reply && !state.acknowledged.has(`topup:${reply.topupId}`)) {
        acknowledge(`topup:${reply.topupId}`);
        move(w, 1000n, 0n);
      }
    } else if (roll < 0.55 || open.length === 0) {
      const amount = BigInt(1 + (i % 50));
      const reply = await answered(() => wallet.reserve({ ...w, requestId: `${options.tag}-r${i}`, roundId: `round-${i % 9}`, amount: String(amount) }));
      acknowledgeReserve(reply, w, amount);
    } else {
      const target = open.splice(Math.floor(Math.random() * open.length), 1)[0]!;
      if (roll < 0.85) {
        const win = BigInt(i % 70);
        const reply = await answered(() => wallet.confirm({ requestId: `${options.tag}-c${i}`, transactionId: target.transactionId, roundId: '', winAmount: String(win) }));
        acknowledgeSettle(reply, 'confirm', target, win);
      } else {
        const reply = await answered(() => wallet.cancel({ requestId: `${options.tag}-x${i}`, transactionId: target.transactionId, reason: 'soak' }));
        acknowledgeSettle(reply, 'cancel', target, 0n);
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
      stallUntil(Date.now());
      state.ranMs = Date.now() - started;
      running = false;
      await lanes;
      return { ...state, wallets };
    },
    get calls(): number {
      return state.calls;
    },
    /** When the first call started at or after `at` was acknowledged (the end of an outage that began then). */
    firstAcknowledgedAfter(at: number): Promise<number> {
      return new Promise((resolve) => waiters.push({ after: at, resolve }));
    },
  };
}

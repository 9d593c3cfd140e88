/**
 * An in-memory model of the engine (SPEC §1.2–1.4) for the property test: it predicts the reply or
 * error code of every call, in the same order of checks as the scripts.
 */
export const MAX = Number.MAX_SAFE_INTEGER;

export type Outcome =
  | { kind: 'reply'; status: string; available: number; reserved: number; transaction?: number }
  | { kind: 'error'; code: string };

interface ModelTransaction {
  wallet: number;
  round: string;
  amount: number;
  win: number;
  status: 'reserved' | 'confirmed' | 'canceled';
}

interface Remembered {
  fingerprint: string;
  outcome: Outcome;
}

export class WalletModel {
  readonly wallets: Array<{ available: number; reserved: number; toppedUp: number; confirmedAmounts: number; wins: number }>;
  readonly transactions: ModelTransaction[] = [];
  private readonly requests = new Map<string, Remembered>();

  constructor(walletCount: number) {
    this.wallets = Array.from({ length: walletCount }, () => ({ available: 0, reserved: 0, toppedUp: 0, confirmedAmounts: 0, wins: 0 }));
  }

  topup(wallet: number, amount: number): Outcome {
    const w = this.wallets[wallet]!;
    if (w.available + w.reserved + amount > MAX) return { kind: 'error', code: 'FAILED_PRECONDITION' };
    w.available += amount;
    w.toppedUp += amount;
    return { kind: 'reply', status: 'topup', available: w.available, reserved: w.reserved };
  }

  reserve(wallet: number, requestId: string, round: string, amount: number): Outcome {
    return this.once(`r|${wallet}|${requestId}`, `${round}|${amount}`, () => {
      const w = this.wallets[wallet]!;
      if (w.available < amount) return { kind: 'reply', status: 'rejected', available: w.available, reserved: w.reserved };
      w.available -= amount;
      w.reserved += amount;
      this.transactions.push({ wallet, round, amount, win: 0, status: 'reserved' });
      return { kind: 'reply', status: 'reserved', available: w.available, reserved: w.reserved, transaction: this.transactions.length - 1 };
    });
  }

  confirm(transaction: number, requestId: string, round: string, win: number): Outcome {
    return this.once(`c|${transaction}|${requestId}`, `${round}|${win}`, () => {
      const tx = this.transactions[transaction];
      if (!tx) return { kind: 'error', code: 'NOT_FOUND' };
      if (round !== '' && round !== tx.round) return { kind: 'error', code: 'FAILED_PRECONDITION' };
      if (tx.status === 'canceled') return { kind: 'error', code: 'FAILED_PRECONDITION' };
      const w = this.wallets[tx.wallet]!;
      if (tx.status === 'confirmed') return { kind: 'reply', status: 'already_confirmed', available: w.available, reserved: w.reserved };
      if (w.available + w.reserved - tx.amount + win > MAX) return { kind: 'error', code: 'FAILED_PRECONDITION' };
      w.reserved -= tx.amount;
      w.available += win;
      w.confirmedAmounts += tx.amount;
      w.wins += win;
      tx.status = 'confirmed';
      tx.win = win;
      return { kind: 'reply', status: 'confirmed', available: w.available, reserved: w.reserved };
    });
  }

  cancel(transaction: number, requestId: string, reason: string): Outcome {
    return this.once(`x|${transaction}|${requestId}`, reason, () => {
      const tx = this.transactions[transaction];
      if (!tx) return { kind: 'error', code: 'NOT_FOUND' };
      if (tx.status === 'confirmed') return { kind: 'error', code: 'FAILED_PRECONDITION' };
      const w = this.wallets[tx.wallet]!;
      if (tx.status === 'canceled') return { kind: 'reply', status: 'already_canceled', available: w.available, reserved: w.reserved };
      w.reserved -= tx.amount;
      w.available += tx.amount;
      tx.status = 'canceled';
      return { kind: 'reply', status: 'canceled', available: w.available, reserved: w.reserved };
    });
  }

  /** SPEC §1.4: a seen request replays its first reply or conflicts; errors are not remembered. */
  private once(key: string, fingerprint: string, run: () => Outcome): Outcome {
    const seen = this.requests.get(key);
    if (seen) return seen.fingerprint === fingerprint ? seen.outcome : { kind: 'error', code: 'ALREADY_EXISTS' };
    const outcome = run();
    if (outcome.kind === 'reply') this.requests.set(key, { fingerprint, outcome });
    return outcome;
  }
}

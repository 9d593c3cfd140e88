/**
 * An in-memory model of the engine (SPEC §1.2–1.4) for the property test: it predicts the reply or
 * error code of every call, in the same order of checks as the scripts, and counts in `coverage`
 * which transition each call took (so the test can show that every one was exercised).
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
  /** The running sums are bigints: they pass 2^53 long before a balance may (a top-up to the limit after confirms). */
  readonly wallets: Array<{ available: number; reserved: number; toppedUp: bigint; confirmedAmounts: bigint; wins: bigint }>;
  readonly transactions: ModelTransaction[] = [];
  private readonly requests = new Map<string, Remembered>();

  constructor(walletCount: number, private readonly coverage: Map<string, number> = new Map()) {
    this.wallets = Array.from({ length: walletCount }, () => ({ available: 0, reserved: 0, toppedUp: 0n, confirmedAmounts: 0n, wins: 0n }));
  }

  private hit(label: string): void {
    this.coverage.set(label, (this.coverage.get(label) ?? 0) + 1);
  }

  private fail(label: string, code: string): Outcome {
    this.hit(label);
    return { kind: 'error', code };
  }

  topup(wallet: number, amount: number): Outcome {
    const w = this.wallets[wallet]!;
    if (w.available + w.reserved + amount > MAX) return this.fail('topup: balance limit', 'FAILED_PRECONDITION');
    this.hit('topup: credited');
    w.available += amount;
    w.toppedUp += BigInt(amount);
    return { kind: 'reply', status: 'topup', available: w.available, reserved: w.reserved };
  }

  reserve(wallet: number, requestId: string, round: string, amount: number): Outcome {
    return this.once(`r|${wallet}|${requestId}`, `${round}|${amount}`, () => {
      const w = this.wallets[wallet]!;
      this.hit(w.available < amount ? 'reserve: rejected' : 'reserve: reserved');
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
      if (!tx) return this.fail('confirm: unknown transaction', 'NOT_FOUND');
      if (round !== '' && round !== tx.round) return this.fail('confirm: round mismatch', 'FAILED_PRECONDITION');
      if (tx.status === 'canceled') return this.fail('confirm: of a canceled transaction', 'FAILED_PRECONDITION');
      const w = this.wallets[tx.wallet]!;
      if (tx.status === 'confirmed') {
        this.hit('confirm: already confirmed');
        return { kind: 'reply', status: 'already_confirmed', available: w.available, reserved: w.reserved };
      }
      if (w.available + w.reserved - tx.amount + win > MAX) return this.fail('confirm: balance limit', 'FAILED_PRECONDITION');
      this.hit('confirm: confirmed');
      w.reserved -= tx.amount;
      w.available += win;
      w.confirmedAmounts += BigInt(tx.amount);
      w.wins += BigInt(win);
      tx.status = 'confirmed';
      tx.win = win;
      return { kind: 'reply', status: 'confirmed', available: w.available, reserved: w.reserved };
    });
  }

  cancel(transaction: number, requestId: string, reason: string): Outcome {
    return this.once(`x|${transaction}|${requestId}`, reason, () => {
      const tx = this.transactions[transaction];
      if (!tx) return this.fail('cancel: unknown transaction', 'NOT_FOUND');
      if (tx.status === 'confirmed') return this.fail('cancel: of a confirmed transaction', 'FAILED_PRECONDITION');
      const w = this.wallets[tx.wallet]!;
      if (tx.status === 'canceled') {
        this.hit('cancel: already canceled');
        return { kind: 'reply', status: 'already_canceled', available: w.available, reserved: w.reserved };
      }
      this.hit('cancel: canceled');
      w.reserved -= tx.amount;
      w.available += tx.amount;
      tx.status = 'canceled';
      return { kind: 'reply', status: 'canceled', available: w.available, reserved: w.reserved };
    });
  }

  /** SPEC §1.4: a seen request replays its first reply or conflicts; errors are not remembered. */
  private once(key: string, fingerprint: string, run: () => Outcome): Outcome {
    const seen = this.requests.get(key);
    const operation = { r: 'reserve', c: 'confirm', x: 'cancel' }[key[0] as 'r' | 'c' | 'x'];
    if (seen) {
      this.hit(`${operation}: ${seen.fingerprint === fingerprint ? 'replay' : 'request_id conflict'}`);
      return seen.fingerprint === fingerprint ? seen.outcome : { kind: 'error', code: 'ALREADY_EXISTS' };
    }
    const outcome = run();
    if (outcome.kind === 'reply') this.requests.set(key, { fingerprint, outcome });
    return outcome;
  }
}

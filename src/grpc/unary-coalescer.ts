import { AppError } from '../errors';
import { walletAddress, walletOfTransaction } from '../redis/wallet-keys';
import { replyOrThrow } from '../wallet/wallet-store';
import type { BalanceOutcome, BalanceReply, CancelInput, ConfirmInput, ReserveInput } from '../wallet/wallet-types';
import type { CallOptions, ReservationOperations } from './reservation-operations';

export interface CoalescerSettings {
  /** How long a call may wait for others to join it: 0, the rest of its event-loop turn; n, up to n ms. */
  readonly windowMs: number;
  /** The most calls of one kind one store call takes (more go in the next). */
  readonly maxItems: number;
}

type Kind = 'reserve' | 'confirm' | 'cancel';
type InputOf<K extends Kind> = { reserve: ReserveInput; confirm: ConfirmInput; cancel: CancelInput }[K];

/** A call waiting to go to the store with others. */
interface Waiting {
  readonly kind: Kind;
  readonly input: ReserveInput | ConfirmInput | CancelInput;
  /** The wallet it moves ('' when its fields name none: the engine answers it without moving any). */
  readonly wallet: string;
  readonly deadlineMs: number;
  readonly resolve: (reply: BalanceReply) => void;
  readonly reject: (error: unknown) => void;
}

/** A call due within this of its deadline is sent rather than held: its reply still has time to reach the caller. */
const DEADLINE_MARGIN_MS = 1;

const KINDS: readonly Kind[] = ['reserve', 'confirm', 'cancel'];

const expired = () => new AppError('DEADLINE_EXCEEDED', 'the call\'s deadline passed before it reached the store: nothing was applied');

/** The wallet a call moves, as a string (its transaction's for Confirm and Cancel). */
function walletOf(kind: Kind, input: Waiting['input']): string {
  try {
    const wallet = kind === 'reserve'
      ? walletAddress((input as ReserveInput).userId, (input as ReserveInput).gameId, (input as ReserveInput).currency)
      : walletOfTransaction((input as ConfirmInput | CancelInput).transactionId);
    return wallet ? `${wallet.userGameRef}.${wallet.currency}` : '';
  } catch {
    return ''; // fields the engine refuses: it moves nothing
  }
}

/**
 * Splits calls, in arrival order, into rounds of at most one batch per kind, so that no call reaches
 * the store before an earlier call of another kind on the same wallet: a call whose wallet has a call
 * of another kind in the current round starts the next round. Rounds go out in order.
 */
function rounds(calls: readonly Waiting[]): Array<Map<Kind, Waiting[]>> {
  const all: Array<Map<Kind, Waiting[]>> = [];
  let round = new Map<Kind, Waiting[]>();
  let kindOfWallet = new Map<string, Kind>();
  for (const call of calls) {
    const earlier = call.wallet === '' ? undefined : kindOfWallet.get(call.wallet);
    if (earlier !== undefined && earlier !== call.kind) {
      all.push(round);
      round = new Map();
      kindOfWallet = new Map();
    }
    if (call.wallet !== '') kindOfWallet.set(call.wallet, call.kind);
    const batch = round.get(call.kind);
    if (batch) batch.push(call);
    else round.set(call.kind, [call]);
  }
  all.push(round);
  return all;
}

/**
 * The engine with its unary Reserve, Confirm and Cancel calls coalesced (issue 50): calls that
 * arrive together go to the store as batches (SPEC §1.9's path: one script call per partition group),
 * and each caller gets exactly the reply or error its call alone would have had.
 *
 * A call that finds nothing waiting and no call of its kind in flight goes out at once, alone (no
 * added latency under low load). Otherwise it waits for the rest of its event-loop turn (or the
 * window, never past its deadline) and goes with the calls that arrived meanwhile: one batch per kind,
 * in arrival order, except that a call never overtakes an earlier call of another kind on its wallet
 * (rounds() above). A batch's failure on one partition stays with that partition's calls, as it
 * would have alone. Batches and GetTransaction pass through.
 */
export function coalescedOperations(engine: ReservationOperations, settings: CoalescerSettings, now: () => number = Date.now): ReservationOperations {
  const batchOf: { [K in Kind]: (inputs: Array<InputOf<K>>) => Promise<BalanceOutcome[]> } = {
    reserve: (inputs) => engine.reserveBatch(inputs, { failuresPerGroup: true }),
    confirm: (inputs) => engine.confirmBatch(inputs, { failuresPerGroup: true }),
    cancel: (inputs) => engine.cancelBatch(inputs, { failuresPerGroup: true }),
  };
  const inFlight: Record<Kind, number> = { reserve: 0, confirm: 0, cancel: 0 };
  let queue: Waiting[] = [];
  let timer: NodeJS.Immediate | NodeJS.Timeout | null = null;
  let flushAtMs = Infinity;

  const cancelTimer = () => {
    if (timer === null) return;
    if (settings.windowMs === 0) clearImmediate(timer as NodeJS.Immediate);
    else clearTimeout(timer as NodeJS.Timeout);
    timer = null;
    flushAtMs = Infinity;
  };

  /** Flushes at the end of this turn, or when the window closes, or just before the earliest deadline. */
  const schedule = (deadlineMs: number) => {
    if (settings.windowMs === 0) {
      timer ??= setImmediate(flush);
      return;
    }
    const at = Math.min(now() + settings.windowMs, deadlineMs - DEADLINE_MARGIN_MS);
    if (timer !== null && flushAtMs <= at) return;
    cancelTimer();
    flushAtMs = at;
    timer = setTimeout(flush, Math.max(0, at - now()));
  };

  function flush() {
    cancelTimer();
    const taken = queue;
    queue = [];
    const nowMs = now();
    const live = taken.filter((call) => {
      if (call.deadlineMs > nowMs) return true; // due now or later: sent (see DEADLINE_MARGIN_MS)
      call.reject(expired());
      return false;
    });
    for (const round of rounds(live)) {
      for (const kind of KINDS) {
        const calls = round.get(kind);
        if (!calls) continue;
        for (let start = 0; start < calls.length; start += settings.maxItems) void send(kind, calls.slice(start, start + settings.maxItems));
      }
    }
  }

  async function send(kind: Kind, calls: Waiting[]): Promise<void> {
    inFlight[kind]++;
    try {
      const outcomes = await (batchOf[kind] as (inputs: Waiting['input'][]) => Promise<BalanceOutcome[]>)(calls.map((call) => call.input));
      calls.forEach((call, i) => answer(call, outcomes[i]!));
    } catch (error) {
      // A partition's failure is its calls' outcome already (failuresPerGroup); an AppError that still
      // rejects the whole batch would have rejected each call alone. Anything else (a fault of the code)
      // is retried call by call, so it stays with the call it belongs to (a request_id makes a retry a
      // replay where the first try reached the store).
      if (error instanceof AppError || calls.length === 1) for (const call of calls) call.reject(error);
      else await Promise.all(calls.map((call) => send(kind, [call])));
    } finally {
      inFlight[kind]--;
    }
  }

  const answer = (call: Waiting, outcome: BalanceOutcome) => {
    try {
      call.resolve(replyOrThrow(outcome));
    } catch (error) {
      call.reject(error);
    }
  };

  const lane = <K extends Kind>(kind: K) => (input: InputOf<K>, options?: CallOptions): Promise<BalanceReply> =>
    new Promise<BalanceReply>((resolve, reject) => {
      const deadlineMs = options?.deadlineMs ?? Infinity;
      if (queue.length === 0 && inFlight[kind] === 0) {
        void send(kind, [{ kind, input, wallet: '', deadlineMs, resolve, reject }]);
        return;
      }
      queue.push({ kind, input, wallet: walletOf(kind, input), deadlineMs, resolve, reject });
      if (queue.length >= settings.maxItems) flush();
      else schedule(deadlineMs);
    });

  return {
    reserve: lane('reserve'),
    confirm: lane('confirm'),
    cancel: lane('cancel'),
    getTransaction: (transactionId) => engine.getTransaction(transactionId),
    reserveBatch: (items) => engine.reserveBatch(items),
    confirmBatch: (items) => engine.confirmBatch(items),
    cancelBatch: (items) => engine.cancelBatch(items),
  };
}

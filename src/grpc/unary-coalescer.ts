import { AppError } from '../errors';
import { replyOrThrow } from '../wallet/wallet-store';
import type { BalanceOutcome, BalanceReply } from '../wallet/wallet-types';
import type { CallOptions, ReservationOperations } from './reservation-operations';

export interface CoalescerSettings {
  /** How long a call may wait for others to join it: 0, the rest of its event-loop turn; n, up to n ms. */
  readonly windowMs: number;
  /** The most calls one store call takes (more wait for the next). */
  readonly maxItems: number;
}

/** A call waiting to go to the store with others of its kind. */
interface Waiting<Input> {
  readonly input: Input;
  readonly deadlineMs: number;
  readonly resolve: (reply: BalanceReply) => void;
  readonly reject: (error: unknown) => void;
}

type Batch<Input> = (inputs: Input[]) => Promise<BalanceOutcome[]>;

/** A call due within this of its deadline is sent rather than held: its reply still has time to reach the caller. */
const DEADLINE_MARGIN_MS = 1;

const expired = () => new AppError('DEADLINE_EXCEEDED', 'the call\'s deadline passed before it reached the store: nothing was applied');

/**
 * One kind of call (Reserve, Confirm or Cancel) on its way to the store. A call that finds none of
 * its kind in flight or waiting goes out at once, alone (no added latency under low load); one that
 * finds company waits for the others of the same turn (or window) and goes out with them as one
 * batch, whose items the engine applies in arrival order, each answered as its own unary call.
 */
function createLane<Input>(run: Batch<Input>, settings: CoalescerSettings, now: () => number) {
  let queue: Array<Waiting<Input>> = [];
  let inFlight = 0;
  let timer: NodeJS.Immediate | NodeJS.Timeout | null = null;
  let flushAtMs = Infinity;

  const cancelTimer = () => {
    if (timer === null) return;
    if (settings.windowMs === 0) clearImmediate(timer as NodeJS.Immediate);
    else clearTimeout(timer as NodeJS.Timeout);
    timer = null;
    flushAtMs = Infinity;
  };

  /** Flushes at the end of this turn, or when the window closes, or when the earliest deadline comes. */
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
    const live = taken.filter((waiting) => {
      if (waiting.deadlineMs > nowMs) return true; // due now or later: sent (see DEADLINE_MARGIN_MS)
      waiting.reject(expired());
      return false;
    });
    for (let start = 0; start < live.length; start += settings.maxItems) void send(live.slice(start, start + settings.maxItems));
  }

  async function send(calls: Array<Waiting<Input>>): Promise<void> {
    inFlight++;
    try {
      const outcomes = await run(calls.map((call) => call.input));
      calls.forEach((call, i) => answer(call, outcomes[i]!));
    } catch (error) {
      // The engine answers a batch's own faults per item; what rejects it whole (Redis unreachable) would
      // have rejected each call alone. Anything else is retried alone, so it stays with the call it is
      // of (a request_id makes the retry a replay where the first try got as far as the store).
      if (error instanceof AppError || calls.length === 1) calls.forEach((call) => call.reject(error));
      else await Promise.all(calls.map((call) => send([call])));
    } finally {
      inFlight--;
    }
  }

  const answer = (call: Waiting<Input>, outcome: BalanceOutcome) => {
    try {
      call.resolve(replyOrThrow(outcome));
    } catch (error) {
      call.reject(error);
    }
  };

  return (input: Input, options?: CallOptions): Promise<BalanceReply> =>
    new Promise<BalanceReply>((resolve, reject) => {
      const waiting: Waiting<Input> = { input, deadlineMs: options?.deadlineMs ?? Infinity, resolve, reject };
      if (inFlight === 0 && queue.length === 0) {
        void send([waiting]);
        return;
      }
      queue.push(waiting);
      if (queue.length >= settings.maxItems) flush();
      else schedule(waiting.deadlineMs);
    });
}

/**
 * The engine with its unary Reserve, Confirm and Cancel calls coalesced: calls of one kind that
 * arrive together go to the store as one batch (SPEC §1.9's path: one script call per partition),
 * and each caller gets exactly the reply or error its call alone would have had. Batches and
 * GetTransaction pass through.
 */
export function coalescedOperations(engine: ReservationOperations, settings: CoalescerSettings, now: () => number = Date.now): ReservationOperations {
  return {
    reserve: createLane((inputs) => engine.reserveBatch(inputs), settings, now),
    confirm: createLane((inputs) => engine.confirmBatch(inputs), settings, now),
    cancel: createLane((inputs) => engine.cancelBatch(inputs), settings, now),
    getTransaction: (transactionId) => engine.getTransaction(transactionId),
    reserveBatch: (items) => engine.reserveBatch(items),
    confirmBatch: (items) => engine.confirmBatch(items),
    cancelBatch: (items) => engine.cancelBatch(items),
  };
}

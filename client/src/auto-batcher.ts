import { status } from '@grpc/grpc-js';
import { failureOf, isRetryable, ReservationError } from './errors';
import { backoffMs, type RetryPolicy } from './retry';

/** The most items one batch call takes (SPEC §1.9). */
export const MAX_BATCH_ITEMS = 1000;

export interface BatchingOptions {
  /**
   * How long a call waits for others to join its batch: 0 (the default) sends what the current
   * event-loop turn queued; a few ms gathers calls from more turns at the price of that latency.
   */
  readonly windowMs?: number;
  /** Sent at once when this many are queued (1 to 1000, the most the server takes; larger is 1000). */
  readonly maxItems?: number;
}

export interface AutoBatcherOptions<Item, Result> extends BatchingOptions {
  readonly retry: RetryPolicy;
  readonly requestIdOf: (item: Item) => string;
  /** One attempt of one call alone, as its unary call. */
  readonly sendOne: (item: Item, deadlineMs: number) => Promise<Result>;
  /** One attempt of several as one batch call: each item's result or its error, in order. */
  readonly sendMany: (items: Item[], deadlineMs: number) => Promise<Array<Result | ReservationError>>;
}

/** A caller's call, through its attempts. */
interface Call<Item, Result> {
  readonly item: Item;
  readonly deadlineMs: number;
  attempt: number;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: ReservationError) => void;
}

/** One attempt of a call: settled once, by its reply, its error or its own deadline. */
interface Attempt<Item, Result> {
  readonly call: Call<Item, Result>;
  readonly deadlineAt: number;
  timer?: NodeJS.Timeout;
  done: boolean;
}

const DEADLINE_PASSED = 'no reply within the call\'s deadline: it may have been applied; repeat it with the same request_id';

/**
 * Unary-style calls queued and sent together. Each caller keeps what a unary call would give it:
 * its own deadline (a batch call waits for the latest of its callers', and each caller whose own
 * deadline passes first fails then, DEADLINE_EXCEEDED), its own result or error, naming its
 * request_id, and its own retries: an item or a whole batch failing with UNAVAILABLE or
 * DEADLINE_EXCEEDED is tried again with the same request_id, the callers of one failed batch together
 * after one backoff (so they go out as one batch again), until their attempts run out.
 */
export function createAutoBatcher<Item, Result>(options: AutoBatcherOptions<Item, Result>) {
  const { windowMs = 0, retry, requestIdOf, sendOne, sendMany } = options;
  const maxItems = Math.min(MAX_BATCH_ITEMS, Math.max(1, Math.floor(options.maxItems ?? MAX_BATCH_ITEMS)));
  let queue: Array<Attempt<Item, Result>> = [];
  let timer: { cancel(): void } | null = null;

  function schedule(): void {
    if (timer) return;
    if (windowMs > 0) {
      const handle = setTimeout(flush, windowMs);
      timer = { cancel: () => clearTimeout(handle) };
    } else {
      const handle = setImmediate(flush);
      timer = { cancel: () => clearImmediate(handle) };
    }
  }

  function start(call: Call<Item, Result>): void {
    const attempt: Attempt<Item, Result> = { call, deadlineAt: Date.now() + call.deadlineMs, done: false };
    queue.push(attempt);
    if (queue.length >= maxItems) flush();
    else schedule();
  }

  /** Settles an attempt (once): its result, or its error (retried when it may be, else the caller's). */
  function settle(attempt: Attempt<Item, Result>, outcome: Result | ReservationError, retryGroup: Array<Call<Item, Result>>): void {
    if (attempt.done) return;
    attempt.done = true;
    clearTimeout(attempt.timer);
    const { call } = attempt;
    if (!(outcome instanceof ReservationError)) call.resolve(outcome);
    else if (isRetryable(outcome) && call.attempt < retry.attempts) retryGroup.push(call);
    else call.reject(outcome.forRequest(requestIdOf(call.item)));
  }

  /** The calls of a group start their next attempt together, after one backoff. */
  function retryLater(group: Array<Call<Item, Result>>): void {
    if (group.length === 0) return;
    setTimeout(() => {
      for (const call of group) {
        call.attempt += 1;
        start(call);
      }
    }, backoffMs(retry, Math.max(...group.map((call) => call.attempt))));
  }

  function flush(): void {
    timer?.cancel();
    timer = null;
    const taken = queue;
    queue = [];
    if (taken.length === 0) return;
    for (const attempt of taken) {
      attempt.timer = setTimeout(() => {
        const group: Array<Call<Item, Result>> = [];
        settle(attempt, new ReservationError(status.DEADLINE_EXCEEDED, DEADLINE_PASSED), group);
        retryLater(group);
      }, Math.max(0, attempt.deadlineAt - Date.now()));
    }
    // The batch call waits for its most patient caller; the others fail at their own deadline.
    const deadlineMs = Math.max(1, Math.max(...taken.map((attempt) => attempt.deadlineAt)) - Date.now());
    const sent = taken.length === 1
      ? sendOne(taken[0]!.call.item, deadlineMs).then((result) => [result])
      : sendMany(taken.map((attempt) => attempt.call.item), deadlineMs);
    sent.then(
      (results) => finish(taken, (index) => results[index] ?? new ReservationError(status.INTERNAL, `the batch reply has no result for item ${index}`)),
      (error: unknown) => finish(taken, () => failureOf(error, '')),
    );
  }

  function finish(taken: Array<Attempt<Item, Result>>, outcomeOf: (index: number) => Result | ReservationError): void {
    const group: Array<Call<Item, Result>> = [];
    taken.forEach((attempt, index) => settle(attempt, outcomeOf(index), group));
    retryLater(group);
  }

  return {
    enqueue(item: Item, deadlineMs: number): Promise<Result> {
      return new Promise<Result>((resolve, reject) => start({ item, deadlineMs, attempt: 1, resolve, reject }));
    },
    /** Sends what is queued now. */
    flush,
  };
}

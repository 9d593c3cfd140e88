import { ReservationError } from './errors';

export interface BatchingOptions {
  /**
   * How long a call waits for others to join its batch: 0 (the default) sends what the current
   * event-loop turn queued; a few ms gathers calls from more turns at the price of that latency.
   */
  readonly windowMs?: number;
  /** Sent at once when this many are queued (the server takes at most 1000). */
  readonly maxItems?: number;
}

interface Queued<Item, Result> {
  readonly item: Item;
  readonly deadlineAt: number;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: unknown) => void;
}

export interface AutoBatcherOptions<Item, Result> extends BatchingOptions {
  /** One queued call alone goes out as its unary call. */
  readonly sendOne: (item: Item, deadlineMs: number) => Promise<Result>;
  /** Several go out as one batch call: each item's result or its error, in order. */
  readonly sendMany: (items: Item[], deadlineMs: number) => Promise<Array<Result | ReservationError>>;
}

/**
 * Unary-style calls queued and sent together: each caller gets its own result or error. A batch call
 * that fails as a whole (after its retries) fails every caller in it with that error.
 */
export function createAutoBatcher<Item, Result>(options: AutoBatcherOptions<Item, Result>) {
  const { windowMs = 0, maxItems = 1000, sendOne, sendMany } = options;
  let queue: Array<Queued<Item, Result>> = [];
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

  function flush(): void {
    timer?.cancel();
    timer = null;
    const taken = queue;
    queue = [];
    if (taken.length === 0) return;
    // Nobody waits past their own deadline: the batch gets the earliest one.
    const deadlineMs = Math.max(1, Math.min(...taken.map((queued) => queued.deadlineAt)) - Date.now());
    if (taken.length === 1) {
      const [only] = taken as [Queued<Item, Result>];
      sendOne(only.item, deadlineMs).then(only.resolve, only.reject);
      return;
    }
    sendMany(
      taken.map((queued) => queued.item),
      deadlineMs,
    ).then(
      (results) =>
        taken.forEach((queued, index) => {
          const result = results[index];
          if (result instanceof ReservationError) queued.reject(result);
          else queued.resolve(result as Result);
        }),
      (error: unknown) => taken.forEach((queued) => queued.reject(error)),
    );
  }

  return {
    enqueue(item: Item, deadlineMs: number): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, deadlineAt: Date.now() + deadlineMs, resolve, reject });
        if (queue.length >= maxItems) flush();
        else schedule();
      });
    },
    /** Sends what is queued now. */
    flush,
  };
}

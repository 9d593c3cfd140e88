import { isRetryable } from './errors';

export interface RetryPolicy {
  /** Attempts in all, the first included (1: no retry). */
  readonly attempts: number;
  /** The wait before the first retry; it doubles each time, up to maxBackoffMs, with jitter. */
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, initialBackoffMs: 50, maxBackoffMs: 1000 };

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before retry `retry` (1-based): between half and all of the doubled backoff (equal jitter). */
export function backoffMs(policy: RetryPolicy, retry: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** (retry - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * Runs `attempt` until it succeeds, fails with an error that is not retryable, or the attempts run
 * out. Only UNAVAILABLE and DEADLINE_EXCEEDED are retried: the call may or may not have been applied,
 * and the caller's attempt function repeats it with the same request_id, which makes that safe.
 */
export async function withRetries<T>(policy: RetryPolicy, attempt: () => Promise<T>, wait: Sleep = sleep): Promise<T> {
  for (let made = 1; ; made++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || made >= policy.attempts) throw error;
      await wait(backoffMs(policy, made));
    }
  }
}

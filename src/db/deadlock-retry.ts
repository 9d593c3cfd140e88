const DEADLOCK = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** Attempts in all, and the longest pause between two (it doubles from 5 ms, with jitter). */
const ATTEMPTS = 8;
const MAX_PAUSE_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether InnoDB rolled this transaction back as a deadlock's victim (or its lock wait timed out). */
export const isDeadlock = (error: unknown): boolean => DEADLOCK.has((error as { code?: string })?.code ?? '');

/**
 * Runs a transaction again when InnoDB chose it as a deadlock victim (it was rolled back whole, so a
 * rerun is safe): concurrent writes that insert into neighbouring index gaps, or a score save meeting
 * a module change of its game, can deadlock each other. Each rerun waits a little longer, with jitter,
 * so the two sides of a deadlock do not meet again at once; 8 attempts take at most about a second.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
      const ceiling = Math.min(MAX_PAUSE_MS, 5 * 2 ** (attempt - 1));
      await pause(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  }
}

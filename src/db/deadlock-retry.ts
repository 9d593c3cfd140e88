const DEADLOCK = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/**
 * Runs a transaction again when InnoDB chose it as a deadlock victim (it was rolled back whole, so a
 * rerun is safe): concurrent writes that insert into neighbouring index gaps can deadlock each other.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !DEADLOCK.has((error as { code?: string })?.code ?? '')) throw error;
    }
  }
}

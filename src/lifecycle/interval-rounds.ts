import type { Logger } from '../logging/logger';

/**
 * Runs `round` every `intervalMs` (and once at once), one at a time, until stopped: a round under way
 * finishes first. A failed round is logged as `failed` says, and the next one runs as planned.
 */
export function startIntervalRounds(round: () => Promise<unknown>, intervalMs: number, logger: Logger, failed: string): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = round().then(() => undefined, (error: unknown) => logger.warn({ err: error }, failed)).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

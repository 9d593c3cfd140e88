import type { Logger } from '../logging/logger';

export type Closer = () => Promise<void>;

/**
 * Signals this soon after the first are the same stop delivered again: a signal sent to the process
 * group of `npm start` (Ctrl-C, a service manager's stop) reaches node directly and once more through
 * each relay (npm, tsx). A person who means "now" presses Ctrl-C again later than this.
 */
export const SAME_STOP_WINDOW_MS = 1000;

/** How long a stop may take past SHUTDOWN_GRACE_MS (closing clients, flushing logs) before the process exits anyway. */
export const STOP_MARGIN_MS = 10_000;

export interface SignalHandlerOptions {
  readonly clock?: () => number;
  readonly sameStopWindowMs?: number;
  readonly exit?: (code: number) => void;
  /** How long the stop may take before the process exits 1 anyway (a client waiting for a Redis that is gone). */
  readonly deadlineMs?: number;
  readonly schedule?: (run: () => void, ms: number) => void;
}

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and exits 0 when it resolves (1 when it throws, or
 * when it has not resolved within `deadlineMs`: a worker whose Redis was gone outlived its SIGTERM by
 * 50 minutes). A signal within SAME_STOP_WINDOW_MS of the first is the same stop; a later one exits at once.
 */
export function createSignalHandler(logger: Logger, stop: Closer, options: SignalHandlerOptions = {}): (signal: NodeJS.Signals) => void {
  const {
    clock = Date.now, sameStopWindowMs = SAME_STOP_WINDOW_MS, exit = (code: number) => process.exit(code), deadlineMs = STOP_MARGIN_MS,
    schedule = (run: () => void, ms: number) => setTimeout(run, ms).unref(),
  } = options;
  let firstAt: number | null = null;
  return (signal) => {
    if (firstAt !== null) {
      if (clock() - firstAt < sameStopWindowMs) {
        logger.debug({ signal }, 'the same stop, relayed');
        return;
      }
      logger.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    firstAt = clock();
    logger.info({ signal }, 'shutting down');
    let settled = false;
    schedule(() => {
      if (settled) return;
      logger.error({ deadlineMs }, 'shutdown did not finish in time: exiting now');
      exit(1);
    }, deadlineMs);
    stop().finally(() => {
      settled = true;
    }).then(
      () => {
        logger.info('stopped');
        exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
}

export function installShutdownHandlers(logger: Logger, stop: Closer, options: { graceMs: number }): void {
  const onSignal = createSignalHandler(logger, stop, { deadlineMs: options.graceMs + STOP_MARGIN_MS });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

import type { Logger } from '../logging/logger';

export type Closer = () => Promise<void>;

/**
 * Signals this soon after the first are the same stop delivered again: a signal sent to the process
 * group of `npm start` (Ctrl-C, a service manager's stop) reaches node directly and once more through
 * each relay (npm, tsx). A person who means "now" presses Ctrl-C again later than this.
 */
export const SAME_STOP_WINDOW_MS = 1000;

export interface SignalHandlerOptions {
  readonly clock?: () => number;
  readonly sameStopWindowMs?: number;
  readonly exit?: (code: number) => void;
}

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and exits 0 when it resolves (1 when it throws). A
 * signal within SAME_STOP_WINDOW_MS of the first is the same stop; a later one exits at once.
 */
export function createSignalHandler(logger: Logger, stop: Closer, options: SignalHandlerOptions = {}): (signal: NodeJS.Signals) => void {
  const { clock = Date.now, sameStopWindowMs = SAME_STOP_WINDOW_MS, exit = (code: number) => process.exit(code) } = options;
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
    stop().then(
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

export function installShutdownHandlers(logger: Logger, stop: Closer): void {
  const onSignal = createSignalHandler(logger, stop);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

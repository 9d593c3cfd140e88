import type { Logger } from '../logging/logger';

export type Closer = () => Promise<void>;

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and exits 0 when it resolves (1 when it throws);
 * a second signal exits at once.
 */
export function installShutdownHandlers(logger: Logger, stop: Closer): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

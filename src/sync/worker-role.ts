import type { Logger } from '../logging/logger';
import type { RunningRole } from '../lifecycle/running-role';

/**
 * The sync worker role. The outbox relay and the BullMQ ledger processor join here with the durable
 * sync issue (4); until then the role starts, reports that it has nothing to consume, and stops.
 */
export async function startWorkerRole({ logger }: { logger: Logger }): Promise<RunningRole> {
  logger.info('worker role up: no sync processors are registered yet');
  return { name: 'worker', stop: async () => undefined };
}

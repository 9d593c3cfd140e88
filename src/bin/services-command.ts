import type { Config } from '../config';
import { ensureLocalServices, stopLocalServices } from '../local-services/local-services';
import { ensureReplicatedStore, stopReplicatedStore } from '../local-services/services-replicated';

/**
 * `services up|down [--replicated]`: brings Redis and MySQL up at the configured URLs, or stops the
 * ones it started; with --replicated, the local primary + 2 replicas + 3 Sentinels as well.
 */
export async function servicesCommand(config: Config, action: string | undefined, replicated = false): Promise<void> {
  const log = (message: string) => console.log(message);
  if (action === 'up' || action === undefined) {
    await ensureLocalServices(config, log);
    if (replicated) await ensureReplicatedStore(config.services.dataDir, log);
    return;
  }
  if (action === 'down') {
    if (replicated) log(`replicated store: ${(await stopReplicatedStore(config.services.dataDir)) ? 'stopped' : 'not started by this tool'}`);
    const stopped = await stopLocalServices(config);
    log(`redis: ${stopped.redis ? 'stopped' : 'not started by this tool'}`);
    log(`mysql: ${stopped.mysql ? 'stopped' : 'not started by this tool'}`);
    return;
  }
  throw new Error(`unknown services action "${action}" (use up or down)`);
}

import type { Config } from '../config';
import { ensureLocalServices, stopLocalServices } from '../local-services/local-services';

/** `services up|down`: brings Redis and MySQL up at the configured URLs, or stops the ones it started. */
export async function servicesCommand(config: Config, action: string | undefined): Promise<void> {
  const log = (message: string) => console.log(message);
  if (action === 'up' || action === undefined) {
    await ensureLocalServices(config, log);
    return;
  }
  if (action === 'down') {
    const stopped = await stopLocalServices(config);
    log(`redis: ${stopped.redis ? 'stopped' : 'not started by this tool'}`);
    log(`mysql: ${stopped.mysql ? 'stopped' : 'not started by this tool'}`);
    return;
  }
  throw new Error(`unknown services action "${action}" (use up or down)`);
}

import { createHttpApp } from '../../src/admin/http-app';
import { startHttpRole } from '../../src/admin/http-role';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { BATCH_JOB, createSyncQueue } from '../../src/sync/sync-queue';
import { createTestApi, type TestApi } from './api';
import { uniqueQueuePrefix } from './worker';

export interface DashboardApp {
  api: TestApi;
  /** The HTTP app with the dashboard, over the test API's services. */
  base: string;
  close(): Promise<void>;
}

/** The HTTP app with the queue dashboard over a test API (its environment as given), its queue holding one delayed job. */
export async function dashboardApp(env: Record<string, string> = {}): Promise<DashboardApp> {
  const api = await createTestApi(env);
  const connection = createRedisClient({ url: api.config.redis.url, role: 'queue' });
  const queue = createSyncQueue(connection, uniqueQueuePrefix());
  await queue.add(BATCH_JOB, { ranges: [{ partition: 3, first: '1-0', last: '1-0', count: 1 }] }, { delay: 3_600_000 });
  const app = createHttpApp({ logger: createLogger('silent'), probes: [], services: api.services, queues: [queue] });
  const role = await startHttpRole(app, '127.0.0.1', 0);
  return {
    api,
    base: `http://${role.address}`,
    async close() {
      await role.stop(1000);
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
      await api.close();
    },
  };
}

import type { Config } from '../config';
import { createHttpApp } from '../admin/http-app';
import { startHttpRole } from '../admin/http-role';
import { createKnex, type Knex } from '../db/knex-factory';
import { startGrpcRole } from '../grpc/grpc-role';
import type { RoleName, RunningRole } from '../lifecycle/running-role';
import { installShutdownHandlers } from '../lifecycle/shutdown';
import type { Logger } from '../logging/logger';
import { createRedisClient } from '../redis/redis-client';
import { startWorkerRole } from '../sync/worker-role';

/** Shared clients the roles draw from; each is created only when a role needs it. */
interface Clients {
  db?: Knex;
  closers: Array<() => Promise<void>>;
}

/** Starts the chosen roles in this process and stops them gracefully on SIGINT/SIGTERM. */
export async function serve(config: Config, logger: Logger, roles: readonly RoleName[]): Promise<RunningRole[]> {
  const clients: Clients = { closers: [] };
  const running: RunningRole[] = [];
  const stopAll = async () => {
    // Servers first (no new work, in-flight finishes), then the clients they used.
    await Promise.all(running.map((role) => role.stop(config.shutdownGraceMs)));
    await Promise.all(clients.closers.map((close) => close()));
  };
  installShutdownHandlers(logger, stopAll);
  try {
    for (const role of roles) running.push(await startRole(role, config, logger, clients));
  } catch (error) {
    await stopAll();
    throw error;
  }
  for (const role of running) logger.info({ role: role.name, address: role.address }, `${role.name} role started`);
  return running;
}

async function startRole(role: RoleName, config: Config, logger: Logger, clients: Clients): Promise<RunningRole> {
  const roleLogger = logger.child({ role });
  switch (role) {
    case 'grpc':
      return startGrpcRole({ config: config.grpc });
    case 'http': {
      const redis = createRedisClient({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, role: 'http' });
      redis.on('error', (error) => roleLogger.warn({ err: error }, 'redis connection error'));
      clients.closers.push(() => redis.quit().then(() => undefined, () => redis.disconnect()));
      const db = database(config, clients);
      const probes = [
        { name: 'mysql', check: () => db.raw('SELECT 1').then(() => undefined) },
        { name: 'redis', check: () => redis.ping().then(() => undefined) },
      ];
      return startHttpRole(createHttpApp({ logger: roleLogger, probes }), config.http.host, config.http.port);
    }
    case 'worker':
      return startWorkerRole({ logger: roleLogger });
  }
}

function database(config: Config, clients: Clients): Knex {
  if (!clients.db) {
    const db = createKnex(config.mysql.url);
    clients.db = db;
    clients.closers.push(() => db.destroy());
  }
  return clients.db;
}

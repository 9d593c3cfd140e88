import type { Registry } from 'prom-client';
import type { Config } from '../config';
import { createAdminServices } from '../admin/admin-services';
import { createHttpApp } from '../admin/http-app';
import { startHttpRole } from '../admin/http-role';
import { createKnex, type Knex } from '../db/knex-factory';
import { startGrpcRole } from '../grpc/grpc-role';
import type { RoleName, RunningRole } from '../lifecycle/running-role';
import { installShutdownHandlers } from '../lifecycle/shutdown';
import { shareMetricsWithPrimary } from './serve-processes';
import { StartupRefused } from '../lifecycle/startup-refused';
import { redisReady } from '../redis/redis-ready';
import type { Logger } from '../logging/logger';
import { createMetricsRegistry } from '../metrics/metrics-registry';
import { startMetricsServer } from '../metrics/metrics-server';
import { scriptMetrics, type ScriptObserver } from '../metrics/script-metrics';
import { storeDurability, type DurableAck } from '../redis/durable-ack';
import { assertDurabilitySupported } from '../redis/durability-check';
import { assertNoEviction } from '../redis/eviction-policy';
import { assertRedisLayout } from '../redis/layout-upgrade';
import { createRoleRedis, type RedisRole } from '../redis/redis-client';
import { createStoreGate } from '../redis/store-gate';
import type { RedisLike } from '../redis/script-registry';
import { createSyncQueue } from '../sync/sync-queue';
import { createTransactionArchive } from '../sync/transaction-archive';
import { startSyncSampler } from '../sync/ops-sampler';
import { startWorkerRole } from '../sync/worker-role';
import { auditWalletMovesFromLedger } from '../admin/balance/topup-audit';
import { createAdminStore } from '../admin/admin-store';
import { createPeriodPayouts, startPeriodPayouts } from '../admin/leaderboards/period-payouts';
import { createLimitSeeds, startLimitSeedSweeps } from '../admin/wallet-controls/limit-seeds';
import { enabledCurrencyCodes } from '../admin/currencies/currencies-reads';
import { createCurrencyGate } from '../wallet/currency-gate';
import { createWalletService } from '../wallet/wallet-service';
import { createWalletStore } from '../wallet/wallet-store';

/** Shared clients the roles draw from; each is created only when a role needs it. */
interface Clients {
  db?: Knex;
  /** The process's metrics registry (METRICS_ENABLED), shared by its roles. */
  metrics?: Registry;
  /** Its script-latency histogram, shared by every role that runs engine scripts. */
  scripts?: ScriptObserver;
  /** REDIS_DURABILITY=replicated: the group-committed WAITAOF every acknowledged move waits for. */
  durableAck: DurableAck | null;
  closers: Array<() => Promise<void>>;
}

/**
 * Starts the chosen roles in this process and stops them gracefully on SIGINT/SIGTERM. A worker of
 * `serve --processes N` (serve-processes.ts) hands its metrics to the primary instead of a port.
 */
export async function serve(config: Config, logger: Logger, roles: readonly RoleName[], options: { clusterWorker?: boolean } = {}): Promise<RunningRole[]> {
  const metrics = config.metrics.enabled ? createMetricsRegistry() : undefined;
  if (metrics && options.clusterWorker) shareMetricsWithPrimary(metrics);
  const durability = storeDurability(config.redis, (line) => logger.warn({ role: 'replica-fence' }, line));
  const clients: Clients = { closers: [async () => durability.close()], metrics, scripts: metrics && scriptMetrics(metrics), durableAck: durability.ack };
  const running: RunningRole[] = [];
  const stopAll = async () => {
    // Servers first (no new work, in-flight finishes), then the clients they used.
    await Promise.all(running.map((role) => role.stop(config.shutdownGraceMs)));
    await Promise.all(clients.closers.map((close) => close()));
  };
  installShutdownHandlers(logger, stopAll, { graceMs: config.shutdownGraceMs });
  try {
    for (const role of roles) running.push(await startRole(role, config, logger, clients));
    if (clients.metrics && config.metrics.port > 0 && !options.clusterWorker) {
      const server = await startMetricsServer(clients.metrics, config.metrics.host, config.metrics.port);
      clients.closers.push(() => server.close());
      logger.info({ role: 'metrics', address: server.address }, 'metrics served on /metrics');
    }
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
    case 'grpc': {
      assertGrpcCallersAuthenticated(config);
      const redis = await redisClient('grpc', config, roleLogger, clients);
      // SPEC §1.6: the hot path's MySQL reads (settled transactions, WatchLedger) and the API keys'
      // confirmation each get connections of their own, so no management read can exhaust them.
      const db = ownDatabase(config, clients, { min: 0, max: config.mysql.poolSize });
      const wallet = walletService(config, redis, db, clients);
      const apiKeysDb = ownDatabase(config, clients, API_KEYS_POOL);
      return startGrpcRole({ config: config.grpc, wallet, redis, logger: roleLogger, metrics: clients.metrics, ledgerDb: db, apiKeysDb });
    }
    case 'http': {
      const redis = await redisClient('http', config, roleLogger, clients);
      const db = database(config, clients);
      const probes = [
        { name: 'mysql', check: () => db.raw('SELECT 1').then(() => undefined) },
        { name: 'redis', check: () => redis.ping().then(() => undefined) },
      ];
      if (config.redis.adminUrl !== null) probes.push({ name: 'admin redis', check: () => adminRedis.ping().then(() => undefined) });
      // The queue dashboard and the ops page read the sync queue through a connection of their own.
      const syncQueue = createSyncQueue(queueClient(config, roleLogger, clients), config.queue.prefix);
      clients.closers.push(() => syncQueue.close());
      const adminRedis = config.redis.adminUrl === null ? redis : await adminRedisClient(config.redis.adminUrl, config, roleLogger, clients);
      const services = createAdminServices({ db, redis, adminRedis, wallet: walletService(config, redis, db, clients), config, syncQueue, logger: roleLogger });
      clients.closers.push(async () => services.caches.close());
      if (config.admin) await services.firstAdmin.ensureStartup(config.admin, roleLogger);
      // The ops charts' sync points come from here too: with every worker down the outbox still shows.
      const sampler = startSyncSampler(redis, { logger: roleLogger });
      clients.closers.unshift(() => sampler.stop()); // before Redis closes
      const app = createHttpApp({
        logger: roleLogger, probes, services, corsOrigins: config.http.corsOrigins, trustedProxies: config.http.trustedProxies, graphqlIntrospection: config.http.graphqlIntrospection,
        metrics: clients.metrics, metricsOnApiPort: config.metrics.onApiPort, queues: [syncQueue],
      });
      return startHttpRole(app, config.http.host, config.http.port);
    }
    case 'worker': {
      const redis = await redisClient('worker', config, roleLogger, clients);
      const db = database(config, clients);
      const adminRedis = config.redis.adminUrl === null ? redis : await adminRedisClient(config.redis.adminUrl, config, roleLogger, clients);
      const admin = createAdminStore({ db, adminRedis, logger: roleLogger });
      clients.closers.push(async () => admin.close());
      const payouts = createPeriodPayouts({
        store: admin.store, wallet: walletService(config, redis, db, clients), logger: roleLogger, idempotencyTtlS: config.engine.idempotencyTtlS, graceMs: config.engine.payoutGraceS * 1000,
      });
      const seeds = createLimitSeeds({ store: admin.store, wallet: walletService(config, redis, db, clients), logger: roleLogger });
      return withDuties(await startWorkerRole({
        config,
        db,
        redis,
        queueConnection: queueClient(config, roleLogger, clients),
        wallet: engineStore(redis, clients),
        logger: roleLogger,
        metrics: clients.metrics,
        alongside: auditWalletMovesFromLedger,
        durableAck: clients.durableAck,
      }), [startPeriodPayouts(payouts, config.engine.payoutIntervalS * 1000, roleLogger), startLimitSeedSweeps(seeds, roleLogger)]);
    }
  }
}

/**
 * The worker role with its rounds beside the sync: period rewards (SPEC §2.12) and the first counts of
 * loss limits (SPEC §1.11), stopped before the sync.
 */
function withDuties(role: RunningRole, duties: ReadonlyArray<{ stop(): Promise<void> }>): RunningRole {
  return { ...role, stop: async (graceMs) => {
    await Promise.all(duties.map((duty) => duty.stop()));
    await role.stop(graceMs);
  } };
}

/** The engine as the gRPC, HTTP and worker roles use it: Redis first, MySQL for what has left Redis. */
function walletService(config: Config, redis: RedisLike, db: Knex, clients: Clients) {
  return createWalletService({
    store: engineStore(redis, clients),
    idempotencyTtlS: config.engine.idempotencyTtlS,
    reservationTimeoutS: config.engine.reservationTimeoutS,
    limitRaiseDelayS: config.engine.limitRaiseDelayS,
    archive: createTransactionArchive(db),
    currencies: currencyGate(db, clients),
  });
}

/** The currencies open for new money, as MySQL's table says within a second (stopped with the process). */
function currencyGate(db: Knex, clients: Clients) {
  const gate = createCurrencyGate(() => enabledCurrencyCodes(db));
  clients.closers.unshift(async () => gate.stop());
  return gate;
}

/** The engine's store as a role runs it: metrics, replicated acknowledgements, closed while Redis holds no layout. */
function engineStore(redis: RedisLike, clients: Clients) {
  const gate = createStoreGate(redis);
  clients.closers.unshift(async () => gate.stop());
  return createWalletStore(redis, { observeScript: clients.scripts, durableAck: clients.durableAck, gate });
}

/**
 * Each role has its own Redis connection, tuned for it (see redis-client.ts), on a Redis that never
 * evicts and holds the record layout this code reads (SPEC §1.6: the role refuses to start otherwise).
 */
async function redisClient(role: RedisRole, config: Config, logger: Logger, clients: Clients): Promise<RedisLike> {
  const redis = createRoleRedis({ ...config.redis, role });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  clients.closers.push(() => redis.quit().then(() => undefined, () => redis.disconnect()));
  await assertNoEviction(redis, (message) => logger.warn(message));
  await assertRedisLayout(redis);
  await assertDurabilitySupported(redis, config.redis.durability);
  return redis;
}

/**
 * ADMIN_REDIS_URL's client. Nothing there is money (rank indexes are built again from MySQL, caches
 * refill), so no record layout to check; the role refuses to start while it does not answer.
 */
async function adminRedisClient(url: string, config: Config, logger: Logger, clients: Clients): Promise<RedisLike> {
  const redis = createRoleRedis({ url, keyPrefix: config.redis.keyPrefix, role: 'http', connectionName: 'reservation-admin' });
  redis.on('error', (error) => logger.warn({ err: error }, 'admin redis connection error'));
  clients.closers.push(() => redis.quit().then(() => undefined, () => redis.disconnect()));
  if (!(await redisReady(redis, 5000))) throw new StartupRefused('the admin Redis (ADMIN_REDIS_URL) does not answer');
  return redis;
}

/** BullMQ's own connection (no key prefix: BullMQ has its own), closed with the process. */
function queueClient(config: Config, logger: Logger, clients: Clients): RedisLike {
  const connection = createRoleRedis({ ...config.redis, keyPrefix: '', role: 'queue' });
  connection.on('error', (error) => logger.warn({ err: error }, 'queue redis connection error'));
  clients.closers.push(() => connection.quit().then(() => undefined, () => connection.disconnect()));
  return connection;
}

/** SPEC §1.6: anyone who can call Confirm can mint money, so production needs caller tokens. */
function assertGrpcCallersAuthenticated(config: Config): void {
  if (config.nodeEnv === 'production' && config.grpc.authTokens.length === 0 && !config.grpc.allowUnauthenticated) {
    throw new StartupRefused(
      'the gRPC role refuses to start with NODE_ENV=production and no GRPC_AUTH_TOKENS ' +
        '(set GRPC_ALLOW_UNAUTHENTICATED=true only when callers are authenticated elsewhere, such as a service mesh)',
    );
  }
}

/** The management API's and the worker's pool, shared by the roles of one process (never the gRPC role's). */
function database(config: Config, clients: Clients): Knex {
  clients.db ??= ownDatabase(config, clients, { min: 0, max: config.mysql.poolSize });
  return clients.db;
}

/**
 * Two connections kept open for the API keys' reads: a refresh every 500 ms and the lookups of new
 * secrets, one at a time each (api-key-registry.ts), never waiting behind another read.
 */
const API_KEYS_POOL = { min: 1, max: 2 };

/** A pool of its own, closed with the process. */
function ownDatabase(config: Config, clients: Clients, pool: { min: number; max: number }): Knex {
  const db = createKnex(config.mysql.url, pool);
  clients.closers.push(() => db.destroy());
  return db;
}

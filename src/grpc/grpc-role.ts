import { readFileSync } from 'node:fs';
import { Server, ServerCredentials, status as GrpcStatus, type Metadata, type ServerOptions, type ServerWritableStream, type ServiceDefinition } from '@grpc/grpc-js';
import type { Knex } from 'knex';
import { createLedgerTail } from '../sync/ledger-tail';
import { watchLedgerHandler } from './watch-ledger';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation } from 'grpc-health-check';
import type { Registry } from 'prom-client';
import type { Config } from '../config';
import type { RunningRole } from '../lifecycle/running-role';
import type { Logger } from '../logging/logger';
import { grpcMetrics } from '../metrics/grpc-metrics';
import { bothObservers, grpcTimeline } from '../metrics/grpc-timeline';
import { createOpsTimelineStore } from '../metrics/ops-timeline-store';
import { redisReady } from '../redis/redis-ready';
import type { RedisLike } from '../redis/script-registry';
import { reservationHandlers } from './reservation-handlers';
import { coalescedOperations } from './unary-coalescer';
import type { WalletService } from '../wallet/wallet-service';
import { createApiKeyRegistry } from './api-key-registry';
import { callerAuthInterceptors, callerIdOf, callerScope } from './caller-auth';
import { loadReservationProto, RESERVATION_SERVICE_NAME, type LedgerEvent } from './reservation-proto';


export interface GrpcRoleDeps {
  readonly config: Config['grpc'];
  readonly wallet: WalletService;
  /** The engine's Redis client: health follows its connection state. */
  readonly redis: RedisLike;
  readonly logger: Logger;
  /** The process's metrics registry; without it the role keeps none. */
  readonly metrics?: Registry;
  /** MySQL, where WatchLedger reads the ledger (without it the stream answers UNIMPLEMENTED) and server API keys are read from. */
  readonly ledgerDb?: Knex;
  /** Connections of their own for the server API keys' reads (SPEC §1.6); ledgerDb's without them. */
  readonly apiKeysDb?: Knex;
}

/**
 * The engine's server options (the bench's servers use them too). Channelz is off: it tracks every
 * call (counters, a trace, a reference per call), which costs per-call allocations on the hot path,
 * and nothing here serves the channelz service.
 */
export function grpcServerOptions(maxMessageBytes: number): ServerOptions {
  return {
    'grpc.max_receive_message_length': maxMessageBytes,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.enable_channelz': 0,
  };
}

/**
 * The gRPC server: ReservationService, grpc.health.v1 (NOT_SERVING while Redis is down), reflection.
 * Its calls are counted on the ops timeline (the console's charts) and, with a registry, in metrics.
 */
export async function startGrpcRole({ config, wallet, redis, logger, metrics, ledgerDb, apiKeysDb = ledgerDb }: GrpcRoleDeps): Promise<RunningRole> {
  // SPEC §2.12: with caller tokens on, server API keys are accepted too (each scoped to its games).
  const keys = apiKeysDb && config.authTokens.length > 0 ? createApiKeyRegistry(apiKeysDb, { logger }) : null;
  if (keys) await keys.refresh().catch((error: unknown) => logger.warn({ err: error }, 'api keys: MySQL does not answer yet; only GRPC_AUTH_TOKENS until it does'));
  const server = new Server({ ...grpcServerOptions(config.maxMessageBytes), interceptors: callerAuthInterceptors(config.authTokens, keys ?? undefined) });
  const { packageDefinition, service } = loadReservationProto();
  const timeline = grpcTimeline(createOpsTimelineStore(redis), { logger });
  const scopeOf = keys ? (metadata: Metadata) => callerScope(metadata, keys) : undefined;
  const tail = ledgerDb && createLedgerTail(ledgerDb, { logger });
  const { definition, encode } = ledgerBytesPassThrough(service);
  const ledgerStream = tail && watchLedgerHandler({ db: ledgerDb, tail, logger, encode, callerOf: callerIdOf, ...(scopeOf ? { scopeOf } : {}) });
  server.addService(definition, {
    ...reservationHandlers(config.coalesce ? coalescedOperations(wallet, config.coalesce) : wallet, {
      logger, observe: bothObservers(metrics && grpcMetrics(metrics), timeline.observer),
      ...(scopeOf ? { scopeOf } : {}),
    }),
    WatchLedger: ledgerStream ? ledgerStream.handler : (call: ServerWritableStream<unknown, unknown>) =>
      call.emit('error', { code: GrpcStatus.UNIMPLEMENTED, details: 'this server reads no ledger' }),
  });
  new ReflectionService(packageDefinition).addToServer(server);
  const health = new HealthImplementation({});
  health.addToServer(server);
  const report = (serving: boolean) => {
    for (const name of ['', RESERVATION_SERVICE_NAME]) health.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
  };
  const unfollow = followRedisHealth(redis, report);

  await redisReady(redis, 5000); // serve once Redis answers, or after 5 s as NOT_SERVING
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${config.host}:${config.port}`, credentials(config), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  return {
    name: 'grpc',
    address: `${config.host}:${port}`,
    stop: (graceMs) =>
      new Promise<void>((resolve) => {
        unfollow();
        ledgerStream?.closeAll();
        keys?.stop();
        tail?.stop();
        report(false); // the server and the reservation service both: watchers learn it before the port closes
        const force = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve(timeline.stop());
        });
      }),
  };
}

/**
 * The service with WatchLedger's replies passed through when they are bytes already: the streams
 * write each ledger row's bytes, encoded once for all of them (watch-ledger.ts), instead of encoding
 * the same event once per subscriber. `encode` is the method's own serializer.
 */
function ledgerBytesPassThrough(service: ServiceDefinition): { definition: ServiceDefinition; encode: (event: LedgerEvent) => Buffer } {
  const method = service.WatchLedger!;
  const encode = method.responseSerialize as (event: LedgerEvent) => Buffer;
  const responseSerialize = (value: LedgerEvent | Buffer) => (Buffer.isBuffer(value) ? value : encode(value));
  return { definition: { ...service, WatchLedger: { ...method, responseSerialize } }, encode };
}

function followRedisHealth(redis: RedisLike, report: (serving: boolean) => void): () => void {
  const up = () => report(true);
  const down = () => report(false);
  report(redis.status === 'ready');
  redis.on('ready', up);
  for (const event of ['close', 'end', 'reconnecting']) redis.on(event, down);
  return () => {
    redis.off('ready', up);
    for (const event of ['close', 'end', 'reconnecting']) redis.off(event, down);
  };
}

function credentials(config: Config['grpc']): ServerCredentials {
  if (!config.tls) return ServerCredentials.createInsecure();
  return ServerCredentials.createSsl(null, [
    { cert_chain: readFileSync(config.tls.certPath), private_key: readFileSync(config.tls.keyPath) },
  ]);
}

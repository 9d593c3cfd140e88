import Redis, { Cluster, type RedisOptions } from 'ioredis';
import { ANY_KEYS, SCRIPT_KEY_COUNTS } from './script-registry';

/** `queue` is BullMQ's own connection; every other role talks to the engine's keys. */
export type RedisRole = 'grpc' | 'http' | 'worker' | 'cli' | 'queue';

/**
 * Each role gets the Redis behaviour it needs. The gRPC hot path fails fast (no offline queue, short
 * command timeout, one try) so an outage answers UNAVAILABLE instead of piling up calls.
 *
 * No engine client ever sends a command twice (SPEC §1.6): a script whose reply was lost to a dropped
 * connection may already have moved money, so it fails (UNAVAILABLE) and the caller retries with its
 * idempotency key. That takes both `autoResendUnfulfilledCommands: false` and
 * `maxRetriesPerRequest: 0`: without the second, ioredis drops the unfulfilled commands on reconnect
 * without ever settling their promises.
 *
 * BullMQ's connection keeps ioredis' defaults, as BullMQ requires (`maxRetriesPerRequest: null`): its
 * commands are safe to repeat (job ids, lock tokens) and never move money.
 */
const NO_RESEND: RedisOptions = { autoResendUnfulfilledCommands: false, maxRetriesPerRequest: 0 };
const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  // Auto-pipelining writes the commands of one event-loop turn in one socket write (one syscall for
  // many concurrent calls instead of one each); every command still gets its own reply.
  grpc: { ...NO_RESEND, enableOfflineQueue: false, commandTimeout: 1000, connectTimeout: 1000, enableAutoPipelining: true },
  http: { ...NO_RESEND, enableOfflineQueue: false, commandTimeout: 2000, connectTimeout: 2000 },
  worker: { ...NO_RESEND, enableReadyCheck: true, commandTimeout: 30000 },
  cli: { ...NO_RESEND, connectTimeout: 3000, commandTimeout: 10000 },
  queue: { maxRetriesPerRequest: null, enableReadyCheck: true },
};

export interface RedisClientOptions {
  readonly url: string;
  readonly keyPrefix?: string;
  readonly role: RedisRole;
  readonly connectionName?: string;
}

export function createRedisClient({ url, keyPrefix = '', role, connectionName }: RedisClientOptions): Redis {
  return new Redis(url, {
    ...ROLE_OPTIONS[role],
    keyPrefix,
    connectionName: connectionName ?? `reservation-${role}`,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
    lazyConnect: false,
  });
}

const SCRIPTS_OF_ANY_KEYS = Object.entries(SCRIPT_KEY_COUNTS).filter(([, count]) => count === ANY_KEYS).map(([name]) => name);

export interface RoleRedisOptions extends RedisClientOptions {
  /** Seeds of a Redis Cluster; when given, a cluster client (credentials from `url`). */
  readonly clusterNodes?: ReadonlyArray<{ readonly host: string; readonly port: number }>;
}

/** The client a role runs on: one server, or a Redis Cluster with the same per-role behaviour. */
export function createRoleRedis(options: RoleRedisOptions): Redis | Cluster {
  const nodes = options.clusterNodes ?? [];
  if (nodes.length === 0) return createRedisClient(options);
  const url = new URL(options.url);
  const { enableOfflineQueue, enableAutoPipelining, ...nodeOptions } = ROLE_OPTIONS[options.role];
  return new Cluster(nodes.map((node) => ({ host: node.host, port: node.port })), {
    keyPrefix: options.keyPrefix ?? '',
    enableOfflineQueue: enableOfflineQueue ?? true,
    // Groups by the slot of each command's first key, which for a script of any number of keys is its
    // key count: such scripts are never auto-pipelined by the cluster client (the engine's store sends
    // them to their master itself, see slot-router.ts).
    enableAutoPipelining: enableAutoPipelining ?? false,
    autoPipeliningIgnoredCommands: SCRIPTS_OF_ANY_KEYS,
    clusterRetryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
    // The cluster client re-sends a command whose connection closed after a failover: not for money.
    retryDelayOnFailover: options.role === 'queue' ? 100 : 0,
    redisOptions: {
      ...nodeOptions,
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      connectionName: options.connectionName ?? `reservation-${options.role}`,
    },
  });
}

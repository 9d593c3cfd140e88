import Redis, { Cluster, type RedisOptions } from 'ioredis';

export type RedisRole = 'grpc' | 'http' | 'worker' | 'cli';

/**
 * Each role gets the Redis behaviour it needs. The gRPC hot path fails fast (no offline queue, short
 * command timeout, one try) so an outage answers UNAVAILABLE instead of piling up calls; workers wait
 * and retry forever, as BullMQ requires.
 */
const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  grpc: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 1000, connectTimeout: 1000 },
  http: { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 2000 },
  worker: { maxRetriesPerRequest: null, enableReadyCheck: true },
  cli: { maxRetriesPerRequest: 2, connectTimeout: 3000, commandTimeout: 10000 },
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

export interface RoleRedisOptions extends RedisClientOptions {
  /** Seeds of a Redis Cluster; when given, a cluster client (credentials from `url`). */
  readonly clusterNodes?: ReadonlyArray<{ readonly host: string; readonly port: number }>;
}

/** The client a role runs on: one server, or a Redis Cluster with the same per-role behaviour. */
export function createRoleRedis(options: RoleRedisOptions): Redis | Cluster {
  const nodes = options.clusterNodes ?? [];
  if (nodes.length === 0) return createRedisClient(options);
  const url = new URL(options.url);
  const { enableOfflineQueue, ...nodeOptions } = ROLE_OPTIONS[options.role];
  return new Cluster(nodes.map((node) => ({ host: node.host, port: node.port })), {
    keyPrefix: options.keyPrefix ?? '',
    enableOfflineQueue: enableOfflineQueue ?? true,
    clusterRetryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
    redisOptions: {
      ...nodeOptions,
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      connectionName: options.connectionName ?? `reservation-${options.role}`,
    },
  });
}

import Redis, { type RedisOptions } from 'ioredis';

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

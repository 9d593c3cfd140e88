import Redis, { Cluster, type RedisOptions } from 'ioredis';
import type { RedisDurability, RedisSentinelTarget } from '../config';
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
  /** REDIS_SENTINELS: the primary is the one these Sentinels name (credentials from `url`). */
  readonly sentinel?: RedisSentinelTarget | null;
  /** With `replicated` durability a command may wait for the replicas: its timeout leaves room for that. */
  readonly durability?: RedisDurability;
}

/**
 * A primary that became a replica (a failover it missed, or a partition that healed) refuses writes
 * with READONLY: the connection is dropped and made again, to the primary Sentinel names now. The
 * command itself fails (1: reconnect, never 2: resend).
 */
const reconnectOnReadonly = (error: Error): 1 | false => (error.message.startsWith('READONLY') ? 1 : false);

export function createRedisClient(options: RedisClientOptions): Redis {
  const { url, keyPrefix = '', role, connectionName, sentinel } = options;
  const settings: RedisOptions = {
    ...ROLE_OPTIONS[role],
    ...commandTimeout(role, options.durability),
    keyPrefix,
    connectionName: connectionName ?? `reservation-${role}`,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
    reconnectOnError: reconnectOnReadonly,
    lazyConnect: false,
  };
  if (!sentinel) return new Redis(url, settings);
  const credentials = new URL(url);
  return reconnectUnlessClosed(new Redis({
    ...settings,
    sentinels: sentinel.sentinels.map(({ host, port }) => ({ host, port })),
    name: sentinel.name,
    username: decodeURIComponent(credentials.username) || undefined,
    password: decodeURIComponent(credentials.password) || undefined,
    // Sentinels are asked again after each failed connection, and their +switch-master news drops the
    // connection to a primary that was replaced but still answers (or hangs: a partition).
    sentinelRetryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 1000),
    failoverDetector: true,
  }));
}

/**
 * ioredis 5 ends a Sentinel client for good when its connector's connect fails: the failover detector
 * of the connection before, still subscribed, hears `+switch-master` while the client is asking the
 * Sentinels for the primary (a reconnection after the primary died), closes the connector, and the
 * connect throws "Connection is closed": status "end", no retry, every later command refused. A process
 * answered UNAVAILABLE for good (found by `npm run nemesis`). So the client connects again after an
 * end this process did not ask for (disconnect() without reconnecting, quit()).
 */
function reconnectUnlessClosed(client: Redis): Redis {
  let closing = false;
  const disconnect = client.disconnect.bind(client);
  client.disconnect = (reconnect = false) => {
    if (!reconnect) closing = true;
    disconnect(reconnect);
  };
  const quit = client.quit.bind(client);
  client.quit = ((...args: Parameters<Redis['quit']>) => {
    closing = true;
    return quit(...args);
  }) as Redis['quit'];
  client.on('end', () => {
    if (closing) return;
    setTimeout(() => {
      if (!closing && client.status === 'end') client.connect().catch(() => undefined);
    }, SENTINEL_RECONNECT_MS).unref();
  });
  return client;
}

/** How long after an unasked end a Sentinel client connects again. */
const SENTINEL_RECONNECT_MS = 100;

function commandTimeout(role: RedisRole, durability: RedisDurability | undefined): Pick<RedisOptions, 'commandTimeout'> {
  const timeout = ROLE_OPTIONS[role].commandTimeout;
  if (timeout === undefined || durability?.mode !== 'replicated') return {};
  return { commandTimeout: Math.max(timeout, durability.timeoutMs + 1000) };
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
  const { enableOfflineQueue, enableAutoPipelining, ...nodeOptions } = { ...ROLE_OPTIONS[options.role], ...commandTimeout(options.role, options.durability) };
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
      reconnectOnError: reconnectOnReadonly,
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      connectionName: options.connectionName ?? `reservation-${options.role}`,
    },
  });
}

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { splitList } from './env-rules';
import type { RawEnv } from './settings';

/**
 * The typed configuration, grouped by the part of the product that reads it. Its type is this
 * function's result (`Config`): the settings table (settings.ts) types each raw value, and the shape
 * is written here once.
 */
export function configFromSettings(raw: RawEnv, cwd: string, metricsPortGiven: boolean) {
  const production = raw.NODE_ENV === 'production';
  const warnings: string[] = [];
  let jwtSecret = raw.JWT_SECRET;
  if (!jwtSecret) {
    jwtSecret = randomBytes(48).toString('base64url');
    warnings.push('JWT_SECRET is not set: using a random secret, so tokens do not survive a restart');
  }
  return {
    nodeEnv: raw.NODE_ENV,
    logLevel: raw.LOG_LEVEL,
    redis: {
      url: raw.REDIS_URL,
      keyPrefix: raw.REDIS_KEY_PREFIX,
      /** Seeds of a Redis Cluster; empty: the single server at `url`. */
      clusterNodes: hostPorts(raw.REDIS_CLUSTER_NODES),
      /** REDIS_SENTINELS / REDIS_SENTINEL_NAME: the primary is the one these Sentinels name; null: `url`. */
      sentinel: raw.REDIS_SENTINELS
        ? {
            sentinels: hostPorts(raw.REDIS_SENTINELS),
            /** The name Sentinel monitors the primary under. */
            name: raw.REDIS_SENTINEL_NAME,
          }
        : null,
      /** SPEC §1.10: when a move counts as acknowledged. */
      durability: {
        /** local: in the primary's AOF (appendfsync always); replicated: also in the AOF of `replicas` replicas. */
        mode: raw.REDIS_DURABILITY,
        replicas: raw.REDIS_DURABILITY_REPLICAS,
        /** How long a move waits for its replicas before the call answers UNAVAILABLE. */
        timeoutMs: raw.REDIS_DURABILITY_TIMEOUT_MS,
      },
      /** ADMIN_REDIS_URL: a Redis of its own for admin data (rank indexes, caches); null: the engine's. */
      adminUrl: raw.ADMIN_REDIS_URL || null,
    },
    mysql: {
      url: raw.MYSQL_URL,
      database: new URL(raw.MYSQL_URL).pathname.slice(1),
      /** Connections each process keeps to MySQL at most. */
      poolSize: raw.MYSQL_POOL_SIZE,
    },
    queue: { prefix: raw.QUEUE_PREFIX },
    sync: {
      batchSize: raw.SYNC_BATCH_SIZE,
      concurrency: raw.SYNC_CONCURRENCY,
      claimIdleMs: raw.SYNC_CLAIM_IDLE_MS,
      /** Back-pressure: the relay reads no new outbox entries while this many batch jobs wait or run. */
      maxQueuedBatches: raw.SYNC_MAX_QUEUED_BATCHES,
      /** After a relay pass that found less than a batch, the wait before the next. */
      lingerMs: raw.SYNC_LINGER_MS,
    },
    grpc: {
      host: raw.GRPC_HOST,
      port: raw.GRPC_PORT,
      authTokens: splitList(raw.GRPC_AUTH_TOKENS),
      /** GRPC_ALLOW_UNAUTHENTICATED: callers are authenticated elsewhere (a mesh); production needs tokens otherwise. */
      allowUnauthenticated: raw.GRPC_ALLOW_UNAUTHENTICATED === 'true',
      tls: raw.GRPC_TLS_CERT ? { certPath: raw.GRPC_TLS_CERT, keyPath: raw.GRPC_TLS_KEY } : null,
      maxMessageBytes: raw.GRPC_MAX_MESSAGE_BYTES,
      /** Unary calls coalesced into batches (unary-coalescer.ts); null: each goes alone. */
      coalesce: raw.GRPC_COALESCE === 'true' ? { windowMs: raw.GRPC_COALESCE_WINDOW_MS, maxItems: raw.GRPC_COALESCE_MAX_ITEMS } : null,
    },
    http: {
      host: raw.HTTP_HOST,
      port: raw.HTTP_PORT,
      publicBaseUrl: (raw.PUBLIC_BASE_URL || `http://localhost:${raw.HTTP_PORT}`).replace(/\/+$/, ''),
      corsOrigins: splitList(raw.CORS_ORIGINS),
      /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: the socket's address. */
      trustedProxies: splitList(raw.TRUSTED_PROXIES),
      /** GraphQL's schema introspection (and so the explorer's docs): on unless NODE_ENV=production, where only GRAPHQL_INTROSPECTION=true turns it on. */
      graphqlIntrospection: raw.GRAPHQL_INTROSPECTION === 'true' || (raw.GRAPHQL_INTROSPECTION === 'auto' && !production),
    },
    auth: {
      jwtSecret,
      jwtTtlS: raw.JWT_TTL_S,
      /** LOGIN_ADDRESS_LIMIT: failed logins one client address may make per window, over all emails. */
      loginAddressLimit: raw.LOGIN_ADDRESS_LIMIT,
      /** STAFF_2FA_REQUIRED: admins and moderators must use two-factor sign-in (SPEC §2.12). */
      staff2faRequired: raw.STAFF_2FA_REQUIRED === 'true',
      /** Half of libuv's thread pool: the rest stays free for file and DNS work (SPEC §2.2). */
      maxConcurrentHashes: Math.max(1, Math.floor(raw.UV_THREADPOOL_SIZE / 2)),
    },
    engine: {
      idempotencyTtlS: raw.IDEMPOTENCY_TTL_S,
      reservationTimeoutS: raw.RESERVATION_TIMEOUT_S,
      limitRaiseDelayS: raw.LIMIT_RAISE_DELAY_S,
      /** LEADERBOARD_PAYOUT_INTERVAL_S: each worker's round of period rewards (SPEC §2.12). */
      payoutIntervalS: raw.LEADERBOARD_PAYOUT_INTERVAL_S,
      /** LEADERBOARD_PAYOUT_GRACE_S: how long after its end a period is planned (SPEC §2.12). */
      payoutGraceS: raw.LEADERBOARD_PAYOUT_GRACE_S,
      settledRetentionS: raw.SETTLED_RETENTION_S,
      defaultCurrency: raw.DEFAULT_CURRENCY,
    },
    uploads: { dir: path.resolve(cwd, raw.UPLOAD_DIR), maxBytes: raw.MAX_UPLOAD_BYTES },
    /** SPEC §2.11: AUDIT_SCORE_SAVES=false leaves score saves out of the audit log. */
    audit: { scoreSaves: raw.AUDIT_SCORE_SAVES === 'true' },
    admin: raw.ADMIN_EMAIL ? { email: raw.ADMIN_EMAIL, password: raw.ADMIN_PASSWORD } : null,
    /**
     * Prometheus metrics: with a port here, a process serves them (and `/healthz`) on
     * METRICS_HOST:METRICS_PORT (default 127.0.0.1; 0: no metrics port, except in production, where it
     * defaults to 9464). Outside production the HTTP role also serves `/metrics` on its own port
     * (`onApiPort`); in production never (SPEC §2.10). METRICS_ENABLED=false turns all of it off.
     */
    metrics: {
      enabled: raw.METRICS_ENABLED === 'true',
      host: raw.METRICS_HOST,
      port: production && !metricsPortGiven ? PRODUCTION_METRICS_PORT : raw.METRICS_PORT,
      onApiPort: !production,
    },
    services: { dataDir: path.resolve(cwd, raw.SERVICES_DATA_DIR) },
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS,
    /** Things the operator should know, logged once at start-up (a generated JWT secret, say). */
    warnings: warnings as readonly string[],
  };
}

/** SPEC §2.10: where every role serves its metrics in production when METRICS_PORT is not set. */
export const PRODUCTION_METRICS_PORT = 9464;

function hostPorts(list: string): Array<{ host: string; port: number }> {
  return splitList(list).map((node) => {
    const [host, port] = node.split(':');
    return { host: host!, port: Number(port) };
  });
}

type DeepReadonly<T> = T extends (infer Item)[]
  ? ReadonlyArray<DeepReadonly<Item>>
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

export type Config = DeepReadonly<ReturnType<typeof configFromSettings>>;
export type NodeEnv = Config['nodeEnv'];
export type LogLevel = Config['logLevel'];
export type RedisDurability = Config['redis']['durability'];
export type RedisDurabilityMode = RedisDurability['mode'];
export type RedisSentinelTarget = NonNullable<Config['redis']['sentinel']>;

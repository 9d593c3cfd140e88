import type { LOG_LEVELS, NODE_ENVS, REDIS_DURABILITIES } from './config-schema';

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];
export type RedisDurabilityMode = (typeof REDIS_DURABILITIES)[number];

/** SPEC §1.10: when a move counts as acknowledged. */
export interface RedisDurability {
  /** local: in the primary's AOF (appendfsync always); replicated: also in the AOF of `replicas` replicas. */
  readonly mode: RedisDurabilityMode;
  readonly replicas: number;
  /** How long a move waits for its replicas before the call answers UNAVAILABLE. */
  readonly timeoutMs: number;
}

export interface RedisSentinelTarget {
  readonly sentinels: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  /** The name Sentinel monitors the primary under. */
  readonly name: string;
}

export interface Config {
  readonly nodeEnv: NodeEnv;
  readonly logLevel: LogLevel;
  readonly redis: {
    readonly url: string;
    readonly keyPrefix: string;
    /** Seeds of a Redis Cluster; empty: the single server at `url`. */
    readonly clusterNodes: ReadonlyArray<{ readonly host: string; readonly port: number }>;
    /** REDIS_SENTINELS / REDIS_SENTINEL_NAME: the primary is the one these Sentinels name; null: `url`. */
    readonly sentinel: RedisSentinelTarget | null;
    readonly durability: RedisDurability;
    /** ADMIN_REDIS_URL: a Redis of its own for admin data (rank indexes, caches); null: the engine's. */
    readonly adminUrl: string | null;
  };
  readonly mysql: {
    readonly url: string;
    readonly database: string;
    /** Connections each process keeps to MySQL at most. */
    readonly poolSize: number;
  };
  readonly queue: { readonly prefix: string };
  readonly sync: {
    readonly batchSize: number;
    readonly concurrency: number;
    readonly claimIdleMs: number;
    /** Back-pressure: the relay reads no new outbox entries while this many batch jobs wait or run. */
    readonly maxQueuedBatches: number;
    /** After a relay pass that found less than a batch, the wait before the next. */
    readonly lingerMs: number;
  };
  readonly grpc: {
    readonly host: string;
    readonly port: number;
    readonly authTokens: readonly string[];
    /** GRPC_ALLOW_UNAUTHENTICATED: callers are authenticated elsewhere (a mesh); production needs tokens otherwise. */
    readonly allowUnauthenticated: boolean;
    readonly tls: { readonly certPath: string; readonly keyPath: string } | null;
    readonly maxMessageBytes: number;
  };
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly publicBaseUrl: string;
    readonly corsOrigins: readonly string[];
    /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: the socket's address. */
    readonly trustedProxies: readonly string[];
    /** GraphQL's schema introspection (and so the explorer's docs): off in production unless asked for. */
    readonly graphqlIntrospection: boolean;
  };
  readonly auth: {
    readonly jwtSecret: string;
    readonly jwtTtlS: number;
    /** LOGIN_ADDRESS_LIMIT: failed logins one client address may make per window, over all emails. */
    readonly loginAddressLimit: number;
    /** Half of libuv's thread pool: the rest stays free for file and DNS work (SPEC §2.2). */
    readonly maxConcurrentHashes: number;
  };
  readonly engine: {
    readonly idempotencyTtlS: number;
    readonly reservationTimeoutS: number;
    readonly settledRetentionS: number;
    readonly defaultCurrency: string;
  };
  readonly uploads: { readonly dir: string; readonly maxBytes: number };
  /** SPEC §2.11: AUDIT_SCORE_SAVES=false leaves score saves out of the audit log. */
  readonly audit: { readonly scoreSaves: boolean };
  readonly admin: { readonly email: string; readonly password: string } | null;
  /**
   * Prometheus metrics: with a port here, a process serves them (and `/healthz`) on
   * METRICS_HOST:METRICS_PORT (default 127.0.0.1; 0: no metrics port, except in production, where it
   * defaults to 9464). Outside production the HTTP role also serves `/metrics` on its own port
   * (`onApiPort`); in production never (SPEC §2.10). METRICS_ENABLED=false turns all of it off.
   */
  readonly metrics: { readonly enabled: boolean; readonly host: string; readonly port: number; readonly onApiPort: boolean };
  readonly services: { readonly dataDir: string };
  readonly shutdownGraceMs: number;
  /** Things the operator should know, logged once at start-up (a generated JWT secret, say). */
  readonly warnings: readonly string[];
}

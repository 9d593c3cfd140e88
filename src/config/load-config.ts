import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { ValidationError } from 'yup';
import { envSchema, type RawEnv } from './config-schema';
import type { Config } from './config-types';
import { splitList } from './env-rules';

export type Env = Record<string, string | undefined>;

/** Thrown when the environment holds bad values; `problems` lists every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads, validates and freezes the configuration. The only place that interprets environment
 * variables; composition roots pass `process.env` in, tests pass plain objects.
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const { raw, problems } = validateShape(env);
  problems.push(...crossFieldProblems(env));
  if (!raw || problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(toConfig(raw, cwd, env));
}

function validateShape(env: Env): { raw?: RawEnv; problems: string[] } {
  const known = Object.fromEntries(Object.keys(envSchema.fields).map((key) => [key, env[key]]));
  try {
    return { raw: envSchema.validateSync(known, { abortEarly: false, stripUnknown: true }), problems: [] };
  } catch (error) {
    if (error instanceof ValidationError) return { problems: error.errors };
    throw error;
  }
}

/** Rules across variables; they read the raw strings so they report even when a shape rule failed. */
function crossFieldProblems(raw: Env): string[] {
  const problems: string[] = [];
  if (raw.NODE_ENV === 'production' && !raw.JWT_SECRET) {
    problems.push('JWT_SECRET is required when NODE_ENV=production (at least 32 bytes)');
  }
  if (Boolean(raw.GRPC_TLS_CERT) !== Boolean(raw.GRPC_TLS_KEY)) {
    problems.push('GRPC_TLS_CERT and GRPC_TLS_KEY must be set together');
  }
  for (const name of ['GRPC_TLS_CERT', 'GRPC_TLS_KEY'] as const) {
    const file = raw[name];
    if (file && !isReadable(file)) problems.push(`${name} names a file that cannot be read: ${file}`);
  }
  if (raw.REDIS_SENTINELS && raw.REDIS_CLUSTER_NODES) {
    problems.push('REDIS_SENTINELS and REDIS_CLUSTER_NODES cannot both be set (a Redis Cluster fails over by itself)');
  }
  if (Boolean(raw.ADMIN_EMAIL) !== Boolean(raw.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (raw.GRPC_AUTH_TOKENS && splitList(raw.GRPC_AUTH_TOKENS).some((token) => /\s/.test(token))) {
    problems.push('GRPC_AUTH_TOKENS must be a comma-separated list of tokens without spaces');
  }
  return problems;
}

/** SPEC §2.10: where every role serves its metrics in production when METRICS_PORT is not set. */
export const PRODUCTION_METRICS_PORT = 9464;

function hostPorts(list: string): Array<{ host: string; port: number }> {
  return splitList(list).map((node) => {
    const [host, port] = node.split(':');
    return { host: host!, port: Number(port) };
  });
}

function toConfig(raw: RawEnv, cwd: string, env: Env): Config {
  const production = raw.NODE_ENV === 'production';
  const warnings: string[] = [];
  let jwtSecret = raw.JWT_SECRET;
  if (!jwtSecret) {
    jwtSecret = randomBytes(48).toString('base64url');
    warnings.push('JWT_SECRET is not set: using a random secret, so tokens do not survive a restart');
  }
  const httpPort = raw.HTTP_PORT as number;
  return {
    nodeEnv: raw.NODE_ENV,
    logLevel: raw.LOG_LEVEL,
    redis: {
      url: raw.REDIS_URL,
      keyPrefix: raw.REDIS_KEY_PREFIX,
      clusterNodes: hostPorts(raw.REDIS_CLUSTER_NODES),
      sentinel: raw.REDIS_SENTINELS ? { sentinels: hostPorts(raw.REDIS_SENTINELS), name: raw.REDIS_SENTINEL_NAME } : null,
      durability: {
        mode: raw.REDIS_DURABILITY,
        replicas: raw.REDIS_DURABILITY_REPLICAS as number,
        timeoutMs: raw.REDIS_DURABILITY_TIMEOUT_MS as number,
      },
      adminUrl: raw.ADMIN_REDIS_URL || null,
    },
    mysql: { url: raw.MYSQL_URL, database: new URL(raw.MYSQL_URL).pathname.slice(1), poolSize: raw.MYSQL_POOL_SIZE as number },
    queue: { prefix: raw.QUEUE_PREFIX },
    sync: {
      batchSize: raw.SYNC_BATCH_SIZE as number,
      concurrency: raw.SYNC_CONCURRENCY as number,
      claimIdleMs: raw.SYNC_CLAIM_IDLE_MS as number,
      maxQueuedBatches: raw.SYNC_MAX_QUEUED_BATCHES as number,
      lingerMs: raw.SYNC_LINGER_MS as number,
    },
    grpc: {
      host: raw.GRPC_HOST,
      port: raw.GRPC_PORT as number,
      authTokens: splitList(raw.GRPC_AUTH_TOKENS),
      allowUnauthenticated: raw.GRPC_ALLOW_UNAUTHENTICATED === 'true',
      tls: raw.GRPC_TLS_CERT ? { certPath: raw.GRPC_TLS_CERT, keyPath: raw.GRPC_TLS_KEY } : null,
      maxMessageBytes: raw.GRPC_MAX_MESSAGE_BYTES as number,
    },
    http: {
      host: raw.HTTP_HOST,
      port: httpPort,
      publicBaseUrl: (raw.PUBLIC_BASE_URL || `http://localhost:${httpPort}`).replace(/\/+$/, ''),
      corsOrigins: splitList(raw.CORS_ORIGINS),
      trustedProxies: splitList(raw.TRUSTED_PROXIES),
      // Introspection is on unless NODE_ENV=production, where only GRAPHQL_INTROSPECTION=true turns it on.
      graphqlIntrospection: raw.GRAPHQL_INTROSPECTION === 'true' || (raw.GRAPHQL_INTROSPECTION === 'auto' && raw.NODE_ENV !== 'production'),
    },
    auth: {
      jwtSecret,
      jwtTtlS: raw.JWT_TTL_S as number,
      loginAddressLimit: raw.LOGIN_ADDRESS_LIMIT as number,
      maxConcurrentHashes: Math.max(1, Math.floor((raw.UV_THREADPOOL_SIZE as number) / 2)),
    },
    engine: {
      idempotencyTtlS: raw.IDEMPOTENCY_TTL_S as number,
      reservationTimeoutS: raw.RESERVATION_TIMEOUT_S as number,
      settledRetentionS: raw.SETTLED_RETENTION_S as number,
      defaultCurrency: raw.DEFAULT_CURRENCY,
    },
    uploads: { dir: path.resolve(cwd, raw.UPLOAD_DIR), maxBytes: raw.MAX_UPLOAD_BYTES as number },
    audit: { scoreSaves: raw.AUDIT_SCORE_SAVES === 'true' },
    admin: raw.ADMIN_EMAIL ? { email: raw.ADMIN_EMAIL, password: raw.ADMIN_PASSWORD } : null,
    metrics: {
      enabled: raw.METRICS_ENABLED === 'true',
      host: raw.METRICS_HOST,
      port: production && !env.METRICS_PORT ? PRODUCTION_METRICS_PORT : (raw.METRICS_PORT as number),
      onApiPort: !production,
    },
    services: { dataDir: path.resolve(cwd, raw.SERVICES_DATA_DIR) },
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS as number,
    warnings,
  };
}

function isReadable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

import * as yup from 'yup';
import { parseAddressRange } from './address-range';
import { enumVar, integerVar, listVar, optionalUrlVar, splitList, stringVar, urlVar } from './env-rules';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const REDIS_DURABILITIES = ['local', 'replicated'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every environment variable the product reads, with its default and its rule. */
export const envSchema = yup.object({
  NODE_ENV: enumVar('NODE_ENV', 'development', NODE_ENVS),
  LOG_LEVEL: enumVar('LOG_LEVEL', 'info', LOG_LEVELS),

  REDIS_URL: urlVar('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: stringVar('').matches(/^[^{}\s]*$/, {
    message: 'REDIS_KEY_PREFIX must not contain braces or spaces (it would break Redis Cluster hash tags)',
  }),
  REDIS_CLUSTER_NODES: listVar().test(
    'nodes',
    'REDIS_CLUSTER_NODES must be a comma-separated list of host:port',
    (value) => !value || value.split(',').every((node) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(node.trim())),
  ),
  // SPEC §1.10: where the primary is found (Sentinel) and when a move counts as acknowledged.
  REDIS_SENTINELS: listVar().test(
    'sentinels',
    'REDIS_SENTINELS must be a comma-separated list of host:port',
    (value) => !value || value.split(',').every((node) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(node.trim())),
  ),
  REDIS_SENTINEL_NAME: stringVar('reservation').matches(/^[A-Za-z0-9._-]+$/, {
    message: 'REDIS_SENTINEL_NAME must be the name Sentinel monitors the primary under (letters, digits, . _ -)',
  }),
  REDIS_DURABILITY: enumVar('REDIS_DURABILITY', 'local', REDIS_DURABILITIES),
  REDIS_DURABILITY_REPLICAS: integerVar('REDIS_DURABILITY_REPLICAS', 1, 1, 16),
  REDIS_DURABILITY_TIMEOUT_MS: integerVar('REDIS_DURABILITY_TIMEOUT_MS', 1000, 10, 60_000),
  // Admin data a request can grow (leaderboards' rank indexes, caches, sessions, login limits): in
  // production a Redis of its own, so it can never fill the one that holds the balances.
  ADMIN_REDIS_URL: optionalUrlVar('ADMIN_REDIS_URL must be a redis:// or rediss:// URL (empty: REDIS_URL)', ['redis:', 'rediss:']),
  MYSQL_URL: urlVar('MYSQL_URL', 'mysql://reservation:reservation@127.0.0.1:3306/reservation', ['mysql:'])
    .test('database', 'MYSQL_URL must name a database, as in mysql://user:pass@host:3306/dbname', (value) => {
      try {
        return value !== undefined && /^\/[A-Za-z0-9_]{1,64}$/.test(new URL(value).pathname);
      } catch {
        return true; // the url rule already reports it
      }
    }),
  QUEUE_PREFIX: stringVar('{sync}').matches(/^\{[A-Za-z0-9_-]+\}$/, {
    message: 'QUEUE_PREFIX must be one Redis Cluster hash tag, as in {sync}',
  }),

  GRPC_HOST: stringVar('0.0.0.0'),
  GRPC_PORT: integerVar('GRPC_PORT', 50051, 0, 65535),
  GRPC_AUTH_TOKENS: listVar(),
  GRPC_ALLOW_UNAUTHENTICATED: enumVar('GRPC_ALLOW_UNAUTHENTICATED', 'false', ['true', 'false']),
  GRPC_TLS_CERT: stringVar(''),
  GRPC_TLS_KEY: stringVar(''),
  // The largest valid request is a CancelBatch of 1000 items with 128-byte ids and 256-character
  // (1 KiB of UTF-8) reasons, about 1.4 MB: 2 MiB takes any valid batch and nothing much larger.
  GRPC_MAX_MESSAGE_BYTES: integerVar('GRPC_MAX_MESSAGE_BYTES', 2 * 1024 * 1024, 1024, 4 * 1024 * 1024),

  HTTP_HOST: stringVar('0.0.0.0'),
  HTTP_PORT: integerVar('HTTP_PORT', 3000, 0, 65535),
  GRAPHQL_INTROSPECTION: enumVar('GRAPHQL_INTROSPECTION', 'auto', ['auto', 'true', 'false']),
  PUBLIC_BASE_URL: optionalUrlVar('PUBLIC_BASE_URL must be an http or https URL', ['http:', 'https:']),
  CORS_ORIGINS: listVar(),
  TRUSTED_PROXIES: listVar().test(
    'addresses',
    'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges (10.0.0.0/8)',
    (value) => !value || splitList(value).every((entry) => parseAddressRange(entry) !== null),
  ),
  LOGIN_ADDRESS_LIMIT: integerVar('LOGIN_ADDRESS_LIMIT', 1000, 1, 1_000_000),

  JWT_SECRET: stringVar('').test(
    'length',
    'JWT_SECRET must be at least 32 bytes',
    (value) => !value || Buffer.byteLength(value) >= 32,
  ),
  JWT_TTL_S: integerVar('JWT_TTL_S', 3600, 60, 30 * 24 * 3600),
  // libuv's thread pool (read by Node itself): password hashes may use half of it at once.
  UV_THREADPOOL_SIZE: integerVar('UV_THREADPOOL_SIZE', 4, 1, 1024),

  IDEMPOTENCY_TTL_S: integerVar('IDEMPOTENCY_TTL_S', 86400, 1, 365 * 24 * 3600),
  RESERVATION_TIMEOUT_S: integerVar('RESERVATION_TIMEOUT_S', 0, 0, 365 * 24 * 3600),
  SETTLED_RETENTION_S: integerVar('SETTLED_RETENTION_S', 3600, 0, 365 * 24 * 3600),
  DEFAULT_CURRENCY: stringVar('EUR').matches(/^[A-Z]{3}$/, {
    message: 'DEFAULT_CURRENCY must be 3 upper-case letters, as in EUR',
  }),

  MAX_UPLOAD_BYTES: integerVar('MAX_UPLOAD_BYTES', 5 * 1024 * 1024, 1, 1024 * 1024 * 1024),
  UPLOAD_DIR: stringVar('uploads'),

  ADMIN_EMAIL: stringVar('').test('email', 'ADMIN_EMAIL must be an email address', (v) => !v || EMAIL.test(v)),
  ADMIN_PASSWORD: stringVar('').test(
    'length',
    'ADMIN_PASSWORD must be 8 to 256 characters',
    (value) => !value || (value.length >= 8 && value.length <= 256),
  ),

  MYSQL_POOL_SIZE: integerVar('MYSQL_POOL_SIZE', 10, 1, 1000),

  SYNC_BATCH_SIZE: integerVar('SYNC_BATCH_SIZE', 500, 1, 10000),
  SYNC_CONCURRENCY: integerVar('SYNC_CONCURRENCY', 4, 1, 64),
  SYNC_CLAIM_IDLE_MS: integerVar('SYNC_CLAIM_IDLE_MS', 30000, 100, 3600000),
  SYNC_MAX_QUEUED_BATCHES: integerVar('SYNC_MAX_QUEUED_BATCHES', 256, 1, 100000),
  SYNC_LINGER_MS: integerVar('SYNC_LINGER_MS', 50, 0, 10000),

  METRICS_ENABLED: enumVar('METRICS_ENABLED', 'true', ['true', 'false']),
  AUDIT_SCORE_SAVES: enumVar('AUDIT_SCORE_SAVES', 'true', ['true', 'false']),
  METRICS_HOST: stringVar('127.0.0.1'),
  METRICS_PORT: integerVar('METRICS_PORT', 0, 0, 65535),

  SERVICES_DATA_DIR: stringVar('.data'),
  SHUTDOWN_GRACE_MS: integerVar('SHUTDOWN_GRACE_MS', 10000, 0, 600000),
});

export type RawEnv = yup.InferType<typeof envSchema>;

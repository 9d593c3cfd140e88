import * as yup from 'yup';
import { parseAddressRange } from './address-range';
import { flag, hostPorts, integer, list, oneOf, optionalUrl, splitList, text, url } from './env-rules';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const REDIS_DURABILITIES = ['local', 'replicated'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REDIS = ['redis:', 'rediss:'];

/** One setting: its rule (parsing, default, check), its line in docs/configuration.md, and how its default reads there when the rule's value says too little. */
interface Setting<Rule extends yup.AnySchema> {
  readonly rule: Rule;
  readonly doc: string;
  readonly shownDefault?: string;
}

const setting = <Rule extends yup.AnySchema>(rule: Rule, doc: string, shownDefault?: string): Setting<Rule> => ({ rule, doc, shownDefault });

/**
 * Every environment variable the product reads, declared once: load-config.ts parses them with these
 * rules (the typed config follows from them), and docs/configuration.md's table is written from them
 * (`npm run codegen`; `npm run lint` fails when the two differ). In the order the table shows them.
 */
export const SETTINGS = {
  NODE_ENV: setting(oneOf('development', NODE_ENVS), '`development`, `test` or `production`'),
  LOG_LEVEL: setting(oneOf('info', LOG_LEVELS), 'pino level (`silent` to mute)'),

  REDIS_URL: setting(url('redis://127.0.0.1:6379', REDIS), "the engine's store (Valkey 8, or Redis ≥ 7.0 with `local` durability)"),
  REDIS_CLUSTER_NODES: setting(
    hostPorts(),
    '`host:port,…` seeds of a Redis Cluster: every role then uses a cluster client (credentials from `REDIS_URL`); `services up` leaves a cluster as it is',
  ),
  // SPEC §1.10: where the primary is found (Sentinel) and when a move counts as acknowledged.
  REDIS_SENTINELS: setting(
    hostPorts(),
    '`host:port,…` of the Sentinels that watch the primary: every role (and BullMQ) then asks them where the primary is, and reconnects by itself after a failover (credentials from `REDIS_URL`, its host ignored). Not with `REDIS_CLUSTER_NODES` ([operations.md](operations.md#durability-across-machines))',
  ),
  REDIS_SENTINEL_NAME: setting(
    text('reservation').matches(/^[A-Za-z0-9._-]+$/, {
      message: '${path} must be the name Sentinel monitors the primary under (letters, digits, . _ -)',
    }),
    'the name the Sentinels monitor the primary under',
  ),
  REDIS_DURABILITY: setting(
    oneOf('local', REDIS_DURABILITIES),
    "when a move is acknowledged (SPEC §1.10): `local`, in the primary's AOF; `replicated`, also in the AOF of the replicas (`WAITAOF`, one per connection per event-loop turn). Needs Valkey or Redis ≥ 7.2 with the AOF on: a role refuses to start otherwise",
  ),
  REDIS_DURABILITY_REPLICAS: setting(
    integer(1, 1, 16),
    'with `replicated`: the fewest replicas a move waits for. Behind Sentinel every node that could become primary is waited for as well, less the one written to; without Sentinel every replica attached to the primary, and for 8 s after one leaves as many as there were (see operations.md, "The invariant")',
  ),
  REDIS_DURABILITY_TIMEOUT_MS: setting(
    integer(1000, 10, 60_000),
    'with `replicated`: how long a move waits for its replicas; then the call answers UNAVAILABLE ("may have been applied; repeat with the same request_id")',
  ),
  // Admin data a request can grow (leaderboards' rank indexes, caches, sessions, login limits): in
  // production a Redis of its own, so it can never fill the one that holds the balances.
  ADMIN_REDIS_URL: setting(
    optionalUrl('${path} must be a redis:// or rediss:// URL (empty: REDIS_URL)', REDIS),
    "a Redis of its own for the HTTP role's admin data that requests can grow: leaderboards' rank indexes (one per period asked for around a player), read caches and their invalidations, config versions, login limits, queue-dashboard sessions. **Production should set it**, so nothing an admin request builds can fill the Redis that holds the balances (under `noeviction` Reserve would then fail). Nothing there is money: no record layout is checked, and a lost rank index is built again from MySQL. Wherever they live, rank index builds are capped: at most 2 at once per process, and none starts while that Redis holds 80% of its `maxmemory` (ranks are then counted in MySQL)",
    "empty (`REDIS_URL`'s Redis)",
  ),
  REDIS_KEY_PREFIX: setting(
    text('').matches(/^[^{}\s]*$/, {
      message: '${path} must not contain braces or spaces (it would break Redis Cluster hash tags)',
    }),
    'prefix for every key (no braces: they would break cluster hash tags)',
  ),
  MYSQL_URL: setting(
    url('mysql://reservation:reservation@127.0.0.1:3306/reservation', ['mysql:']).test(
      'database',
      '${path} must name a database, as in mysql://user:pass@host:3306/dbname',
      (value) => {
        try {
          return value !== undefined && /^\/[A-Za-z0-9_]{1,64}$/.test(new URL(value).pathname);
        } catch {
          return true; // the url rule already reports it
        }
      },
    ),
    'MySQL or MariaDB, with database',
  ),
  MYSQL_POOL_SIZE: setting(integer(10, 1, 1000), 'connections each process keeps to MySQL at most'),
  QUEUE_PREFIX: setting(
    text('{sync}').matches(/^\{[A-Za-z0-9_-]+\}$/, { message: '${path} must be one Redis Cluster hash tag, as in {sync}' }),
    'BullMQ prefix: one hash tag, so the queue lives in one cluster slot',
  ),

  GRPC_HOST: setting(text('0.0.0.0'), 'gRPC listen address'),
  GRPC_PORT: setting(integer(50051, 0, 65535), 'gRPC listen port (0: any free port)'),
  GRPC_AUTH_TOKENS: setting(list(), 'comma-separated; when set each call needs `authorization: Bearer <token>`; required with `NODE_ENV=production`'),
  GRPC_ALLOW_UNAUTHENTICATED: setting(
    flag('false'),
    '`true` lets a production gRPC role start without tokens (callers authenticated elsewhere, such as a mesh)',
  ),
  GRPC_TLS_CERT: setting(text(''), 'PEM file of the gRPC certificate; with `GRPC_TLS_KEY` or not at all'),
  GRPC_TLS_KEY: setting(text(''), 'PEM file of its key; with `GRPC_TLS_CERT` or not at all'),
  // The largest valid request is a CancelBatch of 1000 items with 128-byte ids and 256-character
  // (1 KiB of UTF-8) reasons, about 1.4 MB: 2 MiB takes any valid batch and nothing much larger.
  GRPC_MAX_MESSAGE_BYTES: setting(
    integer(2 * 1024 * 1024, 1024, 4 * 1024 * 1024),
    'largest accepted gRPC request (2 MiB: any valid batch of 1000 items fits)',
  ),

  // Issue 50: unary Reserve/Confirm/Cancel calls that arrive together go to the store as one batch.
  GRPC_COALESCE: setting(
    flag('true'),
    '`true`: unary Reserve, Confirm and Cancel calls of one kind that arrive together go to the store as one batch (each answered as alone); a call that finds none in flight goes out at once',
  ),
  GRPC_COALESCE_WINDOW_MS: setting(
    integer(0, 0, 10),
    'how long a coalesced call waits for company: 0, the rest of its event-loop turn; n, at most n ms (never past its own deadline)',
  ),
  GRPC_COALESCE_MAX_ITEMS: setting(integer(100, 1, 1000), 'the most unary calls one coalesced batch takes'),

  HTTP_HOST: setting(text('0.0.0.0'), 'HTTP listen address'),
  HTTP_PORT: setting(integer(3000, 0, 65535), 'HTTP listen port'),
  PUBLIC_BASE_URL: setting(
    optionalUrl('${path} must be an http or https URL', ['http:', 'https:']),
    'base of URLs handed out (image URLs)',
    '`http://localhost:$HTTP_PORT`',
  ),
  CORS_ORIGINS: setting(list(), 'comma-separated allowed origins'),
  GRAPHQL_INTROSPECTION: setting(oneOf('auto', ['auto', 'true', 'false']), '`true` or `false`; `auto`: on, except under `NODE_ENV=production`'),
  TRUSTED_PROXIES: setting(
    list().test(
      'addresses',
      '${path} must be a comma-separated list of IP addresses or CIDR ranges (10.0.0.0/8)',
      (value) => !value || splitList(value).every((entry) => parseAddressRange(entry) !== null),
    ),
    "comma-separated addresses or CIDR ranges of proxies whose `X-Forwarded-For` names the client (login limits); empty: the socket's address",
  ),
  LOGIN_ADDRESS_LIMIT: setting(integer(1000, 1, 1_000_000), 'failed logins one client address may make per 15 minutes, over all emails'),
  STAFF_2FA_REQUIRED: setting(flag('false'), 'true: admins and moderators must use two-factor sign-in (until they enrol, they can only enrol)'),
  // libuv's thread pool (read by Node itself): password hashes may use half of it at once.
  UV_THREADPOOL_SIZE: setting(integer(4, 1, 1024), "libuv's thread pool (Node reads it too); at most half of it hashes passwords at once"),
  JWT_SECRET: setting(
    text('').test('length', '${path} must be at least 32 bytes', (value) => !value || Buffer.byteLength(value) >= 32),
    'at least 32 bytes; required in production',
    'random, with a warning',
  ),
  JWT_TTL_S: setting(integer(3600, 60, 30 * 24 * 3600), 'access-token lifetime'),

  IDEMPOTENCY_TTL_S: setting(integer(86400, 1, 365 * 24 * 3600), 'how long a request_id replays its first reply'),
  RESERVATION_TIMEOUT_S: setting(integer(0, 0, 365 * 24 * 3600), 'reservations older than this are canceled as `expired`', '`0` (never)'),
  LIMIT_RAISE_DELAY_S: setting(integer(86400, 0, 365 * 24 * 3600), 'how long a raised, removed or re-periodized wallet limit waits before it applies (a lowered one applies at once)'),
  LEADERBOARD_PAYOUT_INTERVAL_S: setting(integer(10, 1, 3600), 'how often each worker looks for closed leaderboard periods whose rewards are still to pay'),
  LEADERBOARD_PAYOUT_GRACE_S: setting(integer(60, 0, 3600), 'how long after a leaderboard period ends its rewards wait before they are planned: covers score saves in flight and clocks that differ between processes (a save that arrives for a period already planned is refused, 409)'),
  SETTLED_RETENTION_S: setting(integer(3600, 0, 365 * 24 * 3600), 'how long settled transactions stay in Redis once MySQL holds them'),
  DEFAULT_CURRENCY: setting(
    text('EUR').matches(/^[A-Z]{3}$/, { message: '${path} must be 3 upper-case letters, as in EUR' }),
    'currency of top-ups that name none',
  ),

  MAX_UPLOAD_BYTES: setting(integer(5 * 1024 * 1024, 1, 1024 * 1024 * 1024), 'image upload limit'),
  UPLOAD_DIR: setting(text('uploads'), 'where images are stored (relative to the working directory)'),

  ADMIN_EMAIL: setting(
    text('').test('email', '${path} must be an email address', (value) => !value || EMAIL.test(value)),
    'the first admin, created at start-up when no account holds that email; with `ADMIN_PASSWORD` or not at all',
  ),
  ADMIN_PASSWORD: setting(
    text('').test('length', '${path} must be 8 to 256 characters', (value) => !value || (value.length >= 8 && value.length <= 256)),
    "the first admin's password; with `ADMIN_EMAIL` or not at all",
  ),

  SYNC_BATCH_SIZE: setting(integer(500, 1, 10000), 'moves (ledger rows) per BullMQ job, read from the outbox as whole entries (one call\'s moves in a partition, at most 32 each); MySQL takes them in transactions of at most 2,000 rows'),
  SYNC_CONCURRENCY: setting(integer(4, 1, 64), 'batches a worker applies at once'),
  SYNC_CLAIM_IDLE_MS: setting(
    integer(30000, 100, 3600000),
    'outbox entries pending this long with no live job to carry them (a relay died) are recovered',
  ),
  SYNC_MAX_QUEUED_BATCHES: setting(integer(256, 1, 100000), 'back-pressure: a relay reads no new outbox entries while this many batches wait or run'),
  SYNC_LINGER_MS: setting(
    integer(50, 0, 10000),
    'after a relay pass that found less than a batch, the wait before the next, so batches stay large under a light load (the sync lag grows by at most this)',
  ),
  AUDIT_SCORE_SAVES: setting(flag('true'), '`false` leaves leaderboard score saves out of the audit log (every other write is always audited)'),

  SERVICES_DATA_DIR: setting(text('.data'), 'where `services up` keeps the data of the servers it starts'),
  SHUTDOWN_GRACE_MS: setting(integer(10000, 0, 600000), 'how long in-flight work may take after SIGTERM; a stop still unfinished 10 s after that exits 1'),

  METRICS_ENABLED: setting(flag('true'), 'Prometheus metrics ([metrics.md](metrics.md)); `false` keeps none'),
  METRICS_HOST: setting(text('127.0.0.1'), "the address of the process's metrics port"),
  METRICS_PORT: setting(
    integer(0, 0, 65535),
    "the process's metrics port (`/metrics`, `/healthz`); 0: none. Outside production the HTTP role also serves `/metrics` on its own port; with `NODE_ENV=production` never, only here",
    '`0` (`9464` in production)',
  ),
};

type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;

/** The rules of every setting, as one yup object: load-config.ts validates the environment with it. */
export const envSchema = yup.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, { rule }]) => [name, rule])) as { [Name in SettingName]: Settings[Name]['rule'] },
);

export type RawEnv = yup.InferType<typeof envSchema>;

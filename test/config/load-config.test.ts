import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ConfigError, loadConfig, type Env } from '../../src/config';

function problemsOf(env: Env): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

test('an empty environment gives the documented defaults', (t) => {
  const config = loadConfig({}, '/srv/app');
  t.is(config.nodeEnv, 'development');
  t.is(config.redis.url, 'redis://127.0.0.1:6379');
  t.is(config.mysql.url, 'mysql://reservation:reservation@127.0.0.1:3306/reservation');
  t.is(config.mysql.database, 'reservation');
  t.is(config.grpc.port, 50051);
  t.is(config.http.port, 3000);
  t.is(config.http.publicBaseUrl, 'http://localhost:3000');
  t.deepEqual(config.grpc.authTokens, []);
  t.is(config.grpc.tls, null);
  t.is(config.grpc.maxMessageBytes, 2 * 1024 * 1024);
  t.is(config.auth.jwtTtlS, 3600);
  t.is(config.engine.idempotencyTtlS, 86400);
  t.is(config.engine.reservationTimeoutS, 0);
  t.is(config.engine.settledRetentionS, 3600);
  t.is(config.engine.defaultCurrency, 'EUR');
  t.is(config.uploads.maxBytes, 5 * 1024 * 1024);
  t.is(config.uploads.dir, '/srv/app/uploads');
  t.is(config.services.dataDir, '/srv/app/.data');
  t.is(config.queue.prefix, '{sync}');
  t.is(config.admin, null);
  t.deepEqual(config.redis.clusterNodes, []);
  t.deepEqual(config.metrics, { enabled: true, host: '127.0.0.1', port: 0, onApiPort: true });
});

test('in production metrics leave the API port: every role serves them on METRICS_PORT (9464 unless set), on 127.0.0.1 unless told', (t) => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) };
  t.deepEqual(loadConfig(production).metrics, { enabled: true, host: '127.0.0.1', port: 9464, onApiPort: false });
  t.deepEqual(loadConfig({ ...production, METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics, { enabled: true, host: '0.0.0.0', port: 9100, onApiPort: false });
});

test('REDIS_CLUSTER_NODES lists the seeds of a Redis Cluster', (t) => {
  const config = loadConfig({ REDIS_CLUSTER_NODES: ' 10.0.0.1:7000,redis-b:7001 ' });
  t.deepEqual(config.redis.clusterNodes, [{ host: '10.0.0.1', port: 7000 }, { host: 'redis-b', port: 7001 }]);
});

test('without JWT_SECRET outside production a random 32+ byte secret is made, with a warning', (t) => {
  const first = loadConfig({});
  const second = loadConfig({});
  t.true(Buffer.byteLength(first.auth.jwtSecret) >= 32);
  t.not(first.auth.jwtSecret, second.auth.jwtSecret);
  t.true(first.warnings.some((warning) => warning.includes('JWT_SECRET')));
});

test('values given are parsed and typed', (t) => {
  const config = loadConfig({
    GRPC_PORT: '6000',
    HTTP_PORT: '0',
    GRPC_AUTH_TOKENS: ' alpha, beta ,,',
    CORS_ORIGINS: 'https://a.example,https://b.example',
    PUBLIC_BASE_URL: 'https://api.example.com/',
    JWT_SECRET: 'x'.repeat(32),
    DEFAULT_CURRENCY: 'USD',
    RESERVATION_TIMEOUT_S: '30',
    ADMIN_EMAIL: 'root@example.com',
    ADMIN_PASSWORD: 'correct horse',
    REDIS_KEY_PREFIX: 'staging:',
  });
  t.is(config.grpc.port, 6000);
  t.is(config.http.port, 0);
  t.deepEqual(config.grpc.authTokens, ['alpha', 'beta']);
  t.deepEqual(config.http.corsOrigins, ['https://a.example', 'https://b.example']);
  t.is(config.http.publicBaseUrl, 'https://api.example.com');
  t.is(config.engine.defaultCurrency, 'USD');
  t.is(config.engine.reservationTimeoutS, 30);
  t.deepEqual(config.admin, { email: 'root@example.com', password: 'correct horse' });
  t.is(config.redis.keyPrefix, 'staging:');
  t.deepEqual(config.warnings, []);
});

test('the configuration is frozen, nested objects too', (t) => {
  const config = loadConfig({});
  t.true(Object.isFrozen(config));
  t.true(Object.isFrozen(config.grpc));
  t.true(Object.isFrozen(config.grpc.authTokens));
});

const badValues: Array<[string, Env, string]> = [
  ['a port that is not a number', { GRPC_PORT: 'abc' }, 'GRPC_PORT must be a whole number from 0 to 65535'],
  ['a port out of range', { HTTP_PORT: '70000' }, 'HTTP_PORT must be a whole number from 0 to 65535'],
  ['a negative number', { JWT_TTL_S: '-5' }, 'JWT_TTL_S must be a whole number'],
  ['a fraction', { IDEMPOTENCY_TTL_S: '1.5' }, 'IDEMPOTENCY_TTL_S must be a whole number'],
  ['a zero idempotency ttl', { IDEMPOTENCY_TTL_S: '0' }, 'IDEMPOTENCY_TTL_S must be a whole number from 1'],
  ['an upload limit of zero', { MAX_UPLOAD_BYTES: '0' }, 'MAX_UPLOAD_BYTES must be a whole number from 1'],
  ['a redis url of another scheme', { REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL must be a URL'],
  ['a redis url that is no url', { REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL'],
  ['a mysql url without database', { MYSQL_URL: 'mysql://u:p@localhost:3306' }, 'MYSQL_URL must name a database'],
  ['a postgres url', { MYSQL_URL: 'postgres://u:p@localhost/db' }, 'MYSQL_URL must be a URL'],
  ['a short JWT secret', { JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 bytes'],
  ['production without JWT secret', { NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production'],
  ['an unknown NODE_ENV', { NODE_ENV: 'prod' }, 'NODE_ENV must be one of development, test, production'],
  ['an unknown log level', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
  ['a lower-case currency', { DEFAULT_CURRENCY: 'eur' }, 'DEFAULT_CURRENCY must be 3 upper-case letters'],
  ['a four-letter currency', { DEFAULT_CURRENCY: 'EURO' }, 'DEFAULT_CURRENCY must be 3 upper-case letters'],
  ['a TLS cert without key', { GRPC_TLS_CERT: __filename }, 'GRPC_TLS_CERT and GRPC_TLS_KEY must be set together'],
  ['an unreadable TLS file', { GRPC_TLS_CERT: '/nope/c', GRPC_TLS_KEY: __filename }, 'GRPC_TLS_CERT names a file'],
  ['an admin email without password', { ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
  ['an admin email that is no email', { ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be an email'],
  ['a short admin password', { ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be 8 to 256'],
  ['a key prefix with braces', { REDIS_KEY_PREFIX: '{x}' }, 'REDIS_KEY_PREFIX must not contain braces'],
  ['a queue prefix without hash tag', { QUEUE_PREFIX: 'sync' }, 'QUEUE_PREFIX must be one Redis Cluster hash tag'],
  ['a public base URL of another scheme', { PUBLIC_BASE_URL: 'ftp://x' }, 'PUBLIC_BASE_URL must be an http or https URL'],
  ['cluster nodes that are not host:port', { REDIS_CLUSTER_NODES: '127.0.0.1:7000,redis://x' }, 'REDIS_CLUSTER_NODES must be a comma-separated list of host:port'],
  ['a token list with spaces inside a token', { GRPC_AUTH_TOKENS: 'a b,c' }, 'GRPC_AUTH_TOKENS must be a comma-separated'],
];

for (const [what, env, expected] of badValues) {
  test(`refuses ${what}`, (t) => {
    const error = t.throws(() => loadConfig(env), { instanceOf: ConfigError });
    t.true(
      error?.problems.some((problem) => problem.startsWith(expected)),
      `expected a problem starting with "${expected}", got ${JSON.stringify(error?.problems)}`,
    );
  });
}

test('every problem is listed at once, shape and cross-field rules together', (t) => {
  const problems = problemsOf({ GRPC_PORT: 'x', HTTP_PORT: '-1', DEFAULT_CURRENCY: 'e', GRPC_TLS_KEY: __filename });
  t.is(problems.length, 4);
  t.regex(problems.join('\n'), /GRPC_PORT/);
  t.regex(problems.join('\n'), /HTTP_PORT/);
  t.regex(problems.join('\n'), /DEFAULT_CURRENCY/);
  t.regex(problems.join('\n'), /GRPC_TLS_CERT and GRPC_TLS_KEY/);
});

test('an empty string counts as unset', (t) => {
  const config = loadConfig({ GRPC_PORT: '', DEFAULT_CURRENCY: '', REDIS_URL: '' });
  t.is(config.grpc.port, 50051);
  t.is(config.engine.defaultCurrency, 'EUR');
  t.is(config.redis.url, 'redis://127.0.0.1:6379');
});

test('TLS files that exist are accepted', (t) => {
  const dir = os.tmpdir();
  const cert = path.join(dir, `cert-${process.pid}.pem`);
  writeFileSync(cert, 'x');
  const config = loadConfig({ GRPC_TLS_CERT: cert, GRPC_TLS_KEY: cert });
  t.deepEqual(config.grpc.tls, { certPath: cert, keyPath: cert });
});

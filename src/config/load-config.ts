import { accessSync, constants } from 'node:fs';
import { ValidationError } from 'yup';
import { configFromSettings, type Config } from './config-shape';
import { splitList } from './env-rules';
import { envSchema, type RawEnv } from './settings';

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
  return deepFreeze(configFromSettings(raw, cwd, Boolean(env.METRICS_PORT)));
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

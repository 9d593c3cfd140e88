import type { LOG_LEVELS, NODE_ENVS } from './config-schema';

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly nodeEnv: NodeEnv;
  readonly logLevel: LogLevel;
  readonly redis: {
    readonly url: string;
    readonly keyPrefix: string;
    /** Seeds of a Redis Cluster; empty: the single server at `url`. */
    readonly clusterNodes: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  };
  readonly mysql: { readonly url: string; readonly database: string };
  readonly queue: { readonly prefix: string };
  readonly sync: { readonly batchSize: number; readonly concurrency: number; readonly claimIdleMs: number };
  readonly grpc: {
    readonly host: string;
    readonly port: number;
    readonly authTokens: readonly string[];
    readonly tls: { readonly certPath: string; readonly keyPath: string } | null;
    readonly maxMessageBytes: number;
  };
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly publicBaseUrl: string;
    readonly corsOrigins: readonly string[];
  };
  readonly auth: { readonly jwtSecret: string; readonly jwtTtlS: number };
  readonly engine: {
    readonly idempotencyTtlS: number;
    readonly reservationTimeoutS: number;
    readonly settledRetentionS: number;
    readonly defaultCurrency: string;
  };
  readonly uploads: { readonly dir: string; readonly maxBytes: number };
  readonly admin: { readonly email: string; readonly password: string } | null;
  readonly services: { readonly dataDir: string };
  readonly shutdownGraceMs: number;
  /** Things the operator should know, logged once at start-up (a generated JWT secret, say). */
  readonly warnings: readonly string[];
}

export { loadConfig, ConfigError, type Env } from './load-config';
export type { Config, LogLevel, NodeEnv } from './config-types';

export { loadConfig, ConfigError, type Env } from './load-config';
export type { Config, LogLevel, NodeEnv, RedisDurability, RedisSentinelTarget } from './config-shape';

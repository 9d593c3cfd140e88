import type { Config } from '../config';
import { ensureMysql, stopMysql } from './local-mysql';
import { ensureRedis, stopRedis, type ServiceAction } from './local-redis';
import type { Log } from './process-tools';

export interface ServicesOutcome {
  readonly redis: ServiceAction;
  readonly mysql: ServiceAction;
}

type ServicesConfig = Pick<Config, 'redis' | 'mysql' | 'services'>;

/**
 * Makes Redis and MySQL answer at the configured URLs: uses what already answers, starts the rest
 * (installing the Debian packages when needed). Safe to run any number of times.
 */
export async function ensureLocalServices(config: ServicesConfig, log: Log): Promise<ServicesOutcome> {
  // One after the other: both may need apt-get, which holds a lock. A Redis Cluster is used as it is.
  let redis: ServiceAction = 'reused';
  if (config.redis.clusterNodes.length > 0) log('redis: using the Redis Cluster of REDIS_CLUSTER_NODES as it is');
  else redis = await ensureRedis(config.redis.url, config.services.dataDir, log);
  const mysql = await ensureMysql(config.mysql.url, config.services.dataDir, log);
  return { redis, mysql };
}

/** Stops the servers this tool started for these URLs; servers it did not start are left alone. */
export async function stopLocalServices(config: ServicesConfig): Promise<{ redis: boolean; mysql: boolean }> {
  const [redis, mysql] = await Promise.all([
    stopRedis(config.redis.url, config.services.dataDir),
    stopMysql(config.mysql.url, config.services.dataDir),
  ]);
  return { redis, mysql };
}

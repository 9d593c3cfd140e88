import { Cluster } from 'ioredis';
import type { RedisDurability } from '../../src/config/config-types';
import { startLocalCluster, type LocalCluster, type LocalClusterOptions } from '../../src/local-services/local-cluster';
import { createRoleRedis, type RedisRole } from '../../src/redis/redis-client';

export interface TestCluster extends Pick<LocalCluster, 'signal' | 'restart' | 'masters'> {
  readonly ports: readonly number[];
  /** A cluster client; `keyPrefix` as for the single-node tests. */
  client(keyPrefix?: string): Cluster;
  /** The cluster client a role runs on in production (createRoleRedis with REDIS_CLUSTER_NODES). */
  roleClient(role: RedisRole, keyPrefix?: string, durability?: RedisDurability): Cluster;
  stop(): Promise<void>;
}

/** Starts a 3-master Redis Cluster (replicas when asked) on spare local ports; stop() removes it all. */
export async function startRedisCluster(options: LocalClusterOptions = {}): Promise<TestCluster> {
  const local = await startLocalCluster({ masters: 3, ...options });
  const { ports, stop } = local;
  const nodes = ports.map((port) => ({ host: '127.0.0.1', port }));
  return {
    ports,
    signal: local.signal,
    restart: local.restart,
    masters: local.masters,
    client: (keyPrefix = '') => new Cluster(nodes, { keyPrefix, redisOptions: { maxRetriesPerRequest: 2 } }),
    roleClient: (role, keyPrefix = '', durability) => createRoleRedis({ url: 'redis://127.0.0.1', clusterNodes: nodes, keyPrefix, role, durability }) as Cluster,
    stop,
  };
}

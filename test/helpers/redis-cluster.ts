import { Cluster } from 'ioredis';
import { startLocalCluster } from '../../src/local-services/local-cluster';
import { createRoleRedis, type RedisRole } from '../../src/redis/redis-client';

export interface TestCluster {
  readonly ports: readonly number[];
  /** A cluster client; `keyPrefix` as for the single-node tests. */
  client(keyPrefix?: string): Cluster;
  /** The cluster client a role runs on in production (createRoleRedis with REDIS_CLUSTER_NODES). */
  roleClient(role: RedisRole, keyPrefix?: string): Cluster;
  stop(): Promise<void>;
}

/** Starts a 3-master Redis Cluster from redis-server on spare local ports; stop() removes it all. */
export async function startRedisCluster(): Promise<TestCluster> {
  const { ports, stop } = await startLocalCluster(3);
  const nodes = ports.map((port) => ({ host: '127.0.0.1', port }));
  return {
    ports,
    client: (keyPrefix = '') => new Cluster(nodes, { keyPrefix, redisOptions: { maxRetriesPerRequest: 2 } }),
    roleClient: (role, keyPrefix = '') => createRoleRedis({ url: 'redis://127.0.0.1', clusterNodes: nodes, keyPrefix, role }) as Cluster,
    stop,
  };
}

import { randomBytes } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import { Cluster } from 'ioredis';
import type { RedisDurability } from '../../src/config';
import { startLocalCluster, type LocalCluster, type LocalClusterOptions } from '../../src/local-services/local-cluster';
import { createRoleRedis, type RedisRole } from '../../src/redis/redis-client';
import { startCliProcess } from './cli-process';
import { createTestDatabase, type TestDatabase } from './mysql';

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

export interface ClusterDeployment {
  readonly cluster: TestCluster;
  readonly database: TestDatabase;
  /** A plain cluster client without a key prefix, as the roles see the keys. */
  readonly client: Cluster;
  /** What a role or the CLI needs to run on this cluster and database (a queue prefix of its own). */
  readonly env: Record<string, string>;
}

/**
 * A cluster, a database of the test's own and `migrate` run against both through the CLI, as an
 * operator would deploy the roles on a Redis Cluster; all removed when the test ends.
 */
export async function migratedClusterDeployment(t: ExecutionContext, options: LocalClusterOptions = {}, extraEnv: Record<string, string> = {}): Promise<ClusterDeployment> {
  const cluster = await startRedisCluster(options);
  const database = await createTestDatabase({ migrate: true });
  const client = cluster.client('');
  t.teardown(async () => {
    client.disconnect();
    await cluster.stop();
    await database.drop();
  });
  const env = {
    MYSQL_URL: database.url,
    REDIS_CLUSTER_NODES: cluster.ports.map((port) => `127.0.0.1:${port}`).join(','),
    QUEUE_PREFIX: `{tc${randomBytes(4).toString('hex')}}`,
    ...extraEnv,
  };
  const migrated = await startCliProcess(['migrate'], env);
  t.is(await migrated.exit, 0, migrated.lines.join('\n'));
  return { cluster, database, client, env };
}

import anyTest, { type TestFn } from 'ava';
import type { Cluster } from 'ioredis';
import { createEngine, type Engine } from '../helpers/engine';
import { startRedisCluster, type TestCluster } from '../helpers/redis-cluster';
import { registerEngineTests } from './engine-suite';

// The same engine tests, on a 3-master Redis Cluster started for this file and removed after it.
const test = anyTest as TestFn<{ engine: Engine }>;
let cluster: TestCluster;
let client: Cluster;

test.before(async (t) => {
  cluster = await startRedisCluster();
  client = cluster.client('test:');
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', reject);
  });
  t.context.engine = createEngine(client);
});
test.after.always(async () => {
  client?.disconnect();
  await cluster?.stop();
});

registerEngineTests(test);

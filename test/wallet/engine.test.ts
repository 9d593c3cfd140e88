import anyTest, { type TestFn } from 'ava';
import { createEngine, type Engine } from '../helpers/engine';
import { createTestRedis, type TestRedis } from '../helpers/redis';
import { registerBatchTests } from './batch-suite';
import { registerControlsTests } from './controls-suite';
import { registerEngineTests } from './engine-suite';

const test = anyTest as TestFn<{ engine: Engine }>;
let redis: TestRedis;

test.before(async (t) => {
  redis = await createTestRedis('grpc');
  t.context.engine = createEngine(redis.redis);
});
test.after.always(async () => {
  await redis?.cleanup();
});

registerEngineTests(test);
registerControlsTests(test);
registerBatchTests(test);

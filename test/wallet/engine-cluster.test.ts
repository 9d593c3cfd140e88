import anyTest, { type TestFn } from 'ava';
import clusterKeySlot from 'cluster-key-slot';
import type { Cluster } from 'ioredis';
import type { RedisDurability } from '../../src/config';
import { AppError } from '../../src/errors';
import { createDurableAck } from '../../src/redis/durable-ack';
import { callEngineFunction } from '../../src/redis/engine-functions';
import { createRedisClient } from '../../src/redis/redis-client';
import { redisReady } from '../../src/redis/redis-ready';
import type { ScriptReply } from '../../src/redis/script-registry';
import { keys, walletAddress } from '../../src/redis/wallet-keys';
import { scriptCalls } from '../../src/wallet/script-calls';
import { coalescedOperations } from '../../src/grpc/unary-coalescer';
import { createEngine, type Engine } from '../helpers/engine';
import { startRedisCluster, type TestCluster } from '../helpers/redis-cluster';
import { registerBatchTests } from './batch-suite';
import { registerClusterLoadTests } from './cluster-load-suite';
import { registerControlsTests } from './controls-suite';
import { registerEngineTests } from './engine-suite';

// The same engine tests, on a 3-master Redis Cluster with a replica each, started for this file and
// removed after it, through the client the gRPC role runs on in production (auto-pipelining, no offline
// queue, no resend) with REDIS_DURABILITY=replicated: every move waits for its master's replica.
const test = anyTest as TestFn<{ engine: Engine }>;
const REPLICATED: RedisDurability = { mode: 'replicated', replicas: 1, timeoutMs: 2000 };
let cluster: TestCluster;
let client: Cluster;

test.before(async (t) => {
  cluster = await startRedisCluster({ replicas: 1 });
  client = cluster.roleClient('grpc', 'test:', REPLICATED);
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', reject);
  });
  t.context.engine = createEngine(client, { durableAck: createDurableAck(REPLICATED) });
});
test.after.always(async () => {
  client?.disconnect();
  await cluster?.stop();
});

registerEngineTests(test);
registerControlsTests(test);
registerBatchTests(test);
registerClusterLoadTests(test);

test.serial('coalesced unary calls: a master that does not answer fails the calls of its partitions only, as each alone would have', async (t) => {
  // Serial: the other tests of this file run after it, not while one master is paused.
  const { engine } = t.context;
  const paused = createRedisClient({ url: `redis://127.0.0.1:${cluster.ports[0]}`, role: 'cli' });
  t.teardown(async () => {
    await paused.call('CLIENT', 'UNPAUSE').catch(() => undefined);
    paused.disconnect();
  });
  const slots = await paused.cluster('SLOTS');
  const onPaused = (w: { userId: string; gameId: string; currency: string }) => {
    const slot = clusterKeySlot(keys.wallet(walletAddress(w.userId, w.gameId, w.currency))); // its partition's hash tag decides
    return slots.some(([start, end, master]) => master?.[1] === cluster.ports[0] && slot >= start && slot <= end);
  };
  const targets = Array.from({ length: 24 }, () => engine.newWallet());
  for (const target of targets) await engine.fund(target, 100);
  t.true(targets.some(onPaused) && !targets.every(onPaused), 'wallets on the paused master and on others');
  const coalesced = coalescedOperations(engine.wallet, { windowMs: 0, maxItems: 100 });
  await paused.call('CLIENT', 'PAUSE', '4000', 'WRITE'); // its calls time out (the role's client gives up after 1 s)
  const answers = await Promise.allSettled(targets.map((target) => coalesced.reserve({ ...target, requestId: 'r', roundId: 'x', amount: '10' })));
  answers.forEach((answer, i) => {
    if (onPaused(targets[i]!)) t.true(answer.status === 'rejected' && answer.reason instanceof AppError && answer.reason.code === 'UNAVAILABLE', `wallet ${i} (paused master)`);
    else t.like(answer, { status: 'fulfilled', value: { status: 'reserved', availableBalance: '90' } }, `wallet ${i}`);
  });
});

test('a cluster redirection (MOVED) that reaches the engine is UNAVAILABLE and nothing moves', async (t) => {
  // A client of one node, not of the cluster: it does not follow redirections, so a wallet whose slot
  // another node serves gets MOVED, as a redirection ioredis does not retry would reach the caller.
  const node = createRedisClient({ url: `redis://127.0.0.1:${cluster.ports[0]}`, keyPrefix: 'test:', role: 'grpc' });
  t.teardown(() => node.disconnect());
  t.true(await redisReady(node, 5000));
  const slots = await node.cluster('SLOTS');
  const servedHere = (slot: number) => slots.some(([start, end, master]) => master?.[1] === cluster.ports[0] && slot >= start && slot <= end);
  let target = t.context.engine.newWallet();
  const slotOf = async (w: typeof target) => Number(await node.cluster('KEYSLOT', keys.wallet(walletAddress(w.userId, w.gameId, w.currency))));
  while (servedHere(await slotOf(target))) target = t.context.engine.newWallet();
  await t.context.engine.fund(target, 100);
  const before = await t.context.engine.state(target);
  const error = await t.throwsAsync(createEngine(node).wallet.reserve({ ...target, requestId: 'r1', roundId: 'x', amount: '10' }), { instanceOf: AppError });
  t.is(error?.code, 'UNAVAILABLE');
  t.regex(error?.message ?? '', /MOVED/);
  t.deepEqual(await t.context.engine.state(target), before);
});

test('function calls through the cluster client itself (as before the store knows the masters) are never pipelined across masters', async (t) => {
  // The cluster client auto-pipelines by the slot of a command's first key; for FCALL it finds the keys
  // after the key count (ioredis knows FCALL's key positions), so calls of different masters never share
  // a pipeline, which the cluster would refuse. This guards that: the function's name is no key.
  const at = { nowMs: Date.now(), idempotencyTtlS: 600 };
  const replies = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => {
    const target = t.context.engine.newWallet();
    const wallet = walletAddress(target.userId, target.gameId, target.currency);
    return callEngineFunction<ScriptReply>(client, 'topup', scriptCalls.topup(wallet, { ...target, amount: String(i + 1), comment: '' }, at));
  }));
  const refused = replies.filter((reply) => reply.status === 'rejected').map((reply) => String((reply as PromiseRejectedResult).reason));
  t.deepEqual(refused.slice(0, 3), [], `${refused.length} of 300 refused`);
  t.true(replies.every((reply) => reply.status === 'fulfilled' && reply.value[0] === 'OK'));
});

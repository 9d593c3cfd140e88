import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { createReservationClient } from '../../client/src';
import { waitUntil } from '../../src/local-services/process-tools';
import { startCliProcess } from '../helpers/cli-process';
import { freePort } from '../helpers/ports';
import { createTestRedis } from '../helpers/redis';

const run = promisify(execFile);

/** The pids of a process's children. */
async function children(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').map((line) => Number(line.trim())).filter((n) => n > 0);
}

test('serve --roles grpc --processes 2: two processes share the port, their metrics are summed, a dead one is replaced, SIGTERM stops all', async (t) => {
  const redis = await createTestRedis();
  t.teardown(redis.cleanup);
  const metricsPort = await freePort();
  const started = await startCliProcess(['serve', '--roles', 'grpc', '--processes', '2'], { REDIS_KEY_PREFIX: redis.prefix, METRICS_PORT: String(metricsPort) });
  t.teardown(() => void started.child.kill('SIGKILL'));
  const primary = started.child.pid!;
  t.truthy(started.addresses.grpc, started.lines.join('\n'));
  // A deadline, not a wait: on a loaded 2-core machine (the whole suite at once) two workers can take over 10 s to start.
  await waitUntil('two gRPC processes under the primary', async () => (await children(primary)).length === 2, 30_000);
  const workers = await children(primary);

  // Eight clients, each on its own connection: the primary hands connections to the workers in turn.
  const callThrough = async (clients: number) => {
    const opened = Array.from({ length: clients }, () =>
      createReservationClient({ address: started.addresses.grpc!, batching: false, channelOptions: { 'grpc.use_local_subchannel_pool': 1 } }),
    );
    const replies = await Promise.all(opened.map((client, i) => client.reserve({ userId: `u${i}`, gameId: 'g', currency: 'EUR', roundId: 'r', amount: 1 })));
    await Promise.all(opened.map((client) => client.close()));
    return replies;
  };
  const replies = await callThrough(8);
  t.true(replies.every((reply) => reply.status === 'rejected'), 'unfunded wallets: every call answered');

  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const reserves = [...metrics.matchAll(/^reservation_grpc_calls_total\{[^}]*method="Reserve"[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  t.is(reserves, 8, 'the primary sums the workers\' call counters');

  process.kill(workers[0]!, 'SIGKILL');
  await waitUntil('a new worker', async () => {
    const now = await children(primary);
    return now.length === 2 && !now.includes(workers[0]!);
  }, 20_000);
  t.true((await callThrough(4)).every((reply) => reply.status === 'rejected'), 'still serving after a worker died');

  const survivors = await children(primary);
  started.child.kill('SIGTERM');
  t.is(await started.exit, 0);
  for (const pid of survivors) t.throws(() => process.kill(pid, 0), undefined, `worker ${pid} is gone`);
});

test('--processes above 1 is refused for roles other than grpc, naming the rule', async (t) => {
  const started = await startCliProcess(['serve', '--roles', 'grpc,http', '--processes', '2']);
  t.is(await started.exit, 2);
  t.regex(started.lines.join('\n'), /--processes above 1 serves the grpc role alone: use --roles grpc/);
});

test('with --processes 2, workers that refuse to start (Redis never migrated) end the command non-zero, naming migrate, without starting again', async (t) => {
  const started = await startCliProcess(['serve', '--roles', 'grpc', '--processes', '2'], { REDIS_KEY_PREFIX: `test:unmigrated:${process.pid}:${Date.now()}:`, METRICS_PORT: '0' });
  t.not(await started.exit, 0);
  const output = started.lines.join('\n');
  t.regex(output, /migrate/);
  t.regex(output, /before it listened/);
});

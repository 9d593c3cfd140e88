import { mkdtempSync, rmSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import Redis from 'ioredis';
import { startReplicatedTopology } from '../../src/local-services/local-replicated';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { createRedisClient } from '../../src/redis/redis-client';
import { until } from '../helpers/until';

// Found by `npm run nemesis`: a gRPC process whose primary died asked the Sentinels for the new one;
// while it waited, ioredis' failover detector (still subscribed from the connection before) heard
// +switch-master and closed the connector, and ioredis ended the client for good: every call after
// was UNAVAILABLE. Here the Sentinel the client asks first is stopped, so the question hangs while
// another Sentinel fails over; then it answers. The client must end up on the new primary.
test('a Sentinel client told of a failover while it asks the Sentinels for the primary connects again (ioredis alone ends it for good)', async (t) => {
  t.timeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-client-'));
  const topology = await startReplicatedTopology({ binaries: findStoreBinaries()!, dir });
  const [asked, other] = topology.sentinelPorts as [number, number];
  const sentinel = new Redis({ port: other, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  sentinel.on('error', () => undefined);
  const client = createRedisClient({ url: 'redis://127.0.0.1', role: 'grpc', sentinel: { name: topology.name, sentinels: topology.sentinelPorts.map((port) => ({ host: '127.0.0.1', port })) } });
  client.on('error', () => undefined);
  t.teardown(async () => {
    topology.signal(asked, 'SIGCONT');
    client.disconnect();
    sentinel.disconnect();
    await topology.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const named = async () => Number(((await sentinel.call('SENTINEL', 'get-master-addr-by-name', topology.name)) as string[])[1]);
  const before = await named();
  await until('the client is connected', async () => client.status === 'ready', 20_000, 50);
  await until('its failover detector listens on every Sentinel', async () => {
    const clients = (await sentinel.call('CLIENT', 'LIST')) as string;
    return /\bsub=1\b/.test(clients);
  }, 20_000, 50);

  topology.signal(asked, 'SIGSTOP');
  (client as unknown as { stream: net.Socket }).stream.destroy();
  await until('the client asks the Sentinels again', async () => client.status === 'connecting', 10_000, 20);
  await sentinel.call('SENTINEL', 'FAILOVER', topology.name);
  await until('another primary is named', async () => (await named()) !== before, 30_000, 100);
  topology.signal(asked, 'SIGCONT');

  // The Sentinel let go may name the old primary for a moment (it has not seen the failover yet): the
  // client then follows the next +switch-master or the old primary's turn to replica.
  await until('the client is connected to the primary the Sentinels name', async () => client.status === 'ready' &&
    (await client.ping().catch(() => null)) === 'PONG' && (client as unknown as { stream: net.Socket }).stream.remotePort === (await named()), 30_000, 100);
  t.not(await named(), before);
});

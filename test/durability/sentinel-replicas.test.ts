import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { RedisDurability } from '../../src/config';
import { AppError } from '../../src/errors';
import { startReplicatedTopology } from '../../src/local-services/local-replicated';
import { runCommand, waitUntil } from '../../src/local-services/process-tools';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { createDurableAck } from '../../src/redis/durable-ack';
import { watchPromotableReplicas } from '../../src/redis/sentinel-replicas';
import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import { markMigrated } from '../helpers/redis';

// Behind Sentinel a move waits for every replica a Sentinel could promote, attached to the primary or
// not (src/redis/sentinel-replicas.ts): one that is not attached (Sentinel still re-pointing it after a
// failover, say) could be promoted by a Sentinel that has not seen the failover, and would lack the move.
test('a replica Sentinel could promote holds acknowledgements while it is not attached to the primary, and no more once it is back; a dead one holds them no more', async (t) => {
  t.timeout(120_000);
  const binaries = findStoreBinaries()!;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-replicas-'));
  const topology = await startReplicatedTopology({ binaries, dir });
  t.teardown(async () => {
    await topology.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const sentinel = { sentinels: topology.sentinelPorts.map((port) => ({ host: '127.0.0.1', port })), name: topology.name };
  const durability: RedisDurability = { mode: 'replicated', replicas: 1, timeoutMs: 500 };
  const redis = createRedisClient({ url: 'redis://127.0.0.1', role: 'grpc', sentinel, durability });
  t.teardown(() => redis.disconnect());
  await waitUntil('the engine connected', async () => redis.status === 'ready', 20_000);
  await markMigrated(redis);
  // The count alone, without the roles' fence (replica-fencing.ts): the fence would lower the detached
  // replica's priority (its link is down), and then rightly stop counting it, racing the first top-up.
  const promotable = watchPromotableReplicas(sentinel);
  t.teardown(() => promotable.stop());
  const wallet = createWalletService({ store: createWalletStore(redis, { durableAck: createDurableAck(durability, { promotable }) }), idempotencyTtlS: 3600 });
  const w = { userId: 'player', gameId: 'game', currency: 'EUR' };

  // Before this process ever saw the primary with both (so no grace for a departed replica applies).
  const primary = await topology.primaryPort();
  const [, detached] = topology.dataPorts.filter((port) => port !== primary) as [number, number];
  const cli = (port: number, ...args: string[]) => runCommand(binaries.cli, ['-p', String(port), ...args]);
  await cli(detached, 'REPLICAOF', '127.0.0.1', '1'); // alive, a replica still, attached to nothing
  await waitUntil('the primary lost it', async () => !(await redis.info('replication')).includes(`port=${detached},`), 10_000);

  const held = await t.throwsAsync(wallet.topup({ ...w, amount: '5', comment: '', idempotencyKey: 'while-detached' }));
  t.is((held as AppError).code, 'UNAVAILABLE', String(held));
  t.regex(held!.message, /of the 2 asked for/);

  await cli(detached, 'REPLICAOF', '127.0.0.1', String(primary));
  await waitUntil('acknowledged again', async () => {
    const reply = await wallet.topup({ ...w, amount: '5', comment: '', idempotencyKey: 'while-detached' }).catch(() => null);
    return reply !== null;
  }, 30_000);
  const onDetached = createRedisClient({ url: `redis://127.0.0.1:${detached}`, role: 'cli' });
  t.teardown(() => onDetached.disconnect());
  t.deepEqual(await createWalletService({ store: createWalletStore(onDetached), idempotencyTtlS: 3600 }).balance('player', 'game', 'EUR'),
    { availableBalance: '5', reservedBalance: '0' }, 'the acknowledged top-up is on the replica that held it up');

  // A replica that dies is no longer one a Sentinel could promote (s_down): moves go on with the other.
  onDetached.disconnect();
  topology.signal(detached, 'SIGKILL');
  await waitUntil('acknowledged with one replica', async () => {
    const reply = await wallet.topup({ ...w, amount: '7', comment: '', idempotencyKey: 'after-death' }).catch(() => null);
    return reply !== null;
  }, 30_000);
  t.is((await wallet.balance('player', 'game', 'EUR')).availableBalance, '12');
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import Redis from 'ioredis';
import { startReplicatedTopology } from '../../src/local-services/local-replicated';
import { findStoreBinaries } from '../../src/local-services/store-binaries';
import { FENCE_NOTE_KEY, startReplicaFencing } from '../../src/redis/replica-fencing';
import { sentinelPeriods, TUNED_SENTINEL_PERIODS } from '../../src/redis/sentinel-periods';
import { fieldsOf } from '../../src/redis/sentinel-replicas';
import { until } from '../helpers/until';


/** The local replicated topology with the roles' fence running over it; every connection closed and every node stopped at the end. */
async function fencedTopology(
  t: ExecutionContext, log: (line: string) => void,
  options: { downAfterMs?: number; fence?: Partial<Parameters<typeof startReplicaFencing>[1]> } = {},
) {
  t.timeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'replica-fencing-'));
  const topology = await startReplicatedTopology({ binaries: findStoreBinaries()!, dir, downAfterMs: options.downAfterMs });
  const clients: Redis[] = [];
  const connect = (port: number) => {
    const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };
  const fencing = startReplicaFencing({ name: topology.name, sentinels: topology.sentinelPorts.map((port) => ({ host: '127.0.0.1', port })) }, { url: 'redis://127.0.0.1', log, ...options.fence });
  t.teardown(async () => {
    fencing.stop();
    for (const client of clients) client.disconnect();
    await topology.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { topology, connect, fencing };
}

// Issue 48 §2: fencing is the roles' job. A replica is killed, the primary moves on past its backlog,
// and the replica is restarted the naive way (its AOF, `--replicaof` the primary, its normal priority,
// nobody lowering it). The next failover must not promote it before its sync, even though Sentinel
// would rank it first (the other replica is given a worse priority, 150).
test('a node restarted the naive way is fenced by the roles until it is in sync: the next failover promotes the replica that holds every move', async (t) => {
  const { topology, connect } = await fencedTopology(t, (line) => t.log(line));
  const sentinels = topology.sentinelPorts.map(connect);
  const priorityInEverySentinel = async (port: number) => {
    const views = await Promise.all(sentinels.map(async (sentinel) => ((await sentinel.call('SENTINEL', 'replicas', topology.name)) as string[][]).map(fieldsOf)));
    return views.map((replicas) => replicas.find((r) => r.port === String(port))?.['slave-priority'] ?? 'unknown');
  };
  const priorityOf = async (client: Redis) => ((await client.config('GET', 'replica-priority')) as string[])[1];

  const primaryPort = await topology.primaryPort();
  const [restarted, other] = topology.dataPorts.filter((port) => port !== primaryPort) as [number, number];
  const primary = connect(primaryPort);
  await connect(other).config('SET', 'replica-priority', '150');
  await until('every Sentinel ranks the other replica behind', async () => (await priorityInEverySentinel(other)).every((p) => p === '150'), 30_000, 200);
  // A full sync that waits 30 s (the failover comes first): the restarted node cannot catch up by a partial resync (small backlog).
  await primary.config('SET', 'repl-backlog-size', '16384');
  await primary.config('SET', 'repl-diskless-sync-delay', '30');

  topology.signal(restarted, 'SIGKILL');
  await until('the Sentinels see it down', async () => {
    const views = await Promise.all(sentinels.map(async (s) => ((await s.call('SENTINEL', 'replicas', topology.name)) as string[][]).map(fieldsOf)));
    return views.every((replicas) => /s_down/.test(replicas.find((r) => r.port === String(restarted))?.flags ?? ''));
  }, 20_000, 100);
  for (let i = 0; i < 200; i += 1) await primary.set(`moved-on-${i}`, 'x'.repeat(1024)); // past the backlog
  await topology.restart(restarted); // the naive way
  const back = connect(restarted);

  await until('the roles fence it', async () => (await priorityOf(back).catch(() => '')) === '0', 10_000);
  // A Sentinel reads a node's INFO every 10 s (every second while its link is down).
  await until('every Sentinel sees it fenced', async () => (await priorityInEverySentinel(restarted)).every((p) => p === '0'), 25_000, 100);
  const info = await back.info('replication');
  t.true(info.includes('master_sync_in_progress:1') || !info.includes('master_link_status:up'), `still syncing when the failover starts:\n${info}`);

  topology.signal(primaryPort, 'SIGKILL');
  await until('a replica promoted', async () => (await topology.primaryPort().catch(() => primaryPort)) !== primaryPort, 60_000, 100);
  t.is(await topology.primaryPort(), other, 'the replica that held every move, not the one restarted');
  t.is(await connect(other).get('moved-on-199'), 'x'.repeat(1024));

  await until('the restarted node, in sync with the new primary, gets its priority back', async () => (await priorityOf(back).catch(() => '')) === '100', 60_000, 100);
  t.is(await back.get('moved-on-199'), 'x'.repeat(1024), 'it holds what the primary it missed wrote');
  t.is(await connect(other).hexists(FENCE_NOTE_KEY, `127.0.0.1:${restarted}`), 0, 'the note of its priority is gone');
});

// A cut-off primary that resumes takes itself for a primary until Sentinel converts it, some 8 s later;
// the roles fence it meanwhile and until it has caught up with the promoted primary.
test('a cut-off primary that resumes is fenced by the roles until Sentinel has made it a replica of the promoted one and it has caught up', async (t) => {
  const lines: string[] = [];
  const { topology, connect } = await fencedTopology(t, (line) => void lines.push(line));
  const oldPrimary = await topology.primaryPort();
  const resumed = connect(oldPrimary);
  await resumed.set('before-the-cut', '1');
  topology.signal(oldPrimary, 'SIGSTOP');
  await until('a replica promoted', async () => (await topology.primaryPort().catch(() => oldPrimary)) !== oldPrimary, 60_000, 100);
  const promoted = await topology.primaryPort();
  // Just promoted, it refuses writes (min-replicas-to-write) until Sentinel has pointed the other replica at it.
  await until('the promoted primary takes writes', () => connect(promoted).set('after-the-cut', '1').then(() => true, (error: Error) => {
    if (error.message.startsWith('NOREPLICAS')) return false;
    throw error;
  }), 30_000, 50);
  topology.signal(oldPrimary, 'SIGCONT');
  const resumedAt = Date.now();
  await until('the resumed node replicates the promoted one', async () => {
    const info = await resumed.info('replication').catch(() => '');
    return info.includes('role:slave') && info.includes(`master_port:${promoted}`) && info.includes('master_link_status:up');
  }, 30_000, 50);
  t.log(`a replica of :${promoted}, link up, ${Date.now() - resumedAt} ms after it resumed`);
  t.true(lines.some((line) => line.includes(`127.0.0.1:${oldPrimary} may hold old data`)), 'fenced while it held old data');
  await until('its priority back once caught up', async () => ((await resumed.config('GET', 'replica-priority').catch(() => ['', ''])) as string[])[1] === '100', 30_000, 100);
  t.is(await resumed.get('after-the-cut'), '1', 'it holds what the promoted primary wrote');
});

// The fence must never leave a failover without a replica to promote (review of issue 48): with the
// primary gone and every replica at priority 0, a replica that holds all the primary had at the roles'
// last look is released.
test('with the primary gone and every replica fenced, a replica that holds all the primary had is released and promoted', async (t) => {
  const lines: string[] = [];
  const { topology, connect, fencing } = await fencedTopology(t, (line) => void lines.push(line));
  const primaryPort = await topology.primaryPort();
  const primary = connect(primaryPort);
  await primary.set('held', '1');
  const replicas = topology.dataPorts.filter((port) => port !== primaryPort);
  for (const port of replicas) await connect(port).config('SET', 'replica-priority', '0');
  await fencing.check();
  await fencing.check(); // the roles have seen the primary's position
  topology.signal(primaryPort, 'SIGKILL');
  await until('a replica promoted', async () => (await topology.primaryPort().catch(() => primaryPort)) !== primaryPort, 60_000, 100);
  const promoted = await topology.primaryPort();
  t.true(replicas.includes(promoted));
  t.is(await connect(promoted).get('held'), '1');
  t.true(lines.some((line) => line.includes('the primary is gone and no replica was promotable')), lines.join('\n'));
});

// A fence is in a Sentinel's view only once it reads the node's INFO again, and a resumed primary is
// turned into a replica four PUBLISH periods after it reports itself one: the roles set every
// Sentinel's periods to half a second, and again after a restart brings back the defaults. The count
// follows what each Sentinel runs on (sentinel-periods.ts).
test('the roles set every Sentinel\'s PING, INFO and PUBLISH periods, and set them again after a Sentinel restarts', async (t) => {
  const { topology, connect } = await fencedTopology(t, (line) => t.log(line));
  const sentinels = topology.sentinelPorts.map(connect);
  const everyTuned = async () => (await Promise.all(sentinels.map(sentinelPeriods)))
    .every((periods) => JSON.stringify(periods) === JSON.stringify(TUNED_SENTINEL_PERIODS));
  await until('every Sentinel runs on the tuned periods', everyTuned, 10_000, 100);

  const [restarted] = topology.sentinelPorts as [number];
  topology.signal(restarted, 'SIGKILL');
  await topology.restartSentinel(restarted);
  const fresh = connect(restarted);
  await until('the restarted Sentinel answers', async () => (await fresh.ping().catch(() => null)) === 'PONG', 20_000, 100);
  await until('the roles tune it again', async () => (await sentinelPeriods(fresh)).infoMs === TUNED_SENTINEL_PERIODS.infoMs, 10_000, 100);
  t.true(await everyTuned());
});

// A primary restarted at the same address (a process restart, faster than Sentinel's down-after) comes
// back with a new replication history. A suspect replica that syncs with it is compared with the mark
// the previous look took: that mark names the old history, so however far the replica's offset has
// gone, it is not "caught up" until a look has taken a mark of the new one.
test('after a primary restarts at the same address with a new replication id, a replica of the new history stays fenced until a new mark is taken', async (t) => {
  // Looks only when the test asks, on a clock that stands still (every mark fresh: a look measures by the one before).
  const { topology, connect, fencing } = await fencedTopology(t, (line) => t.log(line), {
    downAfterMs: 60_000, fence: { pollMs: 3_600_000, events: false, clock: () => 1_000_000 },
  });
  const primaryPort = await topology.primaryPort();
  const [suspect] = topology.dataPorts.filter((port) => port !== primaryPort) as [number, number];
  const primary = connect(primaryPort);
  const replica = connect(suspect);
  const field = (info: string, name: string) => new RegExp(`${name}:(\\S+)`).exec(info)?.[1] ?? '';
  const priority = async () => ((await replica.config('GET', 'replica-priority')) as string[])[1];
  const sentinels = topology.sentinelPorts.map(connect);
  await until('every Sentinel knows the replica', async () => (await Promise.all(sentinels.map(async (sentinel) =>
    ((await sentinel.call('SENTINEL', 'replicas', topology.name)) as string[][]).map(fieldsOf).some((r) => r.port === String(suspect))))).every(Boolean), 30_000, 100);
  await fencing.check(); // the fence has seen it answer

  topology.signal(suspect, 'SIGSTOP'); // it stops answering: suspect from the next look on
  await fencing.check();
  await fencing.check(); // the mark of the old history, taken while the suspect cannot be fenced
  const oldHistory = field(await primary.info('replication'), 'master_replid');
  await topology.restart(primaryPort); // the same address, before any Sentinel thinks it down
  await waitUntilReady(primary);
  t.not(field(await primary.info('replication'), 'master_replid'), oldHistory, 'the restarted primary has a new replication id');
  topology.signal(suspect, 'SIGCONT');
  // The primary takes writes once a replica is attached again (min-replicas-to-write).
  await until('a replica attached to the restarted primary', async () => /state=online/.test(await primary.info('replication')), 30_000, 100);
  for (let i = 0; i < 200; i += 1) await primary.set(`new-history-${i}`, 'x'.repeat(1024)); // its offset passes the old mark's
  const written = Number(field(await primary.info('replication'), 'master_repl_offset'));
  let seen = '';
  await until('the suspect is a replica of the new history, in sync', async () => {
    seen = await replica.info('replication').catch((error: Error) => error.message);
    const current = field(await primary.info('replication'), 'master_replid');
    return field(seen, 'master_link_status') === 'up' && field(seen, 'master_sync_in_progress') === '0' && field(seen, 'master_replid') === current
      && current !== oldHistory && Number(field(seen, 'slave_repl_offset')) >= written;
  }, 30_000, 100).catch((error: Error) => {
    throw new Error(`${error.message}\n${seen}`);
  });

  await fencing.check(); // measured by the old history's mark
  t.is(await priority(), '0', 'not caught up by a mark of another history: fenced');
  await fencing.check(); // measured by the mark the look before took, of the new history
  t.is(await priority(), '100', 'caught up with the new history: its priority back');

  async function waitUntilReady(client: Redis) {
    await until('the primary answers', async () => (await client.ping().catch(() => '')) === 'PONG', 20_000, 100);
  }
});

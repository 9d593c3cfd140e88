import test from 'ava';
import { createReplicaCount, REPLICA_LOSS_GRACE_MS } from '../../src/redis/durable-ack';

// How many replicas a WAITAOF asks for after one left its primary (src/redis/durable-ack.ts): as many as
// there were, for REPLICA_LOSS_GRACE_MS from the moment the departure is first seen. A primary that was
// stopped (a partition) is first asked again long after it last had all its replicas.

function primaryWith(replicas: () => number) {
  return {
    info: async () => ['# Replication', 'role:master', `connected_slaves:${replicas()}`,
      ...Array.from({ length: replicas() }, (_, i) => `slave${i}:ip=127.0.0.1,port=${6381 + i},state=online,offset=1,lag=0`),
      'master_replid:4f0c2b9e0d8c7a6b5e4d3c2b1a09f8e7d6c5b4a3'].join('\r\n'),
  };
}

test('the grace for a departed replica starts when the departure is first seen, however long since all were there', async (t) => {
  let clock = 0;
  let replicas = 2;
  const count = createReplicaCount(() => clock);
  const primary = primaryWith(() => replicas);
  t.is(await count(primary), 2);
  clock = 3 * REPLICA_LOSS_GRACE_MS; // stopped for longer than the grace; one replica gone meanwhile
  replicas = 1;
  t.is(await count(primary), 2, 'first seen gone now: still asks for both');
  clock += REPLICA_LOSS_GRACE_MS;
  t.is(await count(primary), 2, 'to the end of the grace');
  clock += 1;
  t.is(await count(primary), 1, 'then the replicas left');
  replicas = 2;
  t.is(await count(primary), 2, 'a replica back counts at once');
});

test('a primary whose replication INFO cannot be read is not counted as having no replicas: the count fails', async (t) => {
  const count = createReplicaCount(() => 0);
  const timedOut = { info: async (): Promise<string> => { throw new Error('Command timed out'); } };
  await t.throwsAsync(count(timedOut), { message: 'Command timed out' });
  const withoutId = { info: async () => ['# Replication', 'role:master', 'connected_slaves:0'].join('\r\n') };
  await t.throwsAsync(count(withoutId), { message: /master_replid/ });
});

test('an unchanged count starts no grace: the grace of a replica that leaves later runs from when it left', async (t) => {
  let clock = 0;
  let replicas = 2;
  const count = createReplicaCount(() => clock);
  const primary = primaryWith(() => replicas);
  t.is(await count(primary), 2);
  clock = REPLICA_LOSS_GRACE_MS / 2;
  t.is(await count(primary), 2, 'the same two: nothing starts');
  clock = REPLICA_LOSS_GRACE_MS * 1.2;
  replicas = 1;
  t.is(await count(primary), 2, 'one left: its grace starts now');
  clock = REPLICA_LOSS_GRACE_MS * 1.6;
  t.is(await count(primary), 2, 'still within the grace that began when it left, not when the count was last the same');
  clock = REPLICA_LOSS_GRACE_MS * 2.3;
  t.is(await count(primary), 1);
});

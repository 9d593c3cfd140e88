import test from 'ava';
import fc from 'fast-check';
import { DEFAULT_SENTINEL_PERIODS, infoValidityMs, TUNED_SENTINEL_PERIODS } from '../../src/redis/sentinel-periods';
import { couldPromote, nodesToConfirm, type SentinelNode, type SentinelView } from '../../src/redis/sentinel-replicas';

// The invariant of docs/operations.md as a count: every node that could become primary without an
// operator (named primary alive, or a replica a Sentinel could promote), less the node written to
// (known by its run id), joined with every replica attached to that node. The Sentinels themselves are
// in sentinel-replicas.test.ts, the failovers in the soak and `npm run nemesis`.

const node = (name: string): SentinelNode => ({ address: `${name}:1`, runId: `${name}-run` });
const [a, b, c] = [node('a'), node('b'), node('c')];
const writtenTo = (n: SentinelNode, attached: SentinelNode[] = []) => ({ runId: n.runId, attached: attached.map((r) => r.address) });

const agreed: SentinelView = { primary: a, promotable: [b, c] };

test('while the Sentinels agree and the move went to the primary they name: every replica they could promote', (t) => {
  t.is(nodesToConfirm([agreed, agreed, agreed], writtenTo(a, [b, c])), 2);
  t.is(nodesToConfirm([agreed, { primary: a, promotable: [b] }], writtenTo(a, [b, c])), 2, 'a replica one of them could promote counts');
});

test('a move written to a node no Sentinel vouches for (fenced, or a cut-off primary that resumed) must be on every candidate', (t) => {
  // b was promoted; a resumed, fenced at priority 0, and still takes writes from a client that has not moved.
  const afterFailover: SentinelView = { primary: b, promotable: [c] };
  t.is(nodesToConfirm([afterFailover], writtenTo(a, [c])), 2, 'b and c: b is a primary and cannot confirm, so UNAVAILABLE');
});

test('a primary one Sentinel still names must hold the move too', (t) => {
  const caughtUp: SentinelView = { primary: b, promotable: [c] };
  const behind: SentinelView = { primary: a, promotable: [b, c] };
  t.is(nodesToConfirm([caughtUp, caughtUp, behind], writtenTo(b, [c])), 2, 'a and c besides b, written to');
});

test('a replica attached to the node written to counts even when it is no candidate: its confirmation cannot stand in for a candidate', (t) => {
  const fenced = node('d');
  t.is(nodesToConfirm([agreed], writtenTo(a, [b, c, fenced])), 3);
});

test('a run id a Sentinel has not read yet (a node restarted a moment ago) is not taken for the node written to', (t) => {
  const stale: SentinelView = { primary: { address: a.address, runId: 'old-run' }, promotable: [b, c] };
  t.is(nodesToConfirm([stale], writtenTo(a, [b, c])), 3, 'a too: never fewer than there may be');
});

test('a primary a Sentinel has just named, whose run id it has not read yet, is known by the address the move went to', (t) => {
  const justNamed: SentinelView = { primary: { address: b.address, runId: '' }, promotable: [c] };
  t.is(nodesToConfirm([justNamed], { runId: b.runId, attached: [c.address], address: b.address }), 1);
});

test('never fewer than the candidates other than the node written to, nor than its attached replicas (seeded)', (t) => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  t.log(`seed ${seed}`);
  const names = ['a', 'b', 'c', 'd'];
  const anyNode = fc.constantFrom(...names.map(node));
  const view = fc.record({ primary: fc.option(anyNode, { nil: null }), promotable: fc.uniqueArray(anyNode, { maxLength: 4, selector: (n) => n.address }) });
  fc.assert(
    fc.property(fc.array(view, { minLength: 1, maxLength: 3 }), anyNode, fc.subarray(names.map(node)), (views, written, replicas) => {
      const attached = replicas.filter((n) => n.address !== written.address); // a node is never its own replica
      const count = nodesToConfirm(views, writtenTo(written, attached));
      const candidates = new Set(views.flatMap((v) => [...(v.primary ? [v.primary] : []), ...v.promotable]).map((n) => n.address));
      candidates.delete(written.address);
      const others = new Set([...candidates, ...attached.map((n) => n.address).filter((address) => address !== written.address)]);
      return count === others.size;
    }),
    { seed, numRuns: 2000 },
  );
  t.pass();
});

// What a Sentinel's record of a replica says about whether it could choose it (sentinelSelectSlave).
const replicaRecord = (fields: Record<string, string>) => ({ flags: 'slave', 'slave-priority': '100', 'info-refresh': '800', 'master-host': '127.0.0.1', ...fields });
const tunedValidity = infoValidityMs(TUNED_SENTINEL_PERIODS);

test('a Sentinel chooses on INFO up to five PING periods old while it sees the primary down, three INFO periods otherwise: the larger counts', (t) => {
  t.is(infoValidityMs(DEFAULT_SENTINEL_PERIODS), 30_000, 'the defaults: a failover whose primary came back chooses on INFO up to 30 s old');
  t.is(tunedValidity, 3000, 'as the roles tune every Sentinel');
  t.is(infoValidityMs({ pingMs: 1000, infoMs: 1000, publishMs: 2000 }), 5000);
});

test('a replica counts while a Sentinel sees it alive, or down with an INFO of it young enough to choose on; never at priority 0', (t) => {
  t.true(couldPromote(replicaRecord({}), tunedValidity));
  t.true(couldPromote(replicaRecord({ flags: 's_down,slave', 'info-refresh': '3000' }), tunedValidity), 'down, but its last INFO is still valid for a failover');
  t.false(couldPromote(replicaRecord({ flags: 's_down,slave', 'info-refresh': '3001' }), tunedValidity), 'down, and its INFO has lapsed');
  t.true(couldPromote(replicaRecord({ flags: 's_down,slave', 'info-refresh': '30000' }), infoValidityMs(DEFAULT_SENTINEL_PERIODS)), 'a Sentinel on its defaults (it skips only past the limit)');
  t.false(couldPromote(replicaRecord({ 'slave-priority': '0' }), tunedValidity), 'fenced');
});

test('a node whose INFO the Sentinel never read (the old primary\'s entry after a failover, dead or stopped) is no candidate; alive, it is', (t) => {
  t.false(couldPromote(replicaRecord({ flags: 's_down,slave,disconnected', 'info-refresh': '0' }), tunedValidity));
  t.true(couldPromote(replicaRecord({ flags: 'slave,disconnected', 'info-refresh': '0', 'master-host': '?' }), tunedValidity), 'an entry a failover remade, link not made yet: the replica may be alive');
  t.false(couldPromote(replicaRecord({ flags: 's_down,slave', 'info-refresh': '0', 'master-host': '?' }), tunedValidity), 'stopped: the connection was accepted, nothing answered');
  t.true(couldPromote(replicaRecord({ flags: 'slave', 'info-refresh': '0', 'master-host': '?' }), tunedValidity), 'alive: it answers, and its INFO is read at once');
  t.true(couldPromote(replicaRecord({ flags: 's_down,slave', 'info-refresh': '0' }), tunedValidity), 'an INFO read this millisecond from a replica that has just resumed');
});

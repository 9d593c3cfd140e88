import test from 'ava';
import fc from 'fast-check';
import { nodesToConfirm, type SentinelView } from '../../src/redis/sentinel-replicas';

// How many nodes a move must be on besides its primary, from what each Sentinel says (the rule; the
// Sentinels themselves are in sentinel-replicas.test.ts and the failover soak).

const agreed: SentinelView = { primary: 'a:1', promotable: ['b:1', 'c:1'] };

test('while the Sentinels agree: every replica they could promote', (t) => {
  t.is(nodesToConfirm([agreed, agreed, agreed]), 2);
  t.is(nodesToConfirm([agreed, { primary: 'a:1', promotable: ['b:1'] }]), 2, 'a replica one of them could promote counts');
});

test('a primary one Sentinel still names must hold the move too: it cannot while it is no replica', (t) => {
  // After a failover to b, one Sentinel has not seen it: it names a (cut off, then resumed).
  const caughtUp: SentinelView = { primary: 'b:1', promotable: ['c:1'] };
  const behind: SentinelView = { primary: 'a:1', promotable: ['b:1', 'c:1'] };
  t.is(nodesToConfirm([caughtUp, caughtUp, behind]), 2, 'a and c besides the primary written to');
});

test('with no primary named alive, the move went to a node no Sentinel vouches for: every replica must hold it', (t) => {
  t.is(nodesToConfirm([{ primary: null, promotable: ['b:1', 'c:1'] }]), 2);
});

test('never fewer than the promotable replicas no Sentinel names primary (the rule before), whatever the views (seeded)', (t) => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  t.log(`seed ${seed}`);
  const node = fc.constantFrom('a:1', 'b:1', 'c:1', 'd:1');
  const view = fc.record({ primary: fc.option(node, { nil: null }), promotable: fc.uniqueArray(node, { maxLength: 4 }) });
  fc.assert(
    fc.property(fc.array(view, { minLength: 1, maxLength: 3 }), (views) => {
      const primaries = new Set(views.flatMap((v) => (v.primary === null ? [] : [v.primary])));
      const before = new Set(views.flatMap((v) => v.promotable).filter((n) => !primaries.has(n))).size;
      return nodesToConfirm(views) >= before;
    }),
    { seed, numRuns: 2000 },
  );
  t.pass();
});

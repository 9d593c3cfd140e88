import test from 'ava';
import { createReadCache } from '../../src/admin/cache/read-cache';

function counted<Value>(values: Value[]) {
  let loads = 0;
  return { load: async () => values[loads++ % values.length]!, loads: () => loads };
}

test('an entry serves until its TTL has passed, then the row is read again', async (t) => {
  let now = 0;
  const cache = createReadCache<string>('t', { ttlMs: 1000, clock: () => now });
  const rows = counted(['v1', 'v2']);
  t.is(await cache.get(1, rows.load), 'v1');
  now = 999;
  t.is(await cache.get(1, rows.load), 'v1');
  now = 1000;
  t.is(await cache.get(1, rows.load), 'v2');
  t.is(rows.loads(), 2);
});

test('concurrent misses share one load; delete and clear drop entries at once', async (t) => {
  const cache = createReadCache<string>('t', { ttlMs: 1000, clock: () => 0 });
  const rows = counted(['v1', 'v2', 'v3']);
  t.deepEqual(await Promise.all([cache.get('k', rows.load), cache.get('k', rows.load)]), ['v1', 'v1']);
  cache.delete('k');
  t.is(await cache.get('k', rows.load), 'v2');
  cache.clear();
  t.is(await cache.get('k', rows.load), 'v3');
});

test('a load under way when its key is invalidated is not served afterwards', async (t) => {
  const cache = createReadCache<string>('t', { ttlMs: 1000, clock: () => 0 });
  let release!: (value: string) => void;
  const before = cache.get('k', () => new Promise((resolve) => (release = resolve)));
  cache.delete('k'); // the row changed while it was being read
  const after = cache.get('k', async () => 'new');
  release('old');
  t.is(await before, 'old', 'the reader that began before the change gets what it read');
  t.is(await after, 'new');
  t.is(await cache.get('k', async () => 'newer'), 'new');
});

test('failed loads and missing rows are not kept', async (t) => {
  const cache = createReadCache<string | undefined>('t', { ttlMs: 1000, clock: () => 0 });
  await t.throwsAsync(cache.get('k', async () => Promise.reject(new Error('MySQL down'))));
  t.is(await cache.get('k', async () => undefined), undefined);
  t.is(await cache.get('k', async () => 'created'), 'created', 'a row created after a miss is found at once');
});

test('past maxEntries the oldest entry goes first', async (t) => {
  const cache = createReadCache<number>('t', { ttlMs: 1000, maxEntries: 2, clock: () => 0 });
  for (const key of [1, 2, 3]) await cache.get(key, async () => key);
  t.is(await cache.get(1, async () => 10), 10, 'key 1 was dropped');
  t.is(await cache.get(3, async () => 30), 3, 'key 3 was kept');
});

test('a load that is a thenable running again on every await (a knex query) runs once', async (t) => {
  const cache = createReadCache<number>('t', { ttlMs: 1000, clock: () => 0 });
  let runs = 0;
  const query = { then: (resolve: (value: number) => void) => resolve((runs += 1)) } as unknown as Promise<number>;
  t.is(await cache.get('k', () => query), 1);
  t.is(await cache.get('k', () => query), 1);
  t.is(runs, 1);
});

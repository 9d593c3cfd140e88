/**
 * A process's read-through cache of rows read far more often than written (the token's user, a
 * leaderboard, a game's module switch). An entry lives at most `ttlMs`, and is dropped at once when
 * any instance changes its row (see invalidation-bus.ts). Concurrent misses of a key share one load;
 * an invalidation drops a load still under way too, so a row read before a change is never served
 * after it. A failed load is not kept, nor a missing row (undefined): a row created next is found at once.
 */
export interface ReadCache<Value> {
  readonly name: string;
  get(key: string | number, load: () => Promise<Value>): Promise<Value>;
  delete(key: string | number): void;
  clear(): void;
}

export interface ReadCacheOptions {
  readonly ttlMs: number;
  /** Past this many entries the oldest goes first. */
  readonly maxEntries?: number;
  readonly clock?: () => number;
}

export function createReadCache<Value>(name: string, { ttlMs, maxEntries = 10_000, clock = Date.now }: ReadCacheOptions): ReadCache<Value> {
  const entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();

  return {
    name,
    get(key, load) {
      const id = String(key);
      const now = clock();
      const cached = entries.get(id);
      if (cached && cached.expiresAt > now) return cached.value;
      // A knex query is a thenable that runs again each time it is awaited: settle it once.
      const value = Promise.resolve(load());
      entries.delete(id); // set again, last: the map's order is the order of age
      entries.set(id, { value, expiresAt: now + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const forget = () => {
        if (entries.get(id)?.value === value) entries.delete(id);
      };
      value.then((found) => found === undefined && forget(), forget);
      return value;
    },
    delete(key) {
      entries.delete(String(key));
    },
    clear() {
      entries.clear();
    },
  };
}

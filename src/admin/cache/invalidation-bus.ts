import { Cluster } from 'ioredis';
import type { Logger } from '../../logging/logger';
import type { RedisLike } from '../../redis/script-registry';
import type { ReadCache } from './read-cache';

/** Every key of a cache: its whole content is dropped. */
const ALL = '*';

/**
 * Keeps the read caches of every HTTP instance in step (SPEC §2.2: a role change or a deactivation
 * applies at once). A write drops the entry from this instance's cache before it answers, and
 * publishes the key on a Redis channel (under the key prefix) to which every instance subscribes.
 * Pub/sub delivers at most once: whenever the subscription (re)connects, every cache is cleared,
 * since messages may have been missed meanwhile; and an entry lives at most its cache's TTL anyway.
 */
export function createInvalidationBus(redis: RedisLike, logger?: Logger) {
  const prefix = (redis.options as { keyPrefix?: string }).keyPrefix ?? '';
  const channel = `${prefix}cache-invalidations`;
  const caches = new Map<string, ReadCache<unknown>>();
  const clearAll = () => {
    for (const cache of caches.values()) cache.clear();
  };
  const drop = (name: string, key: string) => {
    const cache = caches.get(name);
    if (key === ALL) cache?.clear();
    else cache?.delete(key);
  };

  // The HTTP role's client refuses commands while disconnected; the subscription waits for the connection.
  const subscriber = redis instanceof Cluster
    ? redis.duplicate(undefined, { enableOfflineQueue: true })
    : redis.duplicate({ enableOfflineQueue: true, connectionName: 'reservation-http-invalidations' });
  subscriber.on('error', (error) => logger?.warn({ err: error }, 'cache invalidation subscription error'));
  subscriber.on('ready', clearAll);
  const connected = new Promise<void>((resolve) => subscriber.once('ready', () => resolve()));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const split = message.indexOf('\n');
    if (split > 0) drop(message.slice(0, split), message.slice(split + 1));
  });
  const subscribed = subscriber.subscribe(channel).catch((error: unknown) => logger?.warn({ err: error }, 'cache invalidation subscription failed'));

  async function publish(name: string, key: string): Promise<void> {
    drop(name, key);
    try {
      await redis.publish(channel, `${name}\n${key}`);
    } catch (error) {
      logger?.warn({ err: error, cache: name, key }, 'cache invalidation not published: other instances keep the entry until it expires');
    }
  }

  return {
    /** Registers a cache, so messages naming it reach it. */
    register<Value>(cache: ReadCache<Value>): ReadCache<Value> {
      caches.set(cache.name, cache as ReadCache<unknown>);
      return cache;
    },
    /** After a write committed: the entry is dropped here at once and on every instance. */
    invalidate: (cache: ReadCache<unknown>, key: string | number) => publish(cache.name, String(key)),
    invalidateAll: (cache: ReadCache<unknown>) => publish(cache.name, ALL),
    /** Resolves once this instance listens and has cleared what it cached before (tests wait for it). */
    ready: () => Promise.all([subscribed, connected]).then(() => undefined),
    close(): void {
      subscriber.disconnect();
    },
  };
}

export type InvalidationBus = ReturnType<typeof createInvalidationBus>;

import { REDIS_LAYOUT, REDIS_LAYOUT_KEY } from './layout-upgrade';
import type { RedisLike } from './script-registry';

/** Whether the engine's Redis may be used now (see createStoreGate). */
export interface StoreGate {
  readonly open: boolean;
  stop(): void;
}

/** How often a running role reads the layout marker again: within this, a restore's start closes the gate. */
export const STORE_GATE_INTERVAL_MS = 500;

/**
 * SPEC §1.10: no role serves while a restore is under way, nor on a Redis that lost its data (it would
 * answer every player with balance 0). Both show as a missing layout marker (a restore deletes it
 * first and writes it last; a lost Redis has none), so a running role reads the marker every
 * STORE_GATE_INTERVAL_MS and, while it is not this code's layout, its store answers UNAVAILABLE. A
 * read that fails (Redis down) leaves the gate as it was: the calls fail by themselves then.
 */
export function createStoreGate(redis: RedisLike, intervalMs = STORE_GATE_INTERVAL_MS): StoreGate {
  let open = true;
  const timer = setInterval(() => {
    redis.get(REDIS_LAYOUT_KEY).then((layout) => (open = layout === REDIS_LAYOUT), () => undefined);
  }, intervalMs);
  timer.unref();
  return {
    get open() {
      return open;
    },
    stop: () => clearInterval(timer),
  };
}

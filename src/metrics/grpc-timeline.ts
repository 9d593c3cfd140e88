import type { Logger } from '../logging/logger';
import type { GrpcCallObserver, MethodCallObserver } from './grpc-metrics';
import { bucketOf, LATENCY_BOUNDS_MS, latencySlot } from './ops-timeline';
import type { CallTally, OpsTimelineStore } from './ops-timeline-store';

export interface GrpcTimeline {
  /** Counts every method's calls (the timeline charts all of them together). */
  readonly observer: GrpcCallObserver;
  /** Sends what was counted since the last flush (the timer does it every second). */
  flush(): Promise<void>;
  /** Stops the timer and sends the rest (waiting 1 s at most: a stopping process does not hang on Redis). */
  stop(): Promise<void>;
}

const newTally = (): CallTally => ({ calls: 0, slots: new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0) });

/**
 * A gRPC process's share of the ops timeline: calls are counted in memory by the bucket they ended in
 * (a clock read and two increments), and once a second the counts go to Redis in one pipeline, where
 * every process's counts of a bucket add up. Counts that fail to reach Redis are dropped with a
 * warning: they are a chart's points, not money, and the engine's calls never wait for them.
 */
export function grpcTimeline(store: OpsTimelineStore, options: { logger: Logger; clock?: () => number; flushEveryMs?: number }): GrpcTimeline {
  const clock = options.clock ?? Date.now;
  let tallies = new Map<number, CallTally>();
  let currentBucket = -1;
  let current = newTally();
  let failing = false;

  const observe: MethodCallObserver = (_code, seconds) => {
    const bucket = bucketOf(clock());
    if (bucket !== currentBucket) {
      currentBucket = bucket;
      current = tallies.get(bucket) ?? newTally();
      tallies.set(bucket, current);
    }
    current.calls++;
    current.slots[latencySlot(seconds * 1000)]!++;
  };

  const flush = async () => {
    const sending = tallies;
    tallies = new Map();
    currentBucket = -1;
    try {
      await store.addCalls(sending);
      failing = false;
    } catch (error) {
      if (!failing) options.logger.warn({ err: error }, 'ops timeline: gRPC call counts not recorded (Redis); dropping them until it answers');
      failing = true;
    }
  };
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 1000);
  timer.unref();

  return {
    observer: () => observe,
    flush,
    async stop() {
      clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([flush(), new Promise((resolve) => (timeout = setTimeout(resolve, 1000)))]);
      clearTimeout(timeout);
    },
  };
}

/** Both observers on every call (either may be absent: no metrics registry, say). */
export function bothObservers(a: GrpcCallObserver | undefined, b: GrpcCallObserver | undefined): GrpcCallObserver | undefined {
  if (!a || !b) return a ?? b;
  return (method) => {
    const first = a(method);
    const second = b(method);
    return (code, seconds) => {
      first(code, seconds);
      second(code, seconds);
    };
  };
}

/**
 * The ops timeline: what the console's charts draw over the last minutes, kept in Redis in buckets of
 * BUCKET_MS shared by every process. gRPC processes add their calls and a latency histogram to the
 * bucket a call ended in (so the buckets of N processes sum); sync workers set the backlog they read.
 * This file is the arithmetic (no driver): bucket numbers, the histogram's bounds, the p99 estimate.
 */

/** Width of one bucket: one point on a chart. */
export const BUCKET_MS = 5000;
/** How long a bucket is kept: the longest window a chart may ask for, and a little more. */
export const TIMELINE_MAX_MINUTES = 15;
export const BUCKET_TTL_S = TIMELINE_MAX_MINUTES * 60 + 60;

/** Upper bounds (ms) of the latency histogram's buckets; the last bucket is everything above. */
export const LATENCY_BOUNDS_MS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;

export const bucketOf = (ms: number): number => Math.floor(ms / BUCKET_MS);

/** The histogram slot of a duration: the first bound it does not exceed, or the overflow slot. */
export function latencySlot(ms: number): number {
  for (let slot = 0; slot < LATENCY_BOUNDS_MS.length; slot++) if (ms <= LATENCY_BOUNDS_MS[slot]!) return slot;
  return LATENCY_BOUNDS_MS.length;
}

/**
 * The q-quantile of a histogram (counts per slot), interpolated linearly inside its slot as
 * Prometheus's histogram_quantile does; the overflow slot answers its lower bound. Null when empty.
 */
export function quantileMs(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let slot = 0; slot < counts.length; slot++) {
    const inSlot = counts[slot] ?? 0;
    if (inSlot > 0 && below + inSlot >= rank) {
      const upper = LATENCY_BOUNDS_MS[slot];
      const lower = slot === 0 ? 0 : LATENCY_BOUNDS_MS[slot - 1]!;
      if (upper === undefined) return lower;
      return lower + (upper - lower) * ((rank - below) / inSlot);
    }
    below += inSlot;
  }
  return LATENCY_BOUNDS_MS.at(-1)!;
}

/** One bucket as stored: the hash's fields. */
export const FIELDS = {
  calls: 'calls',
  slot: (slot: number) => `h${slot}`,
  outboxEntries: 'outbox',
  syncLagMs: 'lag_ms',
} as const;

/** One point of the charts. Null where nothing was recorded in that bucket (no calls, no worker). */
export interface TimelinePoint {
  readonly at: string;
  readonly grpc_calls_per_s: number;
  readonly grpc_p99_ms: number | null;
  readonly sync_lag_ms: number | null;
  readonly outbox_entries: number | null;
}

/** A stored bucket (HGETALL's reply) as a point. */
export function pointOf(bucket: number, stored: Record<string, string>): TimelinePoint {
  const counts = Array.from({ length: LATENCY_BOUNDS_MS.length + 1 }, (_, slot) => Number(stored[FIELDS.slot(slot)] ?? 0));
  const optional = (field: string) => (stored[field] === undefined ? null : Number(stored[field]));
  const p99 = quantileMs(counts, 0.99);
  return {
    at: new Date(bucket * BUCKET_MS).toISOString(),
    grpc_calls_per_s: Number(stored[FIELDS.calls] ?? 0) / (BUCKET_MS / 1000),
    grpc_p99_ms: p99 === null ? null : Math.round(p99 * 1000) / 1000,
    sync_lag_ms: optional(FIELDS.syncLagMs),
    outbox_entries: optional(FIELDS.outboxEntries),
  };
}

import type { JobType } from 'bullmq';
import { Counter, Gauge, type Registry } from 'prom-client';
import { PARTITION_COUNT } from '../redis/wallet-keys';
import type { OutboxStore } from './outbox-store';
import { LIVE_JOB_STATES } from './sync-queue';

export interface SyncMetricsSources {
  readonly outbox: Pick<OutboxStore, 'status'>;
  readonly queueCounts: (...states: JobType[]) => Promise<Record<string, number>>;
  readonly clock?: () => number;
  /** How long a scrape waits for Redis before it shows the last values read (default 2 s). */
  readonly readTimeoutMs?: number;
}

/** What the sync reports as it applies batches: the last entry's id (its time is when the engine wrote it). */
export type AppliedObserver = (lastEntryId: string, entries: number) => void;

interface Snapshot {
  readonly length: number;
  readonly pending: number;
  readonly oldestAgeS: number;
  readonly queue: Record<string, number>;
}

/**
 * The worker's metrics, read from Redis when Prometheus scrapes (one read of every partition per
 * scrape, shared by the gauges):
 * - `reservation_outbox_entries`, `reservation_outbox_pending_entries` (summed over partitions) and
 *   `reservation_outbox_oldest_age_seconds` (the largest over partitions, 0 when empty);
 * - `reservation_sync_lag_seconds`: now − the time of the last entry this worker applied while
 *   entries wait, 0 when the outbox is empty (an idle sync is not behind);
 * - `reservation_sync_last_applied_timestamp_seconds`, `reservation_sync_applied_entries_total`;
 * - `reservation_sync_queue_jobs{state}`: BullMQ's counts of the ledger-sync queue per live state.
 * When Redis does not answer within the read timeout, the gauges keep the last values read and
 * `reservation_sync_metrics_read_failures_total` counts it: a Redis outage never takes the page (and
 * the process metrics on it) down with it.
 */
export function syncMetrics(registry: Registry, sources: SyncMetricsSources): AppliedObserver {
  const clock = sources.clock ?? Date.now;
  const readTimeoutMs = sources.readTimeoutMs ?? 2000;
  let lastAppliedMs = 0;
  let lastRead: Snapshot = { length: 0, pending: 0, oldestAgeS: 0, queue: {} };
  let cached: { at: number; snapshot: Promise<Snapshot> } | null = null;
  const readFailures = new Counter({
    name: 'reservation_sync_metrics_read_failures_total',
    help: 'Scrapes whose outbox and queue read failed or timed out (the gauges then show the last values read)',
    registers: [registry],
    async collect() {
      await snapshot(); // this scrape's read counts on this page
    },
  });
  const snapshot = (): Promise<Snapshot> => {
    const now = clock();
    if (!cached || now - cached.at > 1000) cached = { at: now, snapshot: readOrLast(now) };
    return cached.snapshot;
  };
  const readOrLast = async (now: number): Promise<Snapshot> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), readTimeoutMs);
    });
    try {
      lastRead = await Promise.race([read(now), timeout]);
    } catch {
      readFailures.inc();
    } finally {
      clearTimeout(timer);
    }
    return lastRead;
  };
  const read = async (now: number): Promise<Snapshot> => {
    const [partitions, queue] = await Promise.all([
      Promise.all(Array.from({ length: PARTITION_COUNT }, (_, p) => sources.outbox.status(p, now))),
      sources.queueCounts(...LIVE_JOB_STATES),
    ]);
    return {
      length: partitions.reduce((sum, s) => sum + s.length, 0),
      pending: partitions.reduce((sum, s) => sum + s.pending, 0),
      oldestAgeS: Math.max(0, ...partitions.map((s) => s.oldestAgeMs ?? 0)) / 1000,
      queue,
    };
  };
  const gauge = (name: string, help: string, value: (s: Snapshot) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await snapshot()));
      },
    });

  gauge('reservation_outbox_entries', 'Outbox entries not yet applied to MySQL, over all partitions', (s) => s.length);
  gauge('reservation_outbox_pending_entries', 'Outbox entries read by a worker and not yet acknowledged', (s) => s.pending);
  gauge('reservation_outbox_oldest_age_seconds', 'Age of the oldest outbox entry, the largest over partitions', (s) => s.oldestAgeS);
  gauge('reservation_sync_lag_seconds', 'Now minus the time of the last applied entry while entries wait; 0 when the outbox is empty', (s) =>
    s.length === 0 ? 0 : lastAppliedMs > 0 ? (clock() - lastAppliedMs) / 1000 : s.oldestAgeS,
  );
  new Gauge({
    name: 'reservation_sync_last_applied_timestamp_seconds',
    help: 'When the engine wrote the last entry this worker applied (Unix seconds)',
    registers: [registry],
    collect() {
      this.set(lastAppliedMs / 1000);
    },
  });
  new Gauge({
    name: 'reservation_sync_queue_jobs',
    help: 'Jobs of the ledger-sync queue by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { queue } = await snapshot();
      for (const state of LIVE_JOB_STATES) this.labels(state).set(queue[state] ?? 0);
    },
  });
  const applied = new Counter({ name: 'reservation_sync_applied_entries_total', help: 'Outbox entries applied to MySQL by this worker', registers: [registry] });

  return (lastEntryId, entries) => {
    lastAppliedMs = Math.max(lastAppliedMs, Number(lastEntryId.split('-')[0]));
    applied.inc(entries);
  };
}

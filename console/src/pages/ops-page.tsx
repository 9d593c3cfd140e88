import { useEffect, useState } from 'preact/hooks';
import { graphql } from '../api/generated';
import type { OpsPageOpsTimelineQuery } from '../api/generated/graphql';
import { useQuery, useSession } from '../api/hooks';
import { Problem } from '../components/problem';
import { QueueDashboardLink } from '../components/queue-dashboard-link';
import { TimeChart } from '../components/time-chart';

const OpsPageSyncStatus = graphql(`query OpsPageSyncStatus { syncStatus { outbox_entries outbox_pending partitions_with_entries oldest_age_ms queue { state count } checked_at } }`);
const OpsPageOpsTimeline = graphql(`query OpsPageOpsTimeline ($minutes: Int) { opsTimeline(minutes: $minutes) { points { at grpc_calls_per_s grpc_p99_ms sync_lag_ms outbox_entries } } }`);
type OpsPoint = NonNullable<OpsPageOpsTimelineQuery['opsTimeline']>['points'][number];
const REFRESH_MS = 5000;

/** Re-runs a query every REFRESH_MS while the page is open. */
function useLive(reload: () => void) {
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
}

/**
 * Operations at a glance, refreshed every 5 s: charts of the last minutes (gRPC calls/s and p99 over
 * every gRPC process, the sync's lag and outbox backlog), the sync now, and the queue dashboard link.
 */
export function OpsPage() {
  const admin = useSession()?.user.role === 'admin';
  const [minutes, setMinutes] = useState(5);
  const status = useQuery(OpsPageSyncStatus);
  const timeline = useQuery(OpsPageOpsTimeline, { minutes });
  useLive(status.reload);
  useLive(timeline.reload);
  const sync = status.data?.syncStatus;
  const behind = (sync?.oldest_age_ms ?? 0) > 10_000;
  const points = timeline.data?.opsTimeline?.points ?? [];
  const times = points.map((p) => Date.parse(p.at) / 1000);
  const series = (pick: (p: OpsPoint) => number | null) => points.map(pick);
  return (
    <>
      <h1>Operations</h1>
      <div class="row">
        <p class="muted">The last minutes, a point per 5 s: the calls of every gRPC process, the sync as the workers and HTTP instances read it; refreshed every {REFRESH_MS / 1000} s.</p>
        <label>Window<select aria-label="Window" value={minutes} onChange={(e) => setMinutes(Number(e.currentTarget.value))}>
          {[5, 15].map((n) => <option key={n} value={n}>{n} minutes</option>)}
        </select></label>
      </div>
      <Problem error={timeline.error} />
      {timeline.data && (
        <div class="charts" data-testid="ops-charts">
          <TimeChart title="gRPC calls" unit="/s" testId="chart-calls" color="#1f6feb" times={times} values={series((p) => p.grpc_calls_per_s)} />
          <TimeChart title="gRPC p99" unit="ms" testId="chart-p99" color="#8250df" times={times} values={series((p) => p.grpc_p99_ms)} format={(v) => v.toFixed(2)} />
          <TimeChart title="Sync lag" unit="s" testId="chart-lag" color="#b35c00" times={times} values={series((p) => (p.sync_lag_ms === null ? null : p.sync_lag_ms / 1000))} />
          <TimeChart title="Outbox" unit="entries" testId="chart-outbox" color="#1b7f3b" times={times} values={series((p) => p.outbox_entries)} format={(v) => Math.round(v).toLocaleString('en-US')} counts />
        </div>
      )}

      <h2>Sync now</h2>
      <Problem error={status.error} />
      {sync && (
        <div class="grid" data-testid="sync-status">
          <article><header>Sync lag</header><p class={behind ? 'status-warn' : 'status-ok'}><strong>{(sync.oldest_age_ms / 1000).toFixed(1)} s</strong></p><small class="muted">age of the oldest entry not yet in MySQL</small></article>
          <article><header>Outbox</header><p><strong>{sync.outbox_entries}</strong> entries</p><small class="muted">{sync.outbox_pending} being applied, in {sync.partitions_with_entries} partitions</small></article>
          <article><header>Queue</header>{sync.queue ? <ul>{sync.queue.map((q) => <li key={q.state}>{q.state}: {q.count}</li>)}</ul> : <p class="muted">no queue connection</p>}</article>
        </div>
      )}
      {sync && <p class="muted">Checked {new Date(sync.checked_at).toLocaleTimeString()}.</p>}
      {admin && <p><QueueDashboardLink>Open the queue dashboard</QueueDashboardLink> (in a tab of its own, with this sign-in).</p>}
    </>
  );
}

import { useEffect } from 'preact/hooks';
import { useQuery, useSession } from '../api/hooks';
import { Problem } from '../components/problem';

interface SyncStatus { outbox_entries: number; outbox_pending: number; partitions_with_entries: number; oldest_age_ms: number; queue: Array<{ state: string; count: number }> | null; checked_at: string }
const REFRESH_MS = 5000;

/** The ledger sync at a glance (refreshed every 5 s), and the queue dashboard for admins. */
export function OpsPage() {
  const admin = useSession()?.user.role === 'admin';
  const status = useQuery<{ syncStatus: SyncStatus }>('{ syncStatus { outbox_entries outbox_pending partitions_with_entries oldest_age_ms queue { state count } checked_at } }');
  useEffect(() => {
    const timer = setInterval(() => status.reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [status.reload]);
  const sync = status.data?.syncStatus;
  const behind = (sync?.oldest_age_ms ?? 0) > 10_000;
  return (
    <>
      <h1>Operations</h1>
      <Problem error={status.error} />
      {sync && (
        <div class="grid" data-testid="sync-status">
          <article><header>Sync lag</header><p class={behind ? 'status-warn' : 'status-ok'}><strong>{(sync.oldest_age_ms / 1000).toFixed(1)} s</strong></p><small class="muted">age of the oldest entry not yet in MySQL</small></article>
          <article><header>Outbox</header><p><strong>{sync.outbox_entries}</strong> entries</p><small class="muted">{sync.outbox_pending} being applied, in {sync.partitions_with_entries} partitions</small></article>
          <article><header>Queue</header>{sync.queue ? <ul>{sync.queue.map((q) => <li key={q.state}>{q.state}: {q.count}</li>)}</ul> : <p class="muted">no queue connection</p>}</article>
        </div>
      )}
      {sync && <p class="muted">Checked {new Date(sync.checked_at).toLocaleTimeString()}.</p>}
      {admin && <p><a href="/admin/queues" target="_blank" rel="noopener">Open the queue dashboard</a> (admins; it asks you to sign in).</p>}
    </>
  );
}

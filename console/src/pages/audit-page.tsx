import { useState } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { Problem } from '../components/problem';

interface AuditEntry {
  id: number;
  action: string;
  actor_user_id: number | null;
  actor_role: string | null;
  target_type: string;
  target_id: string | null;
  game_id: number | null;
  ip: string | null;
  changes: Record<string, [unknown, unknown]>;
  created_at: string;
}
const PAGE = 50;
const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The audit log for admins: filters, pages of 50, and each change as before → after. */
export function AuditPage() {
  const [filters, setFilters] = useState({ action: '', game_id: '', actor_user_id: '' });
  const [offset, setOffset] = useState(0);
  const variables = {
    action: filters.action || null,
    game: filters.game_id ? Number(filters.game_id) : null,
    actor: filters.actor_user_id ? Number(filters.actor_user_id) : null,
    limit: PAGE,
    offset,
  };
  const log = useQuery<{ audit: AuditEntry[] }>(
    'query ($action: String, $game: SafeInt, $actor: SafeInt, $limit: Int, $offset: Int) { audit(action: $action, game_id: $game, actor_user_id: $actor, limit: $limit, offset: $offset) { id action actor_user_id actor_role target_type target_id game_id ip changes created_at } }',
    variables,
  );
  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setFilters({ action: String(form.get('action') ?? ''), game_id: String(form.get('game_id') ?? ''), actor_user_id: String(form.get('actor_user_id') ?? '') });
    setOffset(0);
  };
  const entries = log.data?.audit ?? [];
  return (
    <>
      <h1>Audit log</h1>
      <p class="muted">Every write of the API and the operator commands, newest first. Entries cannot be changed or deleted.</p>
      <form class="row" onSubmit={apply}>
        <label>Action<input name="action" placeholder="game.update" value={filters.action} /></label>
        <label>Game id<input name="game_id" inputMode="numeric" value={filters.game_id} /></label>
        <label>Actor user id<input name="actor_user_id" inputMode="numeric" value={filters.actor_user_id} /></label>
        <button type="submit">Filter</button>
      </form>
      <Problem error={log.error} />
      <table data-testid="audit">
        <thead><tr><th>When</th><th>Action</th><th>Target</th><th>Actor</th><th>Changes</th></tr></thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.created_at).toLocaleString()}</td>
              <td><code>{entry.action}</code></td>
              <td>{entry.target_type} {entry.target_id}{entry.game_id !== null && <small class="muted"> (game {entry.game_id})</small>}</td>
              <td>{entry.actor_user_id === null ? <em>command</em> : `user ${entry.actor_user_id} (${entry.actor_role})`}{entry.ip && <small class="muted"> {entry.ip}</small>}</td>
              <td>
                <ul class="changes">
                  {Object.entries(entry.changes).map(([field, [before, after]]) => (
                    <li key={field}><strong>{field}</strong>: <del>{shown(before)}</del> → <ins>{shown(after)}</ins></li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 && log.data && <p class="muted">No entries match.</p>}
      <div class="row">
        <button type="button" class="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
        <button type="button" class="outline" disabled={entries.length < PAGE} onClick={() => setOffset(offset + PAGE)}>Older</button>
      </div>
    </>
  );
}

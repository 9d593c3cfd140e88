import { useState } from 'preact/hooks';
import { graphql } from '../api/generated';
import { useQuery } from '../api/hooks';
import { Problem } from '../components/problem';

const AuditPageAudit = graphql(`query AuditPageAudit ($action: String, $target_type: String, $target_id: String, $game: SafeInt, $actor: SafeInt, $since: String, $until: String, $limit: Int, $offset: Int) { audit(action: $action, target_type: $target_type, target_id: $target_id, game_id: $game, actor_user_id: $actor, since: $since, until: $until, limit: $limit, offset: $offset) { id action actor_user_id actor_role target_type target_id game_id ip changes created_at } }`);
/** An entry's `changes` (JSON in the SDL): each changed field as [before, after] (SPEC §2.11). */
type Changes = Record<string, [unknown, unknown]>;
const PAGE = 50;
const FILTER_NAMES = ['action', 'target_type', 'target_id', 'game_id', 'actor_user_id', 'since', 'until'] as const;
type Filters = Record<(typeof FILTER_NAMES)[number], string>;
const NO_FILTERS = Object.fromEntries(FILTER_NAMES.map((name) => [name, ''])) as Filters;
const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The audit log for admins: SPEC §2.11's filters, pages of 50, and each change as before → after. */
export function AuditPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const text = (value: string) => value.trim() || null;
  const instant = (local: string) => (local ? new Date(local).toISOString() : null); // the browser's zone, as the admin typed it
  const variables = {
    action: text(filters.action),
    target_type: text(filters.target_type),
    target_id: text(filters.target_id),
    game: filters.game_id ? Number(filters.game_id) : null,
    actor: filters.actor_user_id ? Number(filters.actor_user_id) : null,
    since: instant(filters.since),
    until: instant(filters.until),
    limit: PAGE,
    offset,
  };
  const log = useQuery(AuditPageAudit, variables);
  // The fields are the form's own (uncontrolled): a page arriving while the admin types does not wipe them.
  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setFilters(Object.fromEntries(FILTER_NAMES.map((name) => [name, String(form.get(name) ?? '')])) as Filters);
    setOffset(0);
  };
  const entries = log.data?.audit ?? [];
  return (
    <>
      <h1>Audit log</h1>
      <p class="muted">Every write of the API and the operator commands, newest first. Entries cannot be changed or deleted.</p>
      <form onSubmit={apply}>
        <div class="row">
          <label>Action<input name="action" placeholder="game.update" defaultValue={filters.action} /></label>
          <label>Target type<input name="target_type" placeholder="game" defaultValue={filters.target_type} /></label>
          <label>Target id<input name="target_id" defaultValue={filters.target_id} /></label>
          <label>Game id<input name="game_id" inputMode="numeric" defaultValue={filters.game_id} /></label>
        </div>
        <div class="row">
          <label>Actor user id<input name="actor_user_id" inputMode="numeric" defaultValue={filters.actor_user_id} /></label>
          <label>Since<input name="since" type="datetime-local" step="1" defaultValue={filters.since} /></label>
          <label>Until<input name="until" type="datetime-local" step="1" defaultValue={filters.until} /></label>
          <button type="submit">Filter</button>
        </div>
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
                  {Object.entries(entry.changes as Changes).map(([field, [before, after]]) => (
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

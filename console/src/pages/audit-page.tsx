import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { graphql } from '../api/generated';
import { useQuery } from '../api/hooks';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';
import { GamePicker, UserPicker } from '../components/search-picker';
import { auditField, auditValue, type Changes } from '../format/audit-values';

const AuditPageAudit = graphql(`query AuditPageAudit ($action: String, $target_type: String, $target_id: String, $game: SafeInt, $actor: SafeInt, $since: String, $until: String, $limit: Int, $offset: Int) {
  audit(action: $action, target_type: $target_type, target_id: $target_id, game_id: $game, actor_user_id: $actor, since: $since, until: $until, limit: $limit, offset: $offset) {
    id action actor_user_id actor_role actor_username target_type target_id target_name game_id game_name ip changes created_at
  }
}`);
const AuditPageActions = graphql(`query AuditPageActions { auditActions }`);
const PAGE = 50;
const FILTER_NAMES = ['action', 'target_type', 'target_id', 'game_id', 'actor_user_id', 'since', 'until'] as const;
type Filters = Record<(typeof FILTER_NAMES)[number], string>;
const NO_FILTERS = Object.fromEntries(FILTER_NAMES.map((name) => [name, ''])) as Filters;
/** The reader's time zone: the log's times are shown in it, and named once. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

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
    const next = Object.fromEntries(FILTER_NAMES.map((name) => [name, String(form.get(name) ?? '')])) as Filters;
    if (next.game_id === 'unmatched' || next.actor_user_id === 'unmatched') return; // the picker says what to fix
    setFilters(next);
    setOffset(0);
  };
  const actions = useQuery(AuditPageActions).data?.auditActions ?? [];
  const targetTypes = [...new Set(actions.map((action) => action.slice(0, action.indexOf('.'))))];
  const entries = log.data?.audit ?? [];
  return (
    <>
      <h1>Audit log</h1>
      <p class="muted">Every write of the API and the operator commands, newest first. Entries cannot be changed or deleted.</p>
      <form noValidate onSubmit={apply}>
        <div class="row">
          <label>Action
            <select name="action" aria-label="Action" defaultValue={filters.action}>
              <option value="">any action</option>
              {actions.map((action) => <option key={action} value={action}>{action}</option>)}
            </select>
          </label>
          <GamePicker label="Game" name="game_id" />
          <UserPicker label="Actor" name="actor_user_id" />
        </div>
        <div class="row">
          <label>Target type
            <select name="target_type" aria-label="Target type" defaultValue={filters.target_type}>
              <option value="">any target</option>
              {targetTypes.map((type) => <option key={type} value={type}>{type}</option>)}
            </select>
          </label>
          <label>Target id<input name="target_id" defaultValue={filters.target_id} /></label>
          <label>Since<input name="since" type="datetime-local" step="1" defaultValue={filters.since} /></label>
          <label>Until<input name="until" type="datetime-local" step="1" defaultValue={filters.until} /></label>
          <button type="submit">Filter</button>
        </div>
      </form>
      <Problem error={log.error} />
      <TableScroll label="Audit entries">
      <table data-testid="audit">
        <thead><tr><th>When ({TIME_ZONE})</th><th>Action</th><th>Target</th><th>Actor</th><th>Changes</th></tr></thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.created_at).toLocaleString()}</td>
              <td><code>{entry.action}</code></td>
              <td>
                <AuditTarget entry={entry} />
                {entry.game_id !== null && (
                  <small class="muted"> in {entry.game_name ? <Link href={`/games/${entry.game_id}`}>{entry.game_name}</Link> : `deleted game ${entry.game_id}`}</small>
                )}
              </td>
              <td>
                {entry.actor_user_id === null ? <em>operator command</em> : (
                  <><Link href={`/users/${entry.actor_user_id}`}>{entry.actor_username ?? `deleted user ${entry.actor_user_id}`}</Link> ({entry.actor_role})</>
                )}
                {entry.ip && <small class="muted"> {entry.ip}</small>}
              </td>
              <td>
                <ul class="changes">
                  {Object.entries(entry.changes as Changes).map(([field, [before, after]]) => (field === 'waits_until'
                    ? <li key={field}><strong>waits</strong> until {auditValue(field, after, entry.changes as Changes)}</li>
                    : <li key={field}><strong>{auditField(field)}</strong>: <del>{auditValue(field, before, entry.changes as Changes)}</del> → <ins>{auditValue(field, after, entry.changes as Changes)}</ins></li>))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </TableScroll>
      {entries.length === 0 && log.data && <p class="muted">No entries match.</p>}
      <div class="row">
        <button type="button" class="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
        <button type="button" class="outline" disabled={entries.length < PAGE} onClick={() => setOffset(offset + PAGE)}>Older</button>
      </div>
    </>
  );
}

/** An entry's target by name, a link where the console has a page for it. */
function AuditTarget({ entry }: { entry: { target_type: string; target_id?: string | null; target_name?: string | null; game_id?: number | null } }) {
  const { target_type: type, target_id: id, target_name: name, game_id: gameId } = entry;
  const kind = type.replace('_', ' ');
  if (id && name && type === 'game') return <>game <Link href={`/games/${id}`}>{name}</Link></>;
  if (id && name && type === 'user') return <>user <Link href={`/users/${id}`}>{name}</Link></>;
  if (id && name && type === 'user_game') return <Link href={`/wallets/${id}`}>{name}'s wallet</Link>;
  if (id && name && type === 'leaderboard' && gameId) return <>leaderboard <Link href={`/games/${gameId}/leaderboards/${id}`}>{name}</Link></>;
  if (name) return <>{kind} <strong>{name}</strong></>;
  return <>{kind} {id}</>;
}

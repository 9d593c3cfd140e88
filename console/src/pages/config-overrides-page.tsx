import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { VariableInput } from '../api/generated/graphql';
import { useAction, useQuery, useSession } from '../api/hooks';
import { actsOnGame } from '../api/session';
import { ConfirmButton } from '../components/confirm-button';
import { GameTabs } from '../components/game-tabs';
import { Field, FormErrors, Problem } from '../components/problem';
import { TableScroll } from '../components/table-scroll';

const OverridesList = graphql(`query OverridesList ($g: SafeInt!) { configOverrides(game_id: $g, limit: 1000) { id name starts_at ends_at live variables } variables(game_id: $g, limit: 1000) { key type table_value_type } config(game_id: $g) { overrides } }`);
const OverridesCreate = graphql(`mutation OverridesCreate ($g: SafeInt!, $input: ConfigOverrideInput!) { createConfigOverride(game_id: $g, input: $input) { id } }`);
const OverridesReplace = graphql(`mutation OverridesReplace ($g: SafeInt!, $id: SafeInt!, $input: ConfigOverrideInput!) { replaceConfigOverride(game_id: $g, id: $id, input: $input) { id } }`);
const OverridesDelete = graphql(`mutation OverridesDelete ($g: SafeInt!, $id: SafeInt!) { deleteConfigOverride(game_id: $g, id: $id) }`);

interface Definition { key: string; type: string; table_value_type?: string | null; number_value?: number; string_value?: string; items?: Array<{ key?: string; index?: number; number_value?: number; string_value?: string }> }
interface Override { id: number; name: string; starts_at: string; ends_at: string; live: boolean; variables: Definition[] }
/** One overridden value as the form holds it: the key, and its value as typed (JSON for a table or vector). */
interface Row { key: string; text: string }

const when = (at: string) => new Date(at).toLocaleString();
/** A `datetime-local` field's value for an ISO instant (local time, to the minute). */
const localInput = (at: string) => {
  const date = new Date(at);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const stateOf = (o: Override, now: number) => (o.live ? 'live' : Date.parse(o.starts_at) > now ? 'upcoming' : 'ended');

/** A definition's value as the form shows it: a number or text as is, a table as `{key: value}` JSON, a vector as an array. */
function textOf(definition: Definition): string {
  if (definition.type === 'number') return String(definition.number_value ?? '');
  if (definition.type === 'string') return definition.string_value ?? '';
  const value = (item: { number_value?: number; string_value?: string }) => item.number_value ?? item.string_value;
  if (definition.type === 'table') return JSON.stringify(Object.fromEntries((definition.items ?? []).map((item) => [item.key, value(item)])));
  const array: unknown[] = [];
  for (const item of definition.items ?? []) array[item.index ?? 0] = value(item);
  return JSON.stringify(Array.from(array, (v) => v ?? null));
}

/** The field an API error names for a value of this type. */
const valueField = (type: string | undefined) => (type === 'number' ? 'number_value' : type === 'string' ? 'string_value' : 'items');

/** A row as the API's input: the value fields of the variable's type (the API names any mistake). */
function inputOf(row: Row, type: string | undefined, valueType: string | null | undefined): VariableInput {
  if (type === 'number') return { key: row.key, number_value: row.text.trim() === '' ? null : Number(row.text) };
  if (type === 'string') return { key: row.key, string_value: row.text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.text || (type === 'table' ? '{}' : '[]'));
  } catch {
    parsed = null;
  }
  const field = valueType === 'string' ? 'string_value' : 'number_value';
  const items = type === 'table'
    ? Object.entries(parsed && typeof parsed === 'object' ? parsed : {}).map(([key, value]) => ({ key, [field]: value }))
    : (Array.isArray(parsed) ? parsed : []).flatMap((value, index) => (value === null ? [] : [{ index, [field]: value }]));
  return { key: row.key, items };
}

/**
 * A game's timed config overrides (SPEC §2.12): live events that change the config document by the
 * clock. A timeline of their windows with now marked, a list with each one's state, and a form to make
 * or change one (a later start wins a key where windows overlap).
 */
export function ConfigOverridesPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const list = useQuery(OverridesList, { g: gameId });
  const [editing, setEditing] = useState<Override | null>(null);
  /** Bumped after a save, so the form starts empty again. */
  const [saved, setSaved] = useState(0);
  const remove = useAction((id: number) => request(OverridesDelete, { g: gameId, id }));
  const overrides = (list.data?.configOverrides ?? []) as Override[];
  const variables = list.data?.variables ?? [];
  const now = Date.now();
  const user = useSession()?.user;
  // Out of a scoped moderator's games: the tabs say so, and this page offers nothing it would refuse.
  if (!actsOnGame(user, gameId)) return <><GameTabs gameId={gameId} /><h1>Live events</h1></>;
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>Live events</h1>
      <p class="muted">While an event's window is open, game clients get its values in the config document instead of the variables' own. Events are not config versions: a rollback leaves them alone.</p>
      {list.data?.config && <p data-testid="live-now">{list.data.config.overrides.length ? <>Live now: <strong>{list.data.config.overrides.join(', ')}</strong></> : 'No event is live now.'}</p>}
      <Problem error={list.error ?? remove.error} />
      {overrides.length > 0 && <Timeline overrides={overrides} now={now} />}
      <TableScroll label="Events">
        <table data-testid="overrides">
          <thead><tr><th>Name</th><th>Starts</th><th>Ends</th><th>State</th><th>Variables</th><th /></tr></thead>
          <tbody>
            {overrides.map((o) => (
              <tr key={o.id}>
                <td>{o.name}</td><td>{when(o.starts_at)}</td><td>{when(o.ends_at)}</td><td>{stateOf(o, now)}</td>
                <td>{o.variables.map((v) => v.key).join(', ')}</td>
                <td>
                  <button type="button" class="outline" aria-label={`Edit ${o.name}`} onClick={() => setEditing(o)}>Edit</button>{' '}
                  <ConfirmButton label="Delete" accessibleName={`Delete ${o.name}`} question={`Delete event ${o.name}?`}
                    consequence={o.live ? 'It is live: game clients get the variables\' own values at once.' : 'Its window will not open.'}
                    action={{ ...remove, run: () => remove.run(o.id) }} onDone={list.reload} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {list.data && overrides.length === 0 && <p class="muted">No events yet.</p>}
      {list.data && (
        <OverrideForm key={editing ? `edit ${editing.id}` : `new ${saved}`} gameId={gameId} variables={variables} editing={editing}
          onDone={() => { setEditing(null); setSaved(saved + 1); list.reload(); }} onCancel={() => setEditing(null)} />
      )}
    </>
  );
}

/** The windows on one time axis, from the earliest start to the latest end (now always inside), now marked. */
function Timeline({ overrides, now }: { overrides: Override[]; now: number }) {
  const from = Math.min(now, ...overrides.map((o) => Date.parse(o.starts_at)));
  const to = Math.max(now, ...overrides.map((o) => Date.parse(o.ends_at)));
  const span = Math.max(1, to - from);
  const share = (t: number) => ((t - from) / span) * 100;
  const at = (t: number) => `${share(t).toFixed(2)}%`;
  const ordered = [...overrides].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return (
    <figure class="timeline" data-testid="timeline" aria-label="Events on a time axis">
      <div class="timeline-now" style={{ left: at(now) }} title={`now, ${new Date(now).toLocaleString()}`}><span>now</span></div>
      {dayTicks(from, to).map((tick) => <div key={tick} class="timeline-tick" style={{ left: at(tick) }} aria-hidden="true" />)}
      {ordered.map((o) => {
        const start = share(Date.parse(o.starts_at));
        const end = share(Date.parse(o.ends_at));
        // The name sits above its bar, whole: from the bar's start, or ending at the bar's end when the bar is in the right half.
        const label = start > 50 ? { right: `${(100 - end).toFixed(2)}%` } : { left: `${start.toFixed(2)}%` };
        return (
          <div key={o.id} class="timeline-row">
            <span class="timeline-label" style={label}>{o.name}</span>
            <span class={`timeline-bar ${stateOf(o, now)}`} style={{ left: `${start.toFixed(2)}%`, width: `max(2px, ${(end - start).toFixed(2)}%)` }}
              title={`${o.name}: ${when(o.starts_at)} – ${when(o.ends_at)}`} />
          </div>
        );
      })}
      <div class="timeline-axis" data-testid="timeline-axis">
        {dayTicks(from, to).map((tick) => <span key={tick} style={{ left: at(tick) }}>{DAY.format(tick)}</span>)}
      </div>
      <figcaption class="muted"><span>{new Date(from).toLocaleString()}</span><span>{new Date(to).toLocaleString()}</span></figcaption>
    </figure>
  );
}

const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const DAY_MS = 86_400_000;

/** Local midnights between `from` and `to`, every day or every few days so that at most 7 are marked. */
function dayTicks(from: number, to: number): number[] {
  const first = new Date(from);
  first.setHours(24, 0, 0, 0);
  const days = Math.ceil((to - first.getTime()) / DAY_MS);
  const every = Math.max(1, Math.ceil(days / 7));
  const ticks: number[] = [];
  for (const day = new Date(first); day.getTime() < to && ticks.length < 8; day.setDate(day.getDate() + every)) ticks.push(day.getTime());
  return ticks;
}

function OverrideForm({ gameId, variables, editing, onDone, onCancel }: {
  gameId: number;
  variables: ReadonlyArray<{ key: string; type: string; table_value_type?: string | null }>;
  editing: Override | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [starts, setStarts] = useState(editing ? localInput(editing.starts_at) : '');
  const [ends, setEnds] = useState(editing ? localInput(editing.ends_at) : '');
  const [rows, setRows] = useState<Row[]>(editing ? editing.variables.map((v) => ({ key: v.key, text: textOf(v) })) : [{ key: variables[0]?.key ?? '', text: '' }]);
  const typeOf = new Map(variables.map((v) => [v.key, v]));
  const save = useAction(async (input: { name: string; starts_at: string; ends_at: string; variables: VariableInput[] }): Promise<boolean> =>
    (editing ? Boolean((await request(OverridesReplace, { g: gameId, id: editing.id, input })).replaceConfigOverride)
      : Boolean((await request(OverridesCreate, { g: gameId, input })).createConfigOverride)));
  const setRow = (i: number, changes: Partial<Row>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...changes } : row)));
  const instant = (local: string) => (local ? new Date(local).toISOString() : '');
  return (
    <section aria-labelledby="override-form">
      <h2 id="override-form">{editing ? `Change ${editing.name}` : 'New event'}</h2>
      <FormErrors>
        <form noValidate aria-label={editing ? `Change ${editing.name}` : 'New event'} onSubmit={async (event) => {
          event.preventDefault();
          const input = {
            name: name.trim(), starts_at: instant(starts), ends_at: instant(ends),
            variables: rows.map((row) => inputOf(row, typeOf.get(row.key)?.type, typeOf.get(row.key)?.table_value_type)),
          };
          if (await save.run(input)) onDone();
        }}>
          <div class="row">
            <Field label="Name" path="name" error={save.error} hint="e.g. Double XP weekend"><input name="name" maxLength={64} value={name} onInput={(e) => setName(e.currentTarget.value)} /></Field>
            <Field label="Starts" path="starts_at" error={save.error}><input name="starts_at" type="datetime-local" value={starts} onInput={(e) => setStarts(e.currentTarget.value)} /></Field>
            <Field label="Ends" path="ends_at" error={save.error}><input name="ends_at" type="datetime-local" value={ends} onInput={(e) => setEnds(e.currentTarget.value)} /></Field>
          </div>
          {rows.map((row, i) => {
            const variable = typeOf.get(row.key);
            const hint = variable?.type === 'table' ? '{"key": value}' : variable?.type === 'vector' ? '[value, …]' : '';
            return (
              <div class="row" key={i}>
                <Field label={`Variable ${i + 1}`} path={`variables[${i}].key`} error={save.error}>
                  <select name={`key_${i}`} value={row.key} onChange={(e) => setRow(i, { key: e.currentTarget.value })}>
                    {variables.map((v) => <option key={v.key} value={v.key}>{v.key} ({v.type})</option>)}
                  </select>
                </Field>
                <Field label={`Value ${i + 1}`} path={`variables[${i}].${valueField(variable?.type)}`} error={save.error}>
                  {variable?.type === 'table' || variable?.type === 'vector'
                    ? <textarea name={`value_${i}`} rows={2} placeholder={hint} value={row.text} onInput={(e) => setRow(i, { text: e.currentTarget.value })} />
                    : <input name={`value_${i}`} type={variable?.type === 'number' ? 'number' : 'text'} step="any" value={row.text} onInput={(e) => setRow(i, { text: e.currentTarget.value })} />}
                </Field>
                {rows.length > 1 && <button type="button" class="secondary outline" aria-label={`Remove variable ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>×</button>}
              </div>
            );
          })}
          <div class="row">
            <button type="button" class="outline" onClick={() => setRows([...rows, { key: variables[0]?.key ?? '', text: '' }])}>Add a variable</button>
            <button type="submit" disabled={save.busy}>{editing ? 'Save event' : 'Make event'}</button>
            {editing && <button type="button" class="secondary" onClick={onCancel}>Cancel</button>}
          </div>
        </form>
        <Problem error={save.error} />
      </FormErrors>
    </section>
  );
}

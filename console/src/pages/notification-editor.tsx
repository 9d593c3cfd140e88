import { useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { graphql } from '../api/generated';
import type { LanguageOptionFragment, NotificationDraftFragment } from '../api/generated/graphql';
import { Field, FormErrors, Problem } from '../components/problem';

/** What the editor edits and sends as a NotificationInput (spread as `...NotificationDraft`). */
graphql(`fragment NotificationDraft on Notification { name descriptions { language_id description } variables { key } entries { time_second image login variables { key value } } }`);
graphql(`fragment LanguageOption on Language { id code name }`);

/** The draft, with the id of a notification that exists. */
export type Notification = NotificationDraftFragment & { id?: number };
export type Language = LanguageOptionFragment;
type NotificationEntry = Notification['entries'][number];

const BUILT_IN_MACROS = ['{{time_second}}', '{{image}}', '{{login}}'];
export const macrosOf = (notification: Notification) => [...BUILT_IN_MACROS, ...notification.variables.map((v) => `{{${v.key}}}`)];

/** The description with every {{macro}} marked: known ones highlighted, unknown ones flagged. */
export function MacroPreview({ text, macros }: { text: string; macros: readonly string[] }) {
  const parts = text.split(/(\{\{[^{}]*\}\})/g);
  return (
    <p class="preview" data-testid="description-preview">
      {parts.map((part, i) =>
        /^\{\{[^{}]*\}\}$/.test(part) ? <mark key={i} class={macros.includes(part) ? 'macro' : 'macro unknown'}>{part}</mark> : part)}
    </p>
  );
}

/** Entries keep a value for every custom variable: adding or renaming one updates them all. */
function withEntryValues(notification: Notification): Notification {
  const keys = notification.variables.map((v) => v.key);
  return {
    ...notification,
    entries: notification.entries.map((entry) => ({
      ...entry,
      variables: keys.map((key) => ({ key, value: entry.variables.find((v) => v.key === key)?.value ?? '' })),
    })),
  };
}

/** Descriptions per language with the macros offered as chips, custom variables, timed entries. */
export function NotificationEditor({ initial, languages, submitLabel, action, onSubmit }: {
  initial: Notification;
  languages: readonly Language[];
  submitLabel: string;
  action: { busy: boolean; error: ApiError | null };
  onSubmit: (notification: Notification) => unknown;
}) {
  const [draft, setDraft] = useState<Notification>(initial);
  const [focused, setFocused] = useState(0);
  /** The description last edited and where its caret (or selection) was when it lost the focus. */
  const caret = useRef<{ area: HTMLTextAreaElement; start: number; end: number } | null>(null);
  const update = (changes: Partial<Notification>) => setDraft(withEntryValues({ ...draft, ...changes }));
  const macros = macrosOf(draft);
  /** Puts the macro where the caret of the description last edited is (over its selection), then the caret after it. */
  const insertMacro = (macro: string) => {
    const text = draft.descriptions[focused]?.description ?? '';
    const area = caret.current?.area;
    const start = Math.min(caret.current?.start ?? text.length, text.length);
    const end = Math.min(caret.current?.end ?? start, text.length);
    const descriptions = draft.descriptions.map((d, i) => (i === focused ? { ...d, description: text.slice(0, start) + macro + text.slice(end) } : d));
    update({ descriptions });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + macro.length, start + macro.length);
    });
  };
  const unused = languages.filter((language) => !draft.descriptions.some((d) => d.language_id === language.id));
  return (
    <FormErrors>
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <Field label="Name" path="name" error={action.error}>
        <input name="name" value={draft.name} onInput={(e) => update({ name: e.currentTarget.value })} />
      </Field>

      <h4>Custom variables</h4>
      {draft.variables.map((variable, i) => (
        <div class="row" key={i}>
          <Field label={`Variable ${i + 1}`} path={`variables[${i}].key`} error={action.error}>
            <input name={`variable-${i}`} value={variable.key} onInput={(e) => update({ variables: draft.variables.map((v, j) => (j === i ? { key: e.currentTarget.value } : v)) })} />
          </Field>
          <button type="button" class="secondary outline" aria-label={`Remove variable ${i + 1}`} onClick={() => update({ variables: draft.variables.filter((_, j) => j !== i) })}>Remove</button>
        </div>
      ))}
      <button type="button" class="outline" onClick={() => update({ variables: [...draft.variables, { key: '' }] })}>Add variable</button>

      <h4>Descriptions</h4>
      <div class="chips" aria-label="Macros">
        {macros.map((macro) => (
          <button type="button" class="chip" key={macro} onClick={() => insertMacro(macro)} title="Insert into the description being edited">{macro}</button>
        ))}
      </div>
      {draft.descriptions.map((description, i) => (
        <div key={description.language_id}>
          <Field label={`Description (${languages.find((l) => l.id === description.language_id)?.name ?? description.language_id})`} path={`descriptions[${i}].description`} error={action.error}>
            <textarea
              name={`description-${i}`}
              value={description.description}
              onFocus={() => setFocused(i)}
              onBlur={(e) => { caret.current = { area: e.currentTarget, start: e.currentTarget.selectionStart, end: e.currentTarget.selectionEnd }; }}
              onInput={(e) => update({ descriptions: draft.descriptions.map((d, j) => (j === i ? { ...d, description: e.currentTarget.value } : d)) })}
            />
          </Field>
          <MacroPreview text={description.description} macros={macros} />
          <button type="button" class="secondary outline" onClick={() => update({ descriptions: draft.descriptions.filter((_, j) => j !== i) })}>Remove language</button>
        </div>
      ))}
      {unused.length > 0 && (
        <select aria-label="Add a language" value="" onChange={(e) => update({ descriptions: [...draft.descriptions, { language_id: Number(e.currentTarget.value), description: '' }] })}>
          <option value="">Add a language…</option>
          {unused.map((language) => <option key={language.id} value={language.id}>{language.name} ({language.code})</option>)}
        </select>
      )}

      <h4>Entries</h4>
      <table>
        <thead>
          <tr><th>Time (s)</th><th>Image</th><th>Login</th>{draft.variables.map((v) => <th key={v.key}>{v.key || '…'}</th>)}<th /></tr>
        </thead>
        <tbody>
          {draft.entries.map((entry, i) => {
            const setEntry = (changes: Partial<NotificationEntry>) => update({ entries: draft.entries.map((e, j) => (j === i ? { ...e, ...changes } : e)) });
            return (
              <tr key={i}>
                <td><Field label="" path={`entries[${i}].time_second`} error={action.error}><input aria-label={`Entry ${i + 1} time`} type="number" value={entry.time_second} onInput={(e) => setEntry({ time_second: Number(e.currentTarget.value) })} /></Field></td>
                <td><input aria-label={`Entry ${i + 1} image`} value={entry.image} onInput={(e) => setEntry({ image: e.currentTarget.value })} /></td>
                <td><input aria-label={`Entry ${i + 1} login`} value={entry.login} onInput={(e) => setEntry({ login: e.currentTarget.value })} /></td>
                {entry.variables.map((value, k) => (
                  <td key={value.key}>
                    <input aria-label={`Entry ${i + 1} ${value.key}`} value={value.value} onInput={(e) => setEntry({ variables: entry.variables.map((v, m) => (m === k ? { ...v, value: e.currentTarget.value } : v)) })} />
                  </td>
                ))}
                <td><button type="button" class="secondary outline" aria-label={`Remove entry ${i + 1}`} onClick={() => update({ entries: draft.entries.filter((_, j) => j !== i) })}>Remove</button></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" class="outline" onClick={() => update({ entries: [...draft.entries, { time_second: 0, image: '', login: '', variables: [] }] })}>Add entry</button>
      <EntryPreview draft={draft} languages={languages} />
      <Problem error={action.error} />
      <button type="submit" aria-busy={action.busy}>{submitLabel}</button>
    </form>
    </FormErrors>
  );
}

/** A description with an entry's values in place of its macros (one it does not know stays as written). */
export function withEntryValuesIn(text: string, entry: NotificationEntry): string {
  const values: Record<string, string> = { time_second: String(entry.time_second), image: entry.image, login: entry.login };
  for (const { key, value } of entry.variables) values[key] = value;
  return text.replace(/\{\{([^{}]*)\}\}/g, (macro, key: string) => values[key] ?? macro);
}

/** What each entry sends, in each language: the descriptions with the entry's values in place. */
function EntryPreview({ draft, languages }: { draft: Notification; languages: readonly Language[] }) {
  if (draft.entries.length === 0 || draft.descriptions.length === 0) return null;
  return (
    <section aria-label="Preview of the entries" data-testid="entry-preview">
      <h4>Preview</h4>
      {draft.entries.map((entry, i) => (
        <div key={i}>
          <h5>Entry {i + 1}, at {entry.time_second} s</h5>
          <ul>
            {draft.descriptions.map((d) => (
              <li key={d.language_id}>
                <strong>{languages.find((l) => l.id === d.language_id)?.name ?? d.language_id}:</strong> {withEntryValuesIn(d.description, entry)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

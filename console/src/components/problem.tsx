import { cloneElement, createContext, isValidElement, type ComponentChildren } from 'preact';
import { useContext, useId, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api/client';

/**
 * The paths a form's Fields show their errors at, so the form's Problem repeats none of them. A form
 * wraps its fields and its Problem in a FormErrors; the Problem comes after the fields.
 */
const ShownPaths = createContext<Set<string> | null>(null);
/** How many times the form has been edited: a form's banner goes once the form is edited after it came. */
const Edits = createContext(0);

export function FormErrors({ children }: { children: ComponentChildren }) {
  const [edits, setEdits] = useState(0);
  const edited = () => setEdits((n) => n + 1);
  // `display: contents`: the wrapper only listens; the form lays out as if it were not there.
  return (
    <div class="form-errors" style={{ display: 'contents' }} onInput={edited} onChange={edited}>
      <Edits.Provider value={edits}>
        <ShownPaths.Provider value={new Set()}>{children}</ShownPaths.Provider>
      </Edits.Provider>
    </div>
  );
}

/** `items[2].key` as a person reads it beside a form that numbers items from 1: "Item 3 key". */
export function readablePath(path: string): string {
  return path
    .replace(/(\w+)\[(\d+)\]/g, (_, list: string, index: string) => `${singular(list)} ${Number(index) + 1}`)
    .replace(/[._]/g, ' ')
    .replace(/^\w/, (first) => first.toUpperCase());
}

const singular = (list: string) => list.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * A failed request's problem, once: an error that names fields the form shows (FormErrors) is shown at
 * those fields and only announced here; what no field shows (a 409 without a field, a server error,
 * a field the form lacks) is the banner, in plain words.
 */
export function Problem({ error }: { error: ApiError | null }) {
  const shown = useContext(ShownPaths);
  const edits = useContext(Edits);
  // The banner stays until the form is edited after it came (its cause may be gone) or another error replaces it.
  const since = useRef<{ error: ApiError | null; edits: number }>({ error: null, edits: 0 });
  if (since.current.error !== error) since.current = { error, edits };
  if (!error || edits > since.current.edits) return null;
  const elsewhere = error.fields.filter((problem) => !shown?.has(problem.path));
  if (error.fields.length > 0 && elsewhere.length === 0) {
    const count = error.fields.length;
    return <p class="visually-hidden" role="alert">{count === 1 ? 'One field needs attention.' : `${count} fields need attention.`}</p>;
  }
  const message = elsewhere.length > 0 ? elsewhere.map((problem) => `${readablePath(problem.path) || 'The body'} ${problem.message}`).join('; ') : error.message;
  return (
    <p class="problem" role="alert" data-code={error.code}>
      {message}
    </p>
  );
}

/**
 * A form field with its label and the API's message for its path (SPEC's `errors[].path`): the input
 * is marked invalid and described by the message, which goes once the field is edited.
 */
export function Field({ label, path, error, hint, children }: {
  label: string;
  path: string;
  error: ApiError | null;
  /** What to type, shown under the field (an example stays out of the field, where it would look like a value). */
  hint?: string;
  children: ComponentChildren;
}) {
  const shown = useContext(ShownPaths);
  shown?.add(path);
  const messageId = useId();
  const [editedAfter, setEditedAfter] = useState<ApiError | null>(null);
  const message = error && editedAfter !== error ? error.field(path) : undefined;
  const hintId = useId();
  const describedBy = message ? messageId : hint ? hintId : undefined;
  const control = describedBy && isValidElement(children) ? cloneElement(children, { ...(message ? { 'aria-invalid': 'true' } : {}), 'aria-describedby': describedBy }) : children;
  // The message is outside the label: the control's name stays its label, the message describes it.
  return (
    <div class={message ? 'field invalid' : 'field'} onInput={() => setEditedAfter(error)} onChange={() => setEditedAfter(error)}>
      <label>
        {label}
        {control}
      </label>
      {message ? (
        <small class="field-error" id={messageId} data-path={path}>
          {message}
        </small>
      ) : hint && <small class="muted" id={hintId}>{hint}</small>}
    </div>
  );
}

import { useId, useState } from 'preact/hooks';
import { graphql } from '../api/generated';
import { useQuery } from '../api/hooks';

const PickerUsers = graphql(`query PickerUsers ($search: String) { users(search: $search, limit: 10) { id username email } }`);
const PickerGames = graphql(`query PickerGames ($search: String) { games(search: $search, limit: 10) { id name slug } }`);

export interface Picked {
  readonly id: number;
  readonly label: string;
}

/** What a typed label searches for: "Poker (poker-eu)" searches "Poker". */
const searchOf = (text: string) => text.replace(/\s*\([^)]*\)?\s*$/, '').trim();

/** Users matching a search, labelled so that each is told apart (by email). */
function useUserOptions(search: string): Picked[] {
  const users = useQuery(PickerUsers, { search: search || null });
  return (users.data?.users ?? []).map((user) => ({ id: user.id, label: `${user.username} (${user.email})` }));
}

/** Games matching a search, labelled so that each is told apart (by slug). */
function useGameOptions(search: string): Picked[] {
  const games = useQuery(PickerGames, { search: search || null });
  return (games.data?.games ?? []).map((game) => ({ id: game.id, label: `${game.name} (${game.slug})` }));
}

interface PickerProps {
  readonly label: string;
  /** The hidden input's name: the form reads the chosen id there. */
  readonly name: string;
  readonly initial?: Picked | null;
  /** A problem the form found with the picker (its text not yet applied, say): shown at the field. */
  readonly problem?: string;
  /** Called when the text is edited (the form may clear its problem). */
  readonly onEdit?: () => void;
}

/**
 * What a form's picker holds: the chosen one, 'none' (its text is empty) or 'unmatched' (text that
 * names none of the list: the picker says so at its field).
 */
export function readPicked(form: HTMLFormElement, name: string): Picked | 'none' | 'unmatched' {
  const hidden = form.elements.namedItem(name) as HTMLInputElement | null;
  const value = hidden?.value ?? '';
  if (value === '') return 'none';
  if (value === 'unmatched') return 'unmatched';
  return { id: Number(value), label: hidden?.dataset.label || `${value}` };
}

export const UserPicker = (props: PickerProps) => <SearchPicker {...props} kind="user" useOptions={useUserOptions} />;
export const GamePicker = (props: PickerProps) => <SearchPicker {...props} kind="game" useOptions={useGameOptions} />;

/**
 * A user or a game chosen by typing part of its name: the list offers the matches, and the form
 * receives the chosen one's id (a hidden input named `name`). Text that names none of them is said to
 * be so, never sent as a filter that silently matches nothing.
 */
function SearchPicker({ label, name, kind, initial, problem, onEdit, useOptions }: PickerProps & { kind: 'user' | 'game'; useOptions: (search: string) => Picked[] }) {
  const [text, setText] = useState(initial?.label ?? '');
  const options = useOptions(searchOf(text));
  const listId = useId();
  const hintId = useId();
  const picked = options.find((option) => option.label === text) ?? (initial && initial.label === text ? initial : undefined);
  const unmatched = text.trim() !== '' && !picked;
  const message = problem ?? (unmatched ? `Pick a ${kind} from the list` : undefined);
  return (
    <div class={message ? 'field invalid' : 'field'}>
      <label>
      {label}
      <input type="search" list={listId} value={text} autoComplete="off" placeholder={kind === 'user' ? 'username or email' : 'name or slug'}
        aria-invalid={message ? 'true' : undefined} aria-describedby={message ? hintId : undefined}
        onInput={(e) => { setText(e.currentTarget.value); onEdit?.(); }} />
      <datalist id={listId}>
        {options.map((option) => <option key={option.id} value={option.label} />)}
      </datalist>
      </label>
      <input type="hidden" name={name} value={picked ? String(picked.id) : unmatched ? 'unmatched' : ''} data-label={picked?.label ?? ''} />
      {message && <small class="field-error" id={hintId}>{message}</small>}
    </div>
  );
}

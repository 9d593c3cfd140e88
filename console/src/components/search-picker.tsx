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
}

export const UserPicker = (props: PickerProps) => <SearchPicker {...props} kind="user" useOptions={useUserOptions} />;
export const GamePicker = (props: PickerProps) => <SearchPicker {...props} kind="game" useOptions={useGameOptions} />;

/**
 * A user or a game chosen by typing part of its name: the list offers the matches, and the form
 * receives the chosen one's id (a hidden input named `name`). Text that names none of them is said to
 * be so, never sent as a filter that silently matches nothing.
 */
function SearchPicker({ label, name, kind, initial, useOptions }: PickerProps & { kind: 'user' | 'game'; useOptions: (search: string) => Picked[] }) {
  const [text, setText] = useState(initial?.label ?? '');
  const options = useOptions(searchOf(text));
  const listId = useId();
  const hintId = useId();
  const picked = options.find((option) => option.label === text) ?? (initial && initial.label === text ? initial : undefined);
  const unmatched = text.trim() !== '' && !picked;
  return (
    <div class={unmatched ? 'field invalid' : 'field'}>
      <label>
      {label}
      <input type="search" list={listId} value={text} autoComplete="off" placeholder={kind === 'user' ? 'username or email' : 'name or slug'}
        aria-invalid={unmatched ? 'true' : undefined} aria-describedby={unmatched ? hintId : undefined}
        onInput={(e) => setText(e.currentTarget.value)} />
      <datalist id={listId}>
        {options.map((option) => <option key={option.id} value={option.label} />)}
      </datalist>
      </label>
      <input type="hidden" name={name} value={picked ? String(picked.id) : unmatched ? 'unmatched' : ''} />
      {unmatched && <small class="field-error" id={hintId}>Pick a {kind} from the list</small>}
    </div>
  );
}

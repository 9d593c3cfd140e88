import { useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { ConfirmButton } from '../components/confirm-button';
import { Field, FormErrors, Problem } from '../components/problem';
import { GamePicker, readPicked, type Picked } from '../components/search-picker';
import { TableScroll } from '../components/table-scroll';

const ApiKeysList = graphql(`query ApiKeysList { apiKeys(limit: 1000) { id name game_ids created_at expires_at last_used_at revoked_at } games(limit: 1000) { id name } }`);
const ApiKeysCreate = graphql(`mutation ApiKeysCreate ($input: ApiKeyCreateInput!) { createApiKey(input: $input) { id name secret } }`);
const ApiKeysRevoke = graphql(`mutation ApiKeysRevoke ($id: SafeInt!) { revokeApiKey(id: $id) }`);

const when = (at: string | null | undefined) => (at ? new Date(at).toLocaleString() : '');

/** A key's state as the engine treats it: revoked, expired (refused as a revoked one), or active. */
function stateOf(key: { revoked_at?: string | null; expires_at?: string | null }): string {
  if (key.revoked_at) return `revoked ${when(key.revoked_at)}`;
  if (key.expires_at && new Date(key.expires_at).getTime() <= Date.now()) return `expired ${when(key.expires_at)}`;
  return 'active';
}

/**
 * Server API keys (SPEC §2.12): what game servers call the gRPC engine with. An admin makes one (its
 * secret shown once, here), limits it to games or not, and revokes it: every engine process refuses
 * it within a second.
 */
export function ApiKeysPage() {
  const list = useQuery(ApiKeysList);
  const revoke = useAction((id: number) => request(ApiKeysRevoke, { id }));
  const gameNames = new Map((list.data?.games ?? []).map((game) => [game.id, game.name]));
  const keys = list.data?.apiKeys ?? [];
  const scopeOf = (ids: readonly number[] | null | undefined) => (ids?.length ? ids.map((id) => gameNames.get(id) ?? `game ${id}`).join(', ') : 'every game');
  return (
    <>
      <h1>API keys</h1>
      <p class="muted">Game servers call the engine with a key: <code>authorization: Bearer &lt;secret&gt;</code>. A key limited to games cannot touch another game's wallets.</p>
      <NewApiKey onDone={list.reload} activeNames={keys.filter((key) => stateOf(key) === 'active').map((key) => key.name)} />
      <Problem error={list.error ?? revoke.error} />
      <TableScroll label="API keys">
        <table data-testid="api-keys">
          <thead><tr><th>Name</th><th>Games</th><th>Created</th><th>Expires</th><th>Last used</th><th>State</th><th /></tr></thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td><td>{scopeOf(key.game_ids)}</td><td>{when(key.created_at)}</td><td>{when(key.expires_at) || 'never'}</td>
                <td>{when(key.last_used_at) || 'not yet'}</td><td>{stateOf(key)}</td>
                <td>
                  {stateOf(key) === 'active' && (
                    <ConfirmButton label="Revoke" accessibleName={`Revoke ${key.name}`} question={`Revoke ${key.name}?`}
                      consequence="Every engine process refuses it within a second; game servers using it must get a new key." action={{ ...revoke, run: () => revoke.run(key.id) }} onDone={list.reload} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {list.data && keys.length === 0 && <p class="muted">No keys yet.</p>}
    </>
  );
}

/**
 * A new key's form. The game picker's text counts only once "Add game" took it: a form with text left
 * in the picker does not submit (it says so at the picker). With no game added, the key acts on every
 * game, and only when "Every game" is ticked, its consequence stated beside it. A name an active key
 * has is refused here (the API allows it; two keys of one name cannot be told apart in this list).
 */
function NewApiKey({ onDone, activeNames }: { onDone: () => void; activeNames: readonly string[] }) {
  const [name, setName] = useState('');
  const [games, setGames] = useState<Picked[]>([]);
  const [expires, setExpires] = useState('');
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [everyGame, setEveryGame] = useState(false);
  const [problems, setProblems] = useState<{ name?: string; scope_game?: string; scope?: string }>({});
  /** Bumped to empty the game picker (it keeps its own text) once its game is added. */
  const [pickerRound, setPickerRound] = useState(0);
  const create = useAction((input: { name: string; game_ids: number[]; expires_at?: string }) => request(ApiKeysCreate, { input }));
  return (
    <section aria-labelledby="new-api-key">
      <h2 id="new-api-key">New key</h2>
      <FormErrors>
        <form noValidate aria-label="New API key" onSubmit={async (event) => {
          event.preventDefault();
          setMade(null);
          const inPicker = readPicked(event.currentTarget as HTMLFormElement, 'scope_game');
          const found: typeof problems = {};
          if (activeNames.includes(name.trim())) found.name = 'An active key has this name already: give this one a name of its own.';
          if (inPicker !== 'none') found.scope_game = 'Press "Add game" to limit the key to this game, or clear the field.';
          else if (games.length === 0 && !everyGame) found.scope = 'Add the games this key may act on, or tick "Every game".';
          setProblems(found);
          if (Object.keys(found).length > 0) return;
          const done = await create.run({ name: name.trim(), game_ids: games.map((game) => game.id), ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) });
          if (!done?.createApiKey) return;
          setMade({ name: done.createApiKey.name, secret: done.createApiKey.secret });
          setCopied(false);
          setName('');
          setGames([]);
          setExpires('');
          setEveryGame(false);
          onDone();
        }}>
          <div class="row">
            <div>
              <Field label="Name" path="name" error={create.error}>
                <input name="name" maxLength={255} value={name} aria-invalid={problems.name ? 'true' : undefined} onInput={(e) => { setName(e.currentTarget.value); setProblems({ ...problems, name: undefined }); }} />
              </Field>
              <small class={problems.name ? 'field-error' : 'muted'}>{problems.name ?? 'What the key is for, e.g. the servers that use it.'}</small>
            </div>
            <Field label="Expires (optional)" path="expires_at" error={create.error}>
              <input name="expires_at" type="datetime-local" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
            </Field>
          </div>
          <div class="row">
            <GamePicker key={pickerRound} label="Limit to a game" name="scope_game" problem={problems.scope_game} onEdit={() => setProblems({ ...problems, scope_game: undefined })} />
            <button type="button" class="outline" onClick={(event) => {
              const picked = readPicked((event.currentTarget as HTMLButtonElement).form!, 'scope_game');
              if (typeof picked === 'string') {
                setProblems({ ...problems, scope_game: 'Pick a game from the list first.' });
                return;
              }
              if (!games.some((game) => game.id === picked.id)) setGames([...games, picked]);
              setProblems({ ...problems, scope_game: undefined, scope: undefined });
              setPickerRound(pickerRound + 1);
            }}>Add game</button>
          </div>
          {games.length > 0 ? (
            <p data-testid="key-scope">
              Only:{' '}
              {games.map((game) => (
                <button key={game.id} type="button" class="secondary outline" aria-label={`Remove ${game.label}`} onClick={() => setGames(games.filter((other) => other.id !== game.id))}>{game.label} ×</button>
              ))}
            </p>
          ) : (
            <div class={problems.scope ? 'field invalid' : 'field'} data-testid="key-scope">
              <label>
                <input type="checkbox" name="every_game" checked={everyGame} aria-invalid={problems.scope ? 'true' : undefined}
                  onChange={(e) => { setEveryGame(e.currentTarget.checked); setProblems({ ...problems, scope: undefined }); }} />
                Every game: this key may reserve, settle and read wallets of every game, present and future
              </label>
              {problems.scope && <small class="field-error" role="alert">{problems.scope}</small>}
            </div>
          )}
          <button type="submit" disabled={create.busy}>Make key</button>
        </form>
        <Problem error={create.error} />
      </FormErrors>
      {made && (
        <article class="created" role="status" data-testid="new-secret">
          <p>Key <strong>{made.name}</strong> made. Its secret, shown this once (only a hash is kept):</p>
          <p><code>{made.secret}</code></p>
          <button type="button" class="outline" onClick={async () => {
            await navigator.clipboard?.writeText(made.secret).catch(() => undefined);
            setCopied(true);
          }}>{copied ? 'Copied' : 'Copy secret'}</button>
        </article>
      )}
    </section>
  );
}

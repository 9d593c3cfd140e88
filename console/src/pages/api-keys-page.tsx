import { useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { ConfirmButton } from '../components/confirm-button';
import { Field, FormErrors, Problem } from '../components/problem';
import { GamePicker, type Picked } from '../components/search-picker';
import { TableScroll } from '../components/table-scroll';

const ApiKeysList = graphql(`query ApiKeysList { apiKeys(limit: 1000) { id name game_ids created_at expires_at last_used_at revoked_at } games(limit: 1000) { id name } }`);
const ApiKeysCreate = graphql(`mutation ApiKeysCreate ($input: ApiKeyCreateInput!) { createApiKey(input: $input) { id name secret } }`);
const ApiKeysRevoke = graphql(`mutation ApiKeysRevoke ($id: SafeInt!) { revokeApiKey(id: $id) }`);

const when = (at: string | null | undefined) => (at ? new Date(at).toLocaleString() : '');

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
      <NewApiKey onDone={list.reload} />
      <Problem error={list.error ?? revoke.error} />
      <TableScroll label="API keys">
        <table data-testid="api-keys">
          <thead><tr><th>Name</th><th>Games</th><th>Created</th><th>Expires</th><th>Last used</th><th>State</th><th /></tr></thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td><td>{scopeOf(key.game_ids)}</td><td>{when(key.created_at)}</td><td>{when(key.expires_at) || 'never'}</td>
                <td>{when(key.last_used_at) || 'not yet'}</td><td>{key.revoked_at ? `revoked ${when(key.revoked_at)}` : 'active'}</td>
                <td>
                  {!key.revoked_at && (
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

function NewApiKey({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [games, setGames] = useState<Picked[]>([]);
  const [expires, setExpires] = useState('');
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  /** Bumped to empty the game picker (it keeps its own text) once its game is added. */
  const [pickerRound, setPickerRound] = useState(0);
  const create = useAction((input: { name: string; game_ids: number[]; expires_at?: string }) => request(ApiKeysCreate, { input }));
  return (
    <section aria-labelledby="new-api-key">
      <h2 id="new-api-key">New key</h2>
      <FormErrors>
        <form aria-label="New API key" onSubmit={async (event) => {
          event.preventDefault();
          setMade(null);
          const done = await create.run({ name: name.trim(), game_ids: games.map((game) => game.id), ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) });
          if (!done?.createApiKey) return;
          setMade({ name: done.createApiKey.name, secret: done.createApiKey.secret });
          setCopied(false);
          setName('');
          setGames([]);
          setExpires('');
          onDone();
        }}>
          <div class="row">
            <Field label="Name" path="name" error={create.error}>
              <input name="name" maxLength={255} placeholder="slots servers, eu-west" value={name} onInput={(e) => setName(e.currentTarget.value)} />
            </Field>
            <Field label="Expires (optional)" path="expires_at" error={create.error}>
              <input name="expires_at" type="datetime-local" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
            </Field>
          </div>
          <div class="row">
            <GamePicker key={pickerRound} label="Limit to a game" name="scope_game" />
            <button type="button" class="outline" onClick={(event) => {
              const form = (event.currentTarget as HTMLButtonElement).form!;
              const id = Number((form.elements.namedItem('scope_game') as HTMLInputElement | null)?.value);
              const label = (form.querySelector('input[list], input[role="combobox"]') as HTMLInputElement | null)?.value ?? `game ${id}`;
              if (id > 0 && !games.some((game) => game.id === id)) setGames([...games, { id, label }]);
              setPickerRound(pickerRound + 1);
            }}>Add game</button>
          </div>
          <p data-testid="key-scope">
            {games.length === 0 ? 'Every game.' : 'Only: '}
            {games.map((game) => (
              <button key={game.id} type="button" class="secondary outline" aria-label={`Remove ${game.label}`} onClick={() => setGames(games.filter((other) => other.id !== game.id))}>{game.label} ×</button>
            ))}
          </p>
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

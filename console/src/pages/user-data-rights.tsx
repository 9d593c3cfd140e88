import { useId, useState } from 'preact/hooks';
import { request } from '../api/client';
import { downloadFile } from '../api/file-download';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { ModalDialog } from '../components/modal-dialog';
import { Field, Problem } from '../components/problem';
import { formatMoney } from '../format/money';

const DataRightsBalances = graphql(`query DataRightsBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }`);
const DataRightsClose = graphql(`mutation DataRightsClose ($id: SafeInt!, $input: WalletCloseInput!) { closeWallet(user_game_id: $id, input: $input) { amount currency } }`);
const DataRightsErase = graphql(`mutation DataRightsErase ($id: SafeInt!, $input: UserEraseInput!) { eraseUser(id: $id, input: $input) { id erased_at } }`);

interface Connection {
  readonly user_game_id: number;
  readonly game: { readonly id: number; readonly name: string };
}

/**
 * SPEC §2.14 on a user's page: "Export data" downloads everything held about them (one JSON file);
 * "Erase user" (admins, a danger zone) names the wallets and the money in them, closes what is
 * available with an explicit move, and erases only once the username is typed.
 */
export function DataRights({ user, connections, mayErase, onErased }: {
  user: { id: number; username: string; export_url?: string | null; erased_at?: string | null };
  connections: readonly Connection[];
  mayErase: boolean;
  onErased: () => void;
}) {
  const download = useAction(() => downloadFile(user.export_url!, { accept: 'application/json', fallbackName: `user-${user.id}-data.json` }));
  const [open, setOpen] = useState(false);
  if (!user.export_url && !mayErase) return null;
  return (
    <section aria-labelledby="data-rights">
      <h2 id="data-rights">Data rights</h2>
      {user.erased_at && <p data-testid="erased">Erased on {new Date(user.erased_at).toLocaleString()}: the name shown is a pseudonym; the books keep every move under it.</p>}
      <div class="row">
        {user.export_url && (
          <button type="button" class="outline" aria-busy={download.busy} onClick={() => download.run()}>Export data</button>
        )}
        {mayErase && !user.erased_at && (
          <button type="button" class="danger outline" onClick={() => setOpen(true)}>Erase user</button>
        )}
      </div>
      <p class="muted">The export is one JSON file: profile, games, wallets with their ledger, scores, second-factor state (never a secret), what they created and the audit entries about them.</p>
      <Problem error={download.error} />
      {open && <EraseDialog user={user} connections={connections} onClose={() => setOpen(false)} onErased={() => { setOpen(false); onErased(); }} />}
    </section>
  );
}

function EraseDialog({ user, connections, onClose, onErased }: {
  user: { id: number; username: string };
  connections: readonly Connection[];
  onClose: () => void;
  onErased: () => void;
}) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('Closed before erasing the player at their request');
  /** Bumped after a close, so every wallet line reads its balances again. */
  const [round, setRound] = useState(0);
  const erase = useAction(() => request(DataRightsErase, { id: user.id, input: { confirm: typed } }));
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <article>
        <h3 id={titleId}>Erase {user.username}?</h3>
        <p>
          Their email and username become a pseudonym; their password, sessions, second factor, leaderboard scores and group memberships go; the
          invites and API keys they created stop working. Every ledger move, transaction and audit entry stays, under the pseudonym. This cannot be undone.
        </p>
        <h4>Wallets</h4>
        {connections.length === 0 ? <p class="muted">No game connections: no wallet.</p> : (
          <>
            <p>Money must leave every wallet first: reserved money when its rounds settle, available money by a closing move (a ledger move of kind close).</p>
            <Field label="Reason for closing" path="reason" error={null}>
              <input name="reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
            </Field>
            <ul data-testid="erase-wallets">
              {connections.map((ug) => <WalletMoney key={`${ug.user_game_id}-${round}`} connection={ug} reason={reason} onClosed={() => setRound(round + 1)} />)}
            </ul>
          </>
        )}
        <Field label={`Type ${user.username} to confirm`} path="confirm" error={erase.error}>
          <input name="confirm" autocomplete="off" value={typed} onInput={(e) => { setTyped(e.currentTarget.value); erase.clear(); }} />
        </Field>
        <Problem error={erase.error} />
        <footer>
          <button type="button" class="secondary" onClick={onClose}>Cancel</button>{' '}
          <button type="button" class="danger" disabled={typed !== user.username} aria-busy={erase.busy} onClick={async () => {
            if (await erase.run()) onErased();
          }}>Erase {user.username}</button>
        </footer>
      </article>
    </ModalDialog>
  );
}

/** One connection's wallet: what each currency holds, and a close for available money (none while money is reserved). */
function WalletMoney({ connection, reason, onClosed }: { connection: Connection; reason: string; onClosed: () => void }) {
  const balances = useQuery(DataRightsBalances, { id: connection.user_game_id });
  const close = useAction((currency: string) => request(DataRightsClose, { id: connection.user_game_id, input: { currency, reason } }));
  const rows = balances.data?.balances ?? [];
  const held = rows.filter((b) => b.available_balance !== '0' || b.reserved_balance !== '0');
  if (!balances.data) return <li aria-busy="true">{connection.game.name}</li>;
  if (held.length === 0) return <li>{connection.game.name}: empty</li>;
  return (
    <li>
      {connection.game.name}:{' '}
      {held.map((b) => (
        <span key={b.currency}>
          {formatMoney(b.available_balance, b.currency)} available{b.reserved_balance !== '0' && `, ${formatMoney(b.reserved_balance, b.currency)} reserved (rounds open)`}{' '}
          {b.available_balance !== '0' && b.reserved_balance === '0' && (
            <button type="button" class="danger outline" aria-busy={close.busy}
              aria-label={`Close the ${b.currency} wallet in ${connection.game.name}, taking out ${formatMoney(b.available_balance, b.currency)}`}
              onClick={async () => {
                if (await close.run(b.currency)) onClosed();
              }}>Close wallet</button>
          )}
        </span>
      ))}
      <Problem error={close.error} />
    </li>
  );
}

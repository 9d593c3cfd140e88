import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { TopupInput } from '../api/generated/graphql';
import { notFound, useAction, useQuery, useSession } from '../api/hooks';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';
import { formatMoney } from '../format/money';
import { TopupForm } from './topup-form';

const WalletPageWallet = graphql(`query WalletPageWallet ($id: SafeInt!) {
  userGame(user_game_id: $id) { id user_id username game_id game_name }
  balances(user_game_id: $id) { currency available_balance reserved_balance }
}`);
const WalletPageTransactions = graphql(`query WalletPageTransactions ($id: SafeInt!, $limit: Int, $offset: Int) { transactions(user_game_id: $id, limit: $limit, offset: $offset) { id kind amount win_amount currency transaction_id round_id comment available_balance reserved_balance created_at } }`);
const WalletPageTopup = graphql(`mutation WalletPageTopup ($id: SafeInt!, $input: TopupInput!, $key: String) { topup(user_game_id: $id, input: $input, idempotency_key: $key) { id } }`);
const PAGE = 20;

/**
 * A user-game's wallet, named by its player and game: balances from the engine, the ledger from MySQL
 * (paged), top-ups (admins). Money shows in major units of its currency.
 */
export function WalletPage() {
  const userGameId = Number(useParams<{ userGameId: string }>().userGameId);
  const admin = useSession()?.user.role === 'admin';
  const [offset, setOffset] = useState(0);
  const wallet = useQuery(WalletPageWallet, { id: userGameId });
  const ledger = useQuery(WalletPageTransactions, { id: userGameId, limit: PAGE, offset });
  // Each submit carries a key of its own, and the button is locked while one runs: a double click
  // cannot credit twice, and a repeat of the same request (a proxy's retry) is answered, not credited.
  const topup = useAction((input: TopupInput) => request(WalletPageTopup, { id: userGameId, input, key: crypto.randomUUID() }));
  const owner = wallet.data?.userGame;
  const balances = wallet.data?.balances ?? [];
  const items = ledger.data?.transactions ?? [];
  if (wallet.data && !owner) return <Problem error={notFound(`wallet ${userGameId}`)} />;
  return (
    <>
      <nav aria-label="breadcrumb">
        <ul>
          {owner && <li><Link href={`/users/${owner.user_id}`}>{owner.username}</Link></li>}
          {owner && <li><Link href={`/games/${owner.game_id}`}>{owner.game_name}</Link></li>}
          <li>Wallet</li>
        </ul>
      </nav>
      <h1>{owner ? `${owner.username}'s wallet in ${owner.game_name}` : 'Wallet'}</h1>
      <Problem error={wallet.error} />
      <div class="grid" data-testid="balances">
        {balances.map((b) => (
          <article key={b.currency}>
            <header>{b.currency}</header>
            <p>Available <strong>{formatMoney(b.available_balance, b.currency)}</strong></p>
            <p>Reserved <strong>{formatMoney(b.reserved_balance, b.currency)}</strong></p>
          </article>
        ))}
      </div>
      {wallet.data && balances.length === 0 && <p class="muted">No balance yet.</p>}
      {admin && owner && (
        <TopupForm
          owner={owner}
          currencies={balances.map((b) => b.currency)}
          action={topup}
          onDone={() => {
            wallet.reload();
            setOffset(0);
            ledger.reload();
          }}
        />
      )}
      <h2>Ledger</h2>
      <p class="muted">From MySQL, newest first; it trails the engine by the sync lag.</p>
      <Problem error={ledger.error} />
      <TableScroll label="Ledger">
        <table data-testid="ledger">
          <thead><tr><th>When</th><th>Kind</th><th>Amount</th><th>Win</th><th>Available</th><th>Reserved</th><th>Round / comment</th></tr></thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{new Date(item.created_at).toLocaleString()}</td><td>{item.kind}</td>
                <td>{formatMoney(item.amount, item.currency)}</td><td>{formatMoney(item.win_amount, item.currency)}</td>
                <td>{formatMoney(item.available_balance, item.currency)}</td><td>{formatMoney(item.reserved_balance, item.currency)}</td>
                <td>{item.round_id ?? item.comment ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div class="row">
        <button type="button" class="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
        <span class="muted">{items.length > 0 ? `${offset + 1}–${offset + items.length}` : ''}</span>
        <button type="button" class="outline" disabled={items.length < PAGE} onClick={() => setOffset(offset + PAGE)}>Older</button>
        <button type="button" class="secondary outline" onClick={() => { wallet.reload(); ledger.reload(); }}>Refresh</button>
      </div>
    </>
  );
}

import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { TopupInput } from '../api/generated/graphql';
import { useAction, useQuery, useSession } from '../api/hooks';
import { Field, Problem } from '../components/problem';

const WalletPageBalances = graphql(`query WalletPageBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }`);
const WalletPageTransactions = graphql(`query WalletPageTransactions ($id: SafeInt!, $limit: Int, $offset: Int) { transactions(user_game_id: $id, limit: $limit, offset: $offset) { id kind amount win_amount currency transaction_id round_id comment available_balance reserved_balance created_at } }`);
const WalletPageTopup = graphql(`mutation WalletPageTopup ($id: SafeInt!, $input: TopupInput!, $key: String) { topup(user_game_id: $id, input: $input, idempotency_key: $key) { id } }`);
const PAGE = 20;

/** A user-game's wallet: balances from the engine, the ledger from MySQL (paged), top-ups (admins). */
export function WalletPage() {
  const userGameId = Number(useParams<{ userGameId: string }>().userGameId);
  const admin = useSession()?.user.role === 'admin';
  const [offset, setOffset] = useState(0);
  const balances = useQuery(WalletPageBalances, { id: userGameId });
  const ledger = useQuery(WalletPageTransactions, { id: userGameId, limit: PAGE, offset });
  // Each submit carries a key of its own, and the button is locked while one runs: a double click
  // cannot credit twice, and a repeat of the same request (a proxy's retry) is answered, not credited.
  const topup = useAction((input: TopupInput) =>
    request(WalletPageTopup, { id: userGameId, input, key: crypto.randomUUID() }));
  const items = ledger.data?.transactions ?? [];
  return (
    <>
      <h1>Wallet #{userGameId}</h1>
      <Problem error={balances.error} />
      <div class="grid" data-testid="balances">
        {balances.data?.balances?.map((b) => (
          <article key={b.currency}>
            <header>{b.currency}</header>
            <p>Available <strong>{b.available_balance}</strong></p>
            <p>Reserved <strong>{b.reserved_balance}</strong></p>
          </article>
        ))}
      </div>
      {balances.data?.balances?.length === 0 && <p class="muted">No balance yet.</p>}
      {admin && (
        <form class="row" onSubmit={async (event) => {
          event.preventDefault();
          const element = event.currentTarget as HTMLFormElement; // currentTarget is gone after the first await
          const form = new FormData(element);
          const currency = String(form.get('currency') ?? '').trim();
          const done = await topup.run({ amount: String(form.get('amount')), comment: String(form.get('comment') ?? ''), ...(currency ? { currency } : {}) });
          if (done) {
            element.reset();
            balances.reload();
            setOffset(0);
            ledger.reload();
          }
        }}>
          <Field label="Amount (minor units)" path="amount" error={topup.error}><input name="amount" inputMode="numeric" required /></Field>
          <Field label="Currency" path="currency" error={topup.error}><input name="currency" placeholder="default" /></Field>
          <Field label="Comment" path="comment" error={topup.error}><input name="comment" /></Field>
          <button type="submit" aria-busy={topup.busy} disabled={topup.busy}>Top up</button>
        </form>
      )}
      <Problem error={topup.error} />
      <h2>Ledger</h2>
      <p class="muted">From MySQL, newest first; it trails the engine by the sync lag.</p>
      <Problem error={ledger.error} />
      <table data-testid="ledger">
        <thead><tr><th>When</th><th>Kind</th><th>Amount</th><th>Win</th><th>Available</th><th>Reserved</th><th>Round / comment</th></tr></thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{new Date(item.created_at).toLocaleString()}</td><td>{item.kind}</td><td>{item.amount} {item.currency}</td><td>{item.win_amount}</td>
              <td>{item.available_balance}</td><td>{item.reserved_balance}</td><td>{item.round_id ?? item.comment ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="row">
        <button type="button" class="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
        <span class="muted">{items.length > 0 ? `${offset + 1}–${offset + items.length}` : ''}</span>
        <button type="button" class="outline" disabled={items.length < PAGE} onClick={() => setOffset(offset + PAGE)}>Older</button>
        <button type="button" class="secondary outline" onClick={() => { balances.reload(); ledger.reload(); }}>Refresh</button>
      </div>
    </>
  );
}

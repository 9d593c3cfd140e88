import { useId, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { TopupInput } from '../api/generated/graphql';
import { notFound, useAction, useQuery, useSession } from '../api/hooks';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';
import { formatMoney } from '../format/money';
import { FreezeBanner, FreezeControl } from '../components/freeze-banner';
import { TopupForm } from './topup-form';
import { WalletLimits } from './wallet-limits';
import { mayCall } from '../api/session';

const WalletPageWallet = graphql(`query WalletPageWallet ($id: SafeInt!) {
  userGame(user_game_id: $id) { id user_id username game_id game_name }
  balances(user_game_id: $id) { currency available_balance reserved_balance }
  userGameFreeze(user_game_id: $id) { frozen user { frozen reason frozen_at } user_game { frozen reason frozen_at } }
}`);
const WalletPageFreeze = graphql(`mutation WalletPageFreeze ($id: SafeInt!, $reason: String) { freezeUserGame(user_game_id: $id, input: { reason: $reason }) { frozen } }`);
const WalletPageUnfreeze = graphql(`mutation WalletPageUnfreeze ($id: SafeInt!) { unfreezeUserGame(user_game_id: $id) }`);
const WalletPageUnfreezeUser = graphql(`mutation WalletPageUnfreezeUser ($id: SafeInt!) { unfreezeUser(user_id: $id) }`);
const WalletPageTransactions = graphql(`query WalletPageTransactions ($id: SafeInt!, $kind: String, $until: String, $after: SafeInt, $limit: Int) { transactions(user_game_id: $id, kind: $kind, until: $until, after_id: $after, limit: $limit) { id kind amount win_amount currency transaction_id round_id comment available_balance reserved_balance created_at } }`);
const WalletPageBalancesAt = graphql(`query WalletPageBalancesAt ($id: SafeInt!, $at: String) { balances(user_game_id: $id, at: $at) { currency available_balance reserved_balance } }`);
const KINDS = ['topup', 'reserve', 'confirm', 'cancel', 'expire'];
const WalletPageTopup = graphql(`mutation WalletPageTopup ($id: SafeInt!, $input: TopupInput!, $key: String) { topup(user_game_id: $id, input: $input, idempotency_key: $key) { id } }`);
const PAGE = 20;

/**
 * A user-game's wallet, named by its player and game: balances from the engine, the ledger from MySQL
 * (paged), top-ups (admins). Money shows in major units of its currency.
 */
export function WalletPage() {
  const userGameId = Number(useParams<{ userGameId: string }>().userGameId);
  const role = useSession()?.user.role;
  const mayTopUp = mayCall(role, 'POST /api/user-games/{ug_id}/topup');
  const mayFreeze = mayCall(role, 'POST /api/user-games/{ug_id}/freeze');
  // The ledger pages by the last id of each page read (after_id): moves synced meanwhile do not shift it.
  const [kind, setKind] = useState('');
  const [pages, setPages] = useState<number[]>([]);
  const firstPage = () => setPages([]);
  const wallet = useQuery(WalletPageWallet, { id: userGameId });
  /** An instant picked for the balances: the ledger below is cut there too (moves up to it). */
  const [instant, setInstant] = useState<string | null>(null);
  const until = instant ? new Date(Date.parse(instant) + 1).toISOString() : null; // `until` is exclusive; the balances count moves at the instant
  const ledger = useQuery(WalletPageTransactions, { id: userGameId, kind: kind || null, until, after: pages.at(-1) ?? null, limit: PAGE });
  // Each submit carries a key of its own, and the button is locked while one runs: a double click
  // cannot credit twice, and a repeat of the same request (a proxy's retry) is answered, not credited.
  const topup = useAction((input: TopupInput) => request(WalletPageTopup, { id: userGameId, input, key: crypto.randomUUID() }));
  const freeze = useAction((reason: string) => request(WalletPageFreeze, { id: userGameId, reason }));
  const unfreeze = useAction(() => request(WalletPageUnfreeze, { id: userGameId }));
  const owner = wallet.data?.userGame;
  const unfreezeUser = useAction(() => request(WalletPageUnfreezeUser, { id: owner!.user_id }));
  const mayUnfreezeUser = mayCall(role, 'DELETE /api/users/{id}/freeze');
  const freezes = wallet.data?.userGameFreeze;
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
      {freezes && owner && <FreezeBanner who={owner.username} freeze={freezes.user} />}
      {freezes && <FreezeBanner who="This wallet" freeze={freezes.user_game} />}
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
      {mayTopUp && owner && (
        <TopupForm
          owner={owner}
          currencies={balances.map((b) => b.currency)}
          action={topup}
          onDone={() => {
            wallet.reload();
            firstPage();
            ledger.reload();
          }}
        />
      )}
      {mayFreeze && freezes && owner && (
        // One control for the state the wallet is in: a frozen player (every wallet of theirs) is
        // unfrozen here too; freezing this wallet on top of it would change nothing.
        <section aria-label="Freeze">
          {freezes.user.frozen && (mayUnfreezeUser
            ? <FreezeControl what={owner.username} freeze={freezes.user} freezeAction={freeze} unfreezeAction={unfreezeUser} onDone={wallet.reload} />
            : <p class="muted">{owner.username} is frozen in every game: an admin unfreezes them on <Link href={`/users/${owner.user_id}`}>their page</Link>.</p>)}
          {(freezes.user_game.frozen || !freezes.user.frozen) && (
            <FreezeControl what="this wallet" freeze={freezes.user_game} freezeAction={freeze} unfreezeAction={unfreeze} onDone={wallet.reload} />
          )}
        </section>
      )}
      {wallet.data && <WalletLimits userGameId={userGameId} currencies={balances.map((b) => b.currency)} staff={mayCall(role, 'PUT /api/user-games/{ug_id}/limits')} />}
      <h2>Ledger</h2>
      <p class="muted">From MySQL, newest first; it trails the engine by the sync lag.</p>
      <div class="row">
        <label>
          Kind
          <select value={kind} onChange={(e) => { setKind(e.currentTarget.value); firstPage(); }}>
            <option value="">every move</option>
            {KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </label>
        <BalancesAt userGameId={userGameId} onInstant={(at) => { setInstant(at); firstPage(); }} />
      </div>
      {instant && <p class="muted" data-testid="ledger-cut">The ledger below ends at {new Date(instant).toLocaleString()} ({TIME_ZONE}).</p>}
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
      {ledger.data && ledger.current && items.length === 0 && (
        <p class="muted" data-testid="no-moves">{pages.length > 0 ? 'No older moves.' : `No ${kind ? `${kind} ` : ''}moves${instant ? ' up to that instant' : ''}.`}</p>
      )}
      <div class="row">
        <button type="button" class="outline" disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))}>Newer</button>
        <span class="muted">{items.length > 0 ? `${pages.length * PAGE + 1}–${pages.length * PAGE + items.length}` : ''}</span>
        <button type="button" class="outline" disabled={items.length < PAGE} onClick={() => setPages([...pages, items.at(-1)!.id])}>Older</button>
        <button type="button" class="secondary outline" onClick={() => { wallet.reload(); ledger.reload(); }}>Refresh</button>
      </div>
    </>
  );
}

/** The browser's time zone, named where the console reads or takes local times. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The wallet's balances as of an instant the admin picks, in their own time zone (named), from the
 * ledger; an instant still to come is refused (the ledger knows up to now). The page cuts its ledger
 * at the same instant.
 */
function BalancesAt({ userGameId, onInstant }: { userGameId: number; onInstant: (at: string | null) => void }) {
  const [local, setLocal] = useState('');
  const hintId = useId();
  const at = local ? new Date(local) : null;
  const future = at !== null && at.getTime() > Date.now();
  const valid = at !== null && !Number.isNaN(at.getTime()) && !future;
  return (
    <div class={future ? 'field invalid' : 'field'}>
      <label>
        Balances at ({TIME_ZONE})
        <input type="datetime-local" step="1" value={local} aria-invalid={future ? 'true' : undefined} aria-describedby={hintId}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setLocal(next);
            const when = next ? new Date(next) : null;
            onInstant(when && !Number.isNaN(when.getTime()) && when.getTime() <= Date.now() ? when.toISOString() : null);
          }} />
      </label>
      <small id={hintId} class={future ? 'field-error' : 'muted'}>{future ? 'is still to come: balances are known up to now' : `Your time, ${TIME_ZONE}`}</small>
      {local && (
        <button type="button" class="secondary outline" onClick={() => { setLocal(''); onInstant(null); }}>Clear</button>
      )}
      {valid && <BalancesThen userGameId={userGameId} at={at.toISOString()} />}
    </div>
  );
}

function BalancesThen({ userGameId, at }: { userGameId: number; at: string }) {
  const then = useQuery(WalletPageBalancesAt, { id: userGameId, at });
  if (then.error) return <Problem error={then.error} />;
  if (!then.data) return null;
  const balances = then.data.balances ?? [];
  return (
    <p data-testid="balances-at">
      {balances.length === 0
        ? 'No move yet by then.'
        : balances.map((b) => `${b.currency}: ${formatMoney(b.available_balance, b.currency)} available, ${formatMoney(b.reserved_balance, b.currency)} reserved`).join('; ')}
    </p>
  );
}

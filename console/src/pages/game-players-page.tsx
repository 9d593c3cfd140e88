import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { graphql } from '../api/generated';
import { useQuery, useSession } from '../api/hooks';
import { actsOnGame } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { Pager, usePage } from '../components/pager';
import { Problem } from '../components/problem';
import { TableScroll } from '../components/table-scroll';
import { formatMoney } from '../format/money';

const GamePlayersPagePlayers = graphql(`query GamePlayersPagePlayers ($g: SafeInt!, $search: String, $limit: Int, $offset: Int) {
  gameUsers(game_id: $g, search: $search, limit: $limit, offset: $offset) { user_game_id frozen balances { currency available_balance reserved_balance } user { id username email frozen } }
  gameUsersTotal(game_id: $g, search: $search)
}`);

/**
 * A game's players (staff): search by username or email; each with the wallet's balances per currency
 * and a frozen marker (the wallet's own freeze or the player's), linking to the wallet and the player.
 */
export function GamePlayersPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const [search, setSearch] = useState('');
  const page = usePage(25);
  const user = useSession()?.user;
  const players = useQuery(GamePlayersPagePlayers, { g: gameId, search: search || null, limit: page.size, offset: page.offset });
  const rows = players.data?.gameUsers ?? [];
  // Out of a scoped moderator's games: the tabs say so, and this page offers nothing it would refuse.
  if (!actsOnGame(user, gameId)) return <><GameTabs gameId={gameId} /><h1>Players</h1></>;
  return (
    <>
      <GameTabs gameId={gameId} />
      <div class="page-head">
        <h1>Players</h1>
        <input type="search" aria-label="Search players" placeholder="Search username or email" value={search}
          onInput={(e) => { setSearch(e.currentTarget.value); page.first(); }} />
      </div>
      <Problem error={players.error} />
      <TableScroll label="Players">
        <table data-testid="players">
          <thead><tr><th>Player</th><th>Email</th><th>Wallet</th><th>Holds</th></tr></thead>
          <tbody>
            {rows.map((row) => {
              const held = (row.balances ?? []).filter((b) => b.available_balance !== '0' || b.reserved_balance !== '0');
              return (
                <tr key={row.user_game_id}>
                  <td><Link href={`/users/${row.user.id}`}>{row.user.username}</Link></td>
                  <td>{row.user.email}</td>
                  <td>
                    <Link href={`/wallets/${row.user_game_id}`} aria-label={`${row.user.username}'s wallet`}>Wallet</Link>
                    {row.frozen && <> <span class="chip frozen-chip" data-testid="frozen-marker">frozen{row.user.frozen ? ' (player)' : ''}</span></>}
                  </td>
                  <td>{held.length > 0 ? held.map((b) => `${formatMoney(b.available_balance, b.currency)}${b.reserved_balance !== '0' ? ` (+${formatMoney(b.reserved_balance, b.currency)} reserved)` : ''}`).join(', ') : <span class="muted">nothing</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {players.data?.gameUsersTotal === 0 && <p class="muted">No players{search ? ` match "${search}"` : ' yet: players connect on their user page'}.</p>}
      <Pager page={page} shown={rows.length} total={players.data?.gameUsersTotal} noun="players" current={players.current} />
    </>
  );
}

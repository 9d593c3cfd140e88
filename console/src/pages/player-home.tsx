import { Link } from 'wouter-preact';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { downloadFile } from '../api/file-download';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';
import { FreezeBanner } from '../components/freeze-banner';

const PlayerHomeGames = graphql(`query PlayerHomeGames ($me: SafeInt!) { userFreeze(user_id: $me) { frozen reason frozen_at } userGames(user_id: $me, limit: 100) { user_game_id game { id name modules { key } } } }`);

/** What a player (role user) sees first: what the console offers them, and their games with their wallets. */
export function PlayerHome({ userId }: { userId: number }) {
  const mine = useQuery(PlayerHomeGames, { me: userId });
  const games = mine.data?.userGames ?? [];
  const exportMine = useAction(() => downloadFile('/api/me/export', { accept: 'application/json', fallbackName: 'my-data.json' }));
  return (
    <section aria-labelledby="your-games">
      <h2 id="your-games">Your games</h2>
      <p>
        As a player you see the games you are connected to, your wallet in each (its balances and every move of its
        ledger) and their leaderboards. Staff connect you to games and top up your wallets.
      </p>
      <Problem error={mine.error} />
      {mine.data?.userFreeze && <FreezeBanner who="Your account" freeze={mine.data.userFreeze} />}
      {mine.data && games.length === 0 && <p class="muted">You are not connected to a game yet: ask the staff who invited you.</p>}
      {games.length > 0 && (
        <TableScroll label="Your games"><table data-testid="your-games">
          <thead><tr><th>Game</th><th>Wallet</th><th>Leaderboards</th></tr></thead>
          <tbody>
            {games.map(({ user_game_id: id, game }) => (
              <tr key={id}>
                <td><Link href={`/games/${game.id}`}>{game.name}</Link></td>
                <td><Link href={`/wallets/${id}`} aria-label={`Your wallet in ${game.name}`}>Wallet</Link></td>
                <td>
                  {game.modules.some((module) => module.key === 'leaderboard')
                    ? <Link href={`/games/${game.id}/leaderboards`} aria-label={`Leaderboards of ${game.name}`}>Leaderboards</Link>
                    : <span class="muted">none</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table></TableScroll>
      )}
      <p>
        <button type="button" class="outline" aria-busy={exportMine.busy} onClick={() => exportMine.run()}>Export my data</button>{' '}
        <span class="muted">everything held about you, as one JSON file</span>
      </p>
      <Problem error={exportMine.error} />
      <h2>All games</h2>
    </section>
  );
}

import { Link } from 'wouter-preact';
import { useQuery, useSession } from '../api/hooks';
import { isStaff } from '../api/session';
import { graphql } from '../api/generated';

const GameTabsGame = graphql(`query GameTabsGame ($id: SafeInt!) { game(id: $id) { name } }`);

/** Links between a game's pages, under the game's name; Variables and Config history are for staff only (as the API). */
export function GameTabs({ gameId }: { gameId: number }) {
  const staff = isStaff(useSession()?.user.role);
  const game = useQuery(GameTabsGame, { id: gameId });
  return (
    <>
      <p class="muted"><Link href="/games">Games</Link> / {game.data?.game?.name ?? `game ${gameId}`}</p>
      <nav class="tabs">
        <Link href={`/games/${gameId}`}>Settings</Link>
        {staff && <Link href={`/games/${gameId}/variables`}>Variables</Link>}
        {staff && <Link href={`/games/${gameId}/config`}>Config history</Link>}
        <Link href={`/games/${gameId}/notifications`}>Notifications</Link>
        <Link href={`/games/${gameId}/leaderboards`}>Leaderboards</Link>
      </nav>
    </>
  );
}

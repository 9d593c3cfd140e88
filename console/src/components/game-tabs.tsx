import { Link } from 'wouter-preact';
import { useQuery, useSession } from '../api/hooks';
import { isStaff } from '../api/session';
import { graphql } from '../api/generated';
import { NavLink } from './nav-link';

const GameTabsGame = graphql(`query GameTabsGame ($id: SafeInt!) { game(id: $id) { name } }`);

/** Links between a game's pages, under the game's name; Variables and Config history are for staff only (as the API). */
export function GameTabs({ gameId }: { gameId: number }) {
  const staff = isStaff(useSession()?.user.role);
  const game = useQuery(GameTabsGame, { id: gameId });
  return (
    <>
      <p class="muted"><Link href="/games">Games</Link> / {game.data?.game?.name ?? `game ${gameId}`}</p>
      <nav class="tabs">
        <NavLink href={`/games/${gameId}`}>Settings</NavLink>
        {staff && <NavLink href={`/games/${gameId}/variables`}>Variables</NavLink>}
        {staff && <NavLink href={`/games/${gameId}/config`}>Config history</NavLink>}
        <NavLink href={`/games/${gameId}/notifications`}>Notifications</NavLink>
        <NavLink href={`/games/${gameId}/leaderboards`} section>Leaderboards</NavLink>
      </nav>
    </>
  );
}

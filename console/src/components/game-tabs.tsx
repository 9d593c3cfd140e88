import { Link } from 'wouter-preact';

/** Links between a game's pages. */
export function GameTabs({ gameId, name }: { gameId: number | string; name?: string }) {
  return (
    <>
      <p class="muted"><Link href="/games">Games</Link> / {name ?? `game ${gameId}`}</p>
      <nav class="tabs">
        <Link href={`/games/${gameId}`}>Settings</Link>
        <Link href={`/games/${gameId}/variables`}>Variables</Link>
        <Link href={`/games/${gameId}/notifications`}>Notifications</Link>
        <Link href={`/games/${gameId}/leaderboards`}>Leaderboards</Link>
      </nav>
    </>
  );
}

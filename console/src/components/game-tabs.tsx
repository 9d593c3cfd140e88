import { Link } from 'wouter-preact';
import { useQuery, useSession } from '../api/hooks';
import { actsOnGame, isStaff, mayActOn } from '../api/session';
import { graphql } from '../api/generated';
import { NavLink } from './nav-link';

const GameTabsGame = graphql(`query GameTabsGame ($id: SafeInt!) { game(id: $id) { name modules { key } } }`);

/** A game's name and which of its modules are on (one query, shared by the tabs and the module gate). */
export function useGameModules(gameId: number) {
  const game = useQuery(GameTabsGame, { id: gameId });
  const enabled = new Set(game.data?.game?.modules.map((module) => module.key) ?? []);
  return { data: game.data, error: game.error, reload: game.reload, name: game.data?.game?.name, enabled };
}

/** A module's tab: marked "off" while the module is off for the game. */
function ModuleTab({ href, label, on, section }: { href: string; label: string; on: boolean; section?: boolean }) {
  return (
    <NavLink href={href} section={section}>
      {label}{!on && <small class="muted"> (off)</small>}
    </NavLink>
  );
}

/** Links between a game's pages, under the game's name; Variables, Config history and Live events are for staff only (as the API). */
export function GameTabs({ gameId }: { gameId: number }) {
  const user = useSession()?.user;
  const game = useGameModules(gameId);
  const staffOnly = (route: Parameters<typeof mayActOn>[1]) => mayActOn(user, route, gameId);
  const on = (key: string) => !game.data || game.enabled.has(key);
  return (
    <>
      <p class="muted"><Link href="/games">Games</Link> / {game.name ?? `game ${gameId}`}</p>
      {isStaff(user?.role) && !actsOnGame(user, gameId) && (
        <p class="notice" role="note" data-testid="out-of-scope">
          You do not act on {game.name ?? 'this game'}: an admin limited the games you manage. Here you see what a player sees, and no staff action is offered.
        </p>
      )}
      <nav class="tabs" aria-label="Game pages">
        <NavLink href={`/games/${gameId}`}>Settings</NavLink>
        {staffOnly('GET /api/games/{id}/users') && <NavLink href={`/games/${gameId}/players`}>Players</NavLink>}
        {staffOnly('GET /api/reports/games/{id}') && <NavLink href={`/games/${gameId}/reports`}>Reports</NavLink>}
        {staffOnly('GET /api/games/{id}/variables') && <ModuleTab href={`/games/${gameId}/variables`} label="Variables" on={on('variables')} />}
        {staffOnly('GET /api/games/{id}/config/versions') && <ModuleTab href={`/games/${gameId}/config`} label="Config history" on={on('variables')} />}
        {staffOnly('GET /api/games/{id}/config/overrides') && <ModuleTab href={`/games/${gameId}/events`} label="Live events" on={on('variables')} />}
        <ModuleTab href={`/games/${gameId}/notifications`} label="Notifications" on={on('notification')} />
        <ModuleTab href={`/games/${gameId}/leaderboards`} label="Leaderboards" on={on('leaderboard')} section />
      </nav>
    </>
  );
}

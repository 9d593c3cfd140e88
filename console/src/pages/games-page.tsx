import { useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { isStaff } from '../api/session';
import { Pager, usePage } from '../components/pager';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';
import { GameForm, type GameFields } from './game-form';
import { PlayerHome } from './player-home';

const GamesPageGames = graphql(`query GamesPageGames ($search: String, $limit: Int, $offset: Int) {
  games(search: $search, limit: $limit, offset: $offset) { ...GameFields }
  gamesTotal(search: $search)
}`);
const GamesPageCreateGame = graphql(`mutation GamesPageCreateGame ($input: GameInput!) { createGame(input: $input) { id } }`);

/** Games, newest first, a page at a time; staff create one from the top of the page. */
export function GamesPage() {
  const [search, setSearch] = useState('');
  const page = usePage(50);
  const [, navigate] = useLocation();
  const user = useSession()?.user;
  const staff = isStaff(user?.role);
  const games = useQuery(GamesPageGames, { search: search || null, limit: page.size, offset: page.offset });
  const create = useAction((input: GameFields) => request(GamesPageCreateGame, { input }));
  const rows = games.data?.games ?? [];
  return (
    <>
      <div class="page-head">
        <h1>Games</h1>
        <input type="search" placeholder="Search name or slug" aria-label="Search games" value={search}
          onInput={(e) => { setSearch(e.currentTarget.value); page.first(); }} />
      </div>
      {user && !staff && <PlayerHome userId={user.id} />}
      {user?.game_scope?.length ? <p class="muted" data-testid="game-scope-note">You act on {user.game_scope.length === 1 ? 'one game' : `${user.game_scope.length} games`}, as an admin set; only an admin makes games.</p> : null}
      {staff && !user?.game_scope?.length && (
        <details>
          <summary role="button" class="outline">New game</summary>
          <GameForm
            submitLabel="Create game"
            action={create}
            onSubmit={async (fields) => {
              const made = await create.run(fields);
              if (made?.createGame) navigate(`/games/${made.createGame.id}`);
            }}
          />
        </details>
      )}
      <Problem error={games.error} />
      <TableScroll label="Games">
        <table>
          <thead>
            <tr><th>Name</th><th>Slug</th><th>Modules</th><th>Active</th></tr>
          </thead>
          <tbody>
            {rows.map((game) => (
              <tr key={game.id}>
                <td><Link href={`/games/${game.id}`}>{game.name}</Link></td>
                <td>{game.slug}</td>
                <td>{game.modules.map((module) => module.key).join(', ')}</td>
                <td>{game.is_active ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {games.data?.gamesTotal === 0 && <p class="muted">No games{search ? ` match "${search}"` : ''}.</p>}
      <Pager page={page} shown={rows.length} total={games.data?.gamesTotal} noun="games" current={games.current} />
    </>
  );
}

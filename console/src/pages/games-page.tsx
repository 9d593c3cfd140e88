import { useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { isStaff } from '../api/session';
import { Problem } from '../components/problem';
import { GameForm, type GameFields } from './game-form';

const GamesPageGames = graphql(`query GamesPageGames ($search: String) { games(search: $search, limit: 200) { ...GameFields } }`);
const GamesPageCreateGame = graphql(`mutation GamesPageCreateGame ($input: GameInput!) { createGame(input: $input) { id } }`);

export function GamesPage() {
  const [search, setSearch] = useState('');
  const [, navigate] = useLocation();
  const staff = isStaff(useSession()?.user.role);
  const games = useQuery(GamesPageGames, { search: search || null });
  const create = useAction((input: GameFields) => request(GamesPageCreateGame, { input }));
  return (
    <>
      <h1>Games</h1>
      <input type="search" placeholder="Search name or slug" aria-label="Search games" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
      <Problem error={games.error} />
      <table>
        <thead>
          <tr><th>Name</th><th>Slug</th><th>Modules</th><th>Active</th></tr>
        </thead>
        <tbody>
          {games.data?.games?.map((game) => (
            <tr key={game.id}>
              <td><Link href={`/games/${game.id}`}>{game.name}</Link></td>
              <td>{game.slug}</td>
              <td>{game.modules.map((module) => module.key).join(', ')}</td>
              <td>{game.is_active ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {games.data?.games?.length === 0 && <p class="muted">No games{search ? ` match "${search}"` : ''}.</p>}
      {staff && (
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
    </>
  );
}

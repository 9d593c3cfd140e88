import { useEffect, useState } from 'preact/hooks';
import { useLocation, useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { notFound, useAction, useQuery, useSession } from '../api/hooks';
import { mayActOn } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { Problem } from '../components/problem';
import { ConfirmButton } from '../components/confirm-button';
import { GameForm, type GameFields } from './game-form';

const GamePageGame = graphql(`query GamePageGame ($id: SafeInt!) { game(id: $id) { ...GameFields } modules { key name } }`);
const GamePageUpdateGame = graphql(`mutation GamePageUpdateGame ($id: SafeInt!, $input: GameInput!) { updateGame(id: $id, input: $input) { id } }`);
const GamePageConnectModule = graphql(`mutation GamePageConnectModule ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }`);
const GamePageDisconnectModule = graphql(`mutation GamePageDisconnectModule ($id: SafeInt!, $key: String!) { disconnectModule(game_id: $id, module_key: $key) }`);
const GamePageDeleteGame = graphql(`mutation GamePageDeleteGame ($id: SafeInt!) { deleteGame(id: $id) }`);

/** A game: its fields (staff edit them), its modules (toggles), delete. */
export function GamePage() {
  const id = Number(useParams<{ id: string }>().id);
  const [, navigate] = useLocation();
  const staff = mayActOn(useSession()?.user, 'PUT /api/games/{id}', id);
  const game = useQuery(GamePageGame, { id });
  const save = useAction((input: GameFields) => request(GamePageUpdateGame, { id, input }));
  const toggle = useAction((key: string, on: boolean): Promise<unknown> =>
    on
      ? request(GamePageConnectModule, { id, key })
      : request(GamePageDisconnectModule, { id, key }));
  const remove = useAction(() => request(GamePageDeleteGame, { id }));
  // A toggle shows its new state at once and keeps it until the game as re-read shows it too (an
  // older re-read landing meanwhile does not flip it back), or until the change fails.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  useEffect(() => {
    const connected = new Set(game.data?.game?.modules.map((module) => module.key));
    setToggled((pending) => Object.fromEntries(Object.entries(pending).filter(([key, on]) => connected.has(key) !== on)));
  }, [game.data]);
  if (game.error && !game.data) return <Problem error={game.error} />;
  if (!game.data) return <p aria-busy="true">Loading…</p>;
  const { game: current, modules } = game.data;
  if (!current) return <Problem error={notFound(`Game ${id}`)} />;
  const enabled = new Set(current.modules.map((module) => module.key));
  return (
    <>
      <GameTabs gameId={id} />
      <h1>{current.name}</h1>
      <section>
        <h2>Modules</h2>
        <fieldset>
          {modules?.map((module) => (
            <label key={module.key}>
              <input
                type="checkbox"
                role="switch"
                name={`module-${module.key}`}
                checked={toggled[module.key] ?? enabled.has(module.key)}
                disabled={!staff || toggle.busy}
                onChange={async (event) => {
                  const on = event.currentTarget.checked;
                  setToggled((pending) => ({ ...pending, [module.key]: on }));
                  if ((await toggle.run(module.key, on)) === null) setToggled({});
                  game.reload();
                }}
              />{' '}
              {module.name} <span class="muted">({module.key})</span>
            </label>
          ))}
        </fieldset>
        <Problem error={toggle.error} />
      </section>
      {staff && (
        <section>
          <h2>Settings</h2>
          <GameForm
            key={current.id}
            initial={{ name: current.name, slug: current.slug, description: current.description, image_url: current.image_url, is_active: current.is_active }}
            submitLabel="Save game"
            action={save}
            onSubmit={async (fields) => {
              if (await save.run(fields)) game.reload();
            }}
          />
          <section class="danger-zone" aria-label="Danger zone">
            <h2>Danger zone</h2>
            <ConfirmButton label="Delete game" accessibleName={`Delete game ${current.name}`} question={`Delete game ${current.name}?`}
              consequence="Its variables, notifications, leaderboards and players' connections go with it. This cannot be undone." outline={false}
              action={remove} onDone={() => navigate('/games')} />
          </section>
          <Problem error={remove.error} />
        </section>
      )}
    </>
  );
}

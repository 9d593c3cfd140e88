import type { ComponentChildren, ComponentType } from 'preact';
import { useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useSession } from '../api/hooks';
import { mayActOn } from '../api/session';
import { GameTabs, useGameModules } from './game-tabs';
import { Problem } from './problem';

const ModuleGateConnect = graphql(`mutation ModuleGateConnect ($id: SafeInt!, $key: String!) { connectModule(game_id: $id, input: { module_key: $key }) { key } }`);

export type ModuleKey = 'variables' | 'notification' | 'leaderboard';
const MODULE_NAMES: Record<ModuleKey, string> = { variables: 'Variables', notification: 'Notifications', leaderboard: 'Leaderboards' };

/**
 * A module's page, shown only while the module is on for the game: otherwise the page says once that
 * it is off, and staff may turn it on from there (its data, kept while it was off, comes back).
 */
function ModuleGate({ module, children }: { module: ModuleKey; children: ComponentChildren }) {
  const gameId = Number(useParams<{ id: string }>().id);
  const staff = mayActOn(useSession()?.user, 'POST /api/games/{id}/modules', gameId);
  const modules = useGameModules(gameId);
  const enable = useAction(() => request(ModuleGateConnect, { id: gameId, key: module }));
  if (modules.error && !modules.data) return <Problem error={modules.error} />;
  if (!modules.data) return <p aria-busy="true">Loading…</p>;
  if (modules.enabled.has(module)) return <>{children}</>;
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>{MODULE_NAMES[module]}</h1>
      <article class="module-off">
        <p>The {MODULE_NAMES[module].toLowerCase()} module is off for this game: its endpoints answer 403 and game clients get nothing from it. What it held is kept.</p>
        {staff ? (
          <button type="button" aria-busy={enable.busy} disabled={enable.busy} onClick={async () => {
            if (await enable.run()) modules.reload();
          }}>Enable {MODULE_NAMES[module].toLowerCase()}</button>
        ) : <p class="muted">Staff can turn it on.</p>}
        <Problem error={enable.error} />
      </article>
    </>
  );
}

/** A route's page behind the gate of its module. */
export const gated = (module: ModuleKey, Page: ComponentType) => () => (
  <ModuleGate module={module}>
    <Page />
  </ModuleGate>
);

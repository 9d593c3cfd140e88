import type { AdminCaches } from './cache/admin-caches';
import type { RankIndex } from './leaderboards/rank-index-store';
import type { Change, ChangeSubscriber } from './unit-of-work';
import type { ConfigVersions } from './variables/config-versions';

/**
 * What follows a committed write, in one list (the unit of work calls them in this order): the read
 * caches of every instance, the config document's version, the leaderboards' rank indexes. Services
 * say what they changed (`changed('game.modules', gameId)`); none of them calls these itself.
 */
export function changeSubscribers(deps: { caches: AdminCaches; configVersions: ConfigVersions; rankIndex: RankIndex }): ChangeSubscriber[] {
  const { caches, configVersions, rankIndex } = deps;
  const each = (act: (change: Change) => Promise<void> | undefined): ChangeSubscriber => async (changes) => {
    for (const change of changes) await act(change);
  };
  return [
    each((change) => {
      if (change.kind === 'user') return caches.userChanged(change.id);
      if (change.kind === 'leaderboard') return caches.leaderboardChanged(change.id);
      if (change.kind === 'game.modules') return caches.modulesChanged(change.id);
      if (change.kind === 'game.removed') return caches.gameRemoved(change.id);
      return undefined;
    }),
    // The config document of a game changes with its variables, its modules (the variables module
    // may be gone), and with the game itself.
    each((change) => (['game.config', 'game.modules', 'game.removed'].includes(change.kind) ? configVersions.bump(change.id) : undefined)),
    each((change) => (change.kind === 'game.ranking' || change.kind === 'game.removed' ? rankIndex.gameChanged(change.id) : undefined)),
  ];
}

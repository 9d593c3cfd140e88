import type { Work } from '../unit-of-work';
import { timedOverrideOf } from './config-overrides-repository';
import { assertDocumentsFit } from './timed-config';
import { definitionOf } from './variable-view';

/**
 * SPEC §2.4's 1 MiB bound for a game, checked inside the transaction of a write to its variables or its
 * overrides (after the write, under the game's lock): the document at every instant from `nowMs` on,
 * the base variables with whichever overrides are live then, stays within it (409 otherwise).
 */
export async function assertGameDocumentsFit(repos: Work<'variables' | 'configOverrides'>['repos'], gameId: number, nowMs: number): Promise<void> {
  const [variables, overrides] = await Promise.all([
    repos.variables.listVariables(gameId),
    repos.configOverrides.pendingOverridesOfGames([gameId], new Date(nowMs)),
  ]);
  assertDocumentsFit({ variables: variables.map(definitionOf), overrides: overrides.map(timedOverrideOf) }, nowMs);
}

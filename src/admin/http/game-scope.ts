import { AppError } from '../../errors';
import type { AdminServices } from '../admin-services';
import { assertActsOnGame, type Actor } from '../core/actor';
import type { AnyEndpoint } from './endpoint';

/** Paths whose `id` is the game the operation acts on. */
const GAME_PATH = /^\/api\/games\/\{id\}(\/|$)/;

/** The game of the user-game a path's `ug_id` names (a wallet's game): declared by every user-game endpoint. */
export const userGamesGame = ({ params }: { params: { ug_id: number } }, { gameOf }: AdminServices) => gameOf.userGame(params.ug_id);

/** The game an endpoint acts on as it declares it, or as its path says; undefined when it says nothing. */
export function gameTargetOf(endpoint: AnyEndpoint): AnyEndpoint['game'] {
  if (endpoint.game) return endpoint.game;
  if (GAME_PATH.test(endpoint.path)) return ({ params }) => (params as { id: number }).id;
  return undefined;
}

/**
 * SPEC §2.12's scoped moderators: a moderator limited to games acts as staff on those games only.
 * A staff operation on another game (read or write), or one that makes a game, is 403 before its
 * handler runs; a staff endpoint that says nothing of its game is refused to them too (closed by
 * default; a test holds every staff endpoint to a declaration). Runs after the role check, for REST
 * and GraphQL alike.
 */
export async function assertGameScope(endpoint: AnyEndpoint, input: { actor: Actor }, services: AdminServices): Promise<void> {
  if (input.actor.gameScope === null || endpoint.access !== 'staff') return;
  const target = gameTargetOf(endpoint);
  if (target === 'none') return;
  if (target === 'new') throw new AppError('FORBIDDEN', 'a moderator limited to games cannot make a game');
  if (target === undefined) throw new AppError('FORBIDDEN', `${endpoint.method.toUpperCase()} ${endpoint.path} is not open to a moderator limited to games`);
  const gameId = await target(input as never, services);
  if (gameId !== undefined) assertActsOnGame(input.actor, gameId);
}

/** An endpoint's handler behind the game scope check: what REST routes and GraphQL resolvers both run. */
export async function runEndpoint(endpoint: AnyEndpoint, input: { actor: Actor }, services: AdminServices): Promise<unknown> {
  await assertGameScope(endpoint, input, services);
  return endpoint.handle!(input as never, services);
}

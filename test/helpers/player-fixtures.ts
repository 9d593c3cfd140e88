import * as OTPAuth from 'otpauth';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import type { TestApi } from './api';

// What the player data rights tests (SPEC §2.14) build on: a game with a leaderboard and a group, a
// current second-factor code, a reply checked for its status.

let made = 0;
/** A name no other test of this process uses. */
export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${(made += 1)}`;

export const adminCall = (api: TestApi) => ({ token: api.users.admin.token });

/** The code of a TOTP secret at `atMs` (now by default; a later step for a code not used yet). */
export const totpCode = (secret: string, atMs = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: atMs });

export function expectStatus(reply: { status: number; body: unknown }, status: number): void {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
}

/** A game with the leaderboard module and a board with a group. */
export async function gameWithBoard(api: TestApi) {
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'Slots', slug: uniqueName('pd').replaceAll('_', '-') })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = (await api.request('POST', `/api/games/${gameId}/leaderboards`, { ...adminCall(api), body: { key: uniqueName('top'), name: 'Top' } })).body as { id: number };
  const group = (await api.request('POST', `/api/leaderboards/${board.id}/groups`, { ...adminCall(api), body: { key: uniqueName('vip'), name: 'VIP' } })).body as { id: number };
  return { gameId, board, group };
}

/** A user (a player by default) connected to a new game with a board and a group: the name, the user, the game and the user-game. */
export async function connectedPlayer(api: TestApi, prefix: string, role: 'user' | 'admin' = 'user') {
  const name = uniqueName(prefix);
  const player = await api.createUser(role, name);
  const { gameId, board, group } = await gameWithBoard(api);
  const ug = (await api.request('POST', `/api/users/${player.id}/games`, { ...adminCall(api), body: { game_id: gameId } })).body as { id: number };
  return { name, player, gameId, board, group, ug };
}

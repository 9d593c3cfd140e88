import { gameScopeOf, type Role } from './roles';

export { actsOnGame, assertActsOnGame, gameScopeOf } from './roles';

/** Who a write is done for, as its audit entry names them (SPEC §2.11). */
export interface Actor {
  readonly userId: number | null;
  readonly role: Role | null;
  readonly requestId: string | null;
  readonly ip: string | null;
  /**
   * A moderator limited to games (SPEC §2.12): the only games they act on as staff; null for everyone
   * else (admins, unscoped moderators, users, commands).
   */
  readonly gameScope: readonly number[] | null;
}

/** The actor of a request: its user (none before sign-in), its id and the client's address. */
export function requestActor(user: { readonly id: number; readonly role: Role; readonly game_scope?: readonly number[] | null } | undefined, requestId: string, ip: string): Actor {
  return { userId: user?.id ?? null, role: user?.role ?? null, requestId, ip, gameScope: user ? gameScopeOf(user) : null };
}

/** An operator command, or a service called outside any request: nobody signed in. */
export const COMMAND_ACTOR: Actor = Object.freeze({ userId: null, role: null, requestId: null, ip: null, gameScope: null });

import type { Role } from './roles';

/** Who a write is done for, as its audit entry names them (SPEC §2.11). */
export interface Actor {
  readonly userId: number | null;
  readonly role: Role | null;
  readonly requestId: string | null;
  readonly ip: string | null;
}

/** The actor of a request: its user (none before sign-in), its id and the client's address. */
export function requestActor(user: { readonly id: number; readonly role: Role } | undefined, requestId: string, ip: string): Actor {
  return { userId: user?.id ?? null, role: user?.role ?? null, requestId, ip };
}

/** An operator command, or a service called outside any request: nobody signed in. */
export const COMMAND_ACTOR: Actor = Object.freeze({ userId: null, role: null, requestId: null, ip: null });

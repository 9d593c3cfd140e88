import { AsyncLocalStorage } from 'node:async_hooks';

/** Who a write is done for, as its audit entry names them (SPEC §2.11). */
export interface Actor {
  readonly userId: number | null;
  readonly role: string | null;
  readonly requestId: string | null;
  readonly ip: string | null;
}

/** An operator command, or a service called outside any request: nobody signed in. */
export const COMMAND_ACTOR: Actor = Object.freeze({ userId: null, role: null, requestId: null, ip: null });

const scope = new AsyncLocalStorage<() => Actor>();

/**
 * Runs `work` with `actor` as the acting party of every audit entry written inside it. The actor is
 * read when an entry is written (a getter), since a request learns its user after it starts: REST in the
 * access guard, GraphQL on the first field that needs a token. This keeps the services free of
 * transport types while every write, through any interface, names who did it.
 */
export function actingAs<T>(actor: () => Actor, work: () => T): T {
  return scope.run(actor, work);
}

export function currentActor(): Actor {
  return scope.getStore()?.() ?? COMMAND_ACTOR;
}

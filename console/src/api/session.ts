/**
 * The signed-in user and their token, for this tab only (sessionStorage: gone when the tab closes,
 * never in a URL or a log). Components follow it through `useSession`.
 */
import type { Role, SessionUserFieldsFragment } from './generated/graphql';
import { ENDPOINT_ACCESS, ENDPOINT_GAME, type EndpointRoute } from './generated/access';

export type { Role };
export type SessionUser = SessionUserFieldsFragment;
export interface Session {
  readonly token: string;
  readonly user: SessionUser;
}

const KEY = 'reservation-console.session';
const listeners = new Set<() => void>();
let current: Session | null = read();
/** Why the last session ended, shown once on the login page. */
let endedBecause: string | null = null;

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function set(next: Session | null): void {
  current = next;
  if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
  else sessionStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export const session = {
  get: () => current,
  token: () => current?.token ?? null,
  signIn: (next: Session) => {
    endedBecause = null;
    set(next);
  },
  signOut: () => set(null),
  /** The server refused the token (expired, user deactivated): back to the login page. */
  expire: (reason: string) => {
    endedBecause = reason;
    set(null);
  },
  takeEndReason: () => {
    const reason = endedBecause;
    endedBecause = null;
    return reason;
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const isStaff = (role: Role | undefined) => role === 'admin' || role === 'moderator';

/**
 * Whether a user of this role may call an endpoint, as its declaration says (generated/access.ts, made
 * from the API's endpoint declarations by `npm run codegen`): the console offers an action only to the
 * roles the API lets through. A `self` endpoint is any signed-in user's, for what is theirs.
 */
export function mayCall(role: Role | undefined, route: EndpointRoute): boolean {
  const access = ENDPOINT_ACCESS[route];
  if (access === 'public') return true;
  if (!role) return false;
  if (access === 'any' || access === 'self') return true;
  return access === 'staff' ? isStaff(role) : role === 'admin';
}

/**
 * Whether this user may call an endpoint on this game: `mayCall`, and for a moderator an admin limited
 * to games (SPEC §2.12), the game is one of theirs (an endpoint on no game is open to them, one that
 * makes a game is not), as the server's scope check decides (src/admin/http/game-scope.ts). Pages of a
 * game offer only what this allows.
 */
export function mayActOn(user: Pick<SessionUser, 'role' | 'game_scope'> | undefined, route: EndpointRoute, gameId: number | undefined): boolean {
  if (!mayCall(user?.role, route)) return false;
  if (user?.role !== 'moderator' || !user.game_scope || ENDPOINT_ACCESS[route] !== 'staff') return true;
  const target = ENDPOINT_GAME[route as keyof typeof ENDPOINT_GAME] as string | undefined;
  if (target === 'none') return true;
  return target === 'game' && gameId !== undefined && user.game_scope.includes(gameId);
}

/** Whether a moderator limited to games acts on this one (admins and unlimited staff: true; players: false). */
export function actsOnGame(user: Pick<SessionUser, 'role' | 'game_scope'> | undefined, gameId: number): boolean {
  if (!isStaff(user?.role)) return false;
  return user?.role === 'admin' || !user?.game_scope || user.game_scope.includes(gameId);
}

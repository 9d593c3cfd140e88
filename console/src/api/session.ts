/**
 * The signed-in user and their token, for this tab only (sessionStorage: gone when the tab closes,
 * never in a URL or a log). Components follow it through `useSession`.
 */
import type { Role, SessionUserFieldsFragment } from './generated/graphql';
import { ENDPOINT_ACCESS, type EndpointRoute } from './generated/access';

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

import { createHash } from 'node:crypto';

/**
 * The pseudonyms an erase gives (SPEC §2.14), and the space they live in. The space is reserved: no
 * registration, invite or user edit may take a username or an email in it, so an erase never finds its
 * pseudonym taken by someone who computed it in advance.
 */
const USERNAME_PREFIX = 'erased-';
const EMAIL_DOMAIN = 'erased.invalid';

/** What an erased user's username becomes: `erased-<digest of the id>` (unique, and says nothing of the person). */
export const pseudonymOf = (userId: number): string => `${USERNAME_PREFIX}${createHash('sha256').update(`user:${userId}`).digest('hex').slice(0, 16)}`;

/**
 * What their email becomes: the pseudonym at the reserved `.invalid` domain (RFC 2606), so it is still
 * an address in form for whatever reads one, and reaches no one.
 */
export const pseudonymEmailOf = (userId: number): string => `${pseudonymOf(userId)}@${EMAIL_DOMAIN}`;

/** Usernames are compared byte for byte, but `Erased-…` would read as a pseudonym to a person: refused too. */
export const isReservedUsername = (username: string): boolean => username.trim().toLowerCase().startsWith(USERNAME_PREFIX);

/** An address at the reserved domain, in any spelling that canonicalises to it (or a subdomain of it). */
export function isReservedEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return domain === EMAIL_DOMAIN || domain.endsWith(`.${EMAIL_DOMAIN}`);
}

export const RESERVED_USERNAME_RULE = `must not begin with ${USERNAME_PREFIX} (reserved for erased users)`;
export const RESERVED_EMAIL_RULE = `must not be at ${EMAIL_DOMAIN} (reserved for erased users)`;

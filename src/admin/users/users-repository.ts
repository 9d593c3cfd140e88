import type { Knex } from 'knex';
import { containsPattern } from '../../db/like';
import type { Role } from '../auth/token-service';
import type { PublicUser } from '../core/session-user';
import { conflictOnDuplicate, duplicateKeyOf } from '../../db/mysql-errors';
import { jsonIds, toJsonIds } from '../../db/json-ids';
import { listingOf, type Listing } from '../../db/page';

export const USERS = 'users';

export interface UserRow {
  id: number;
  email: string;
  username: string;
  password_hash: string;
  role: Role;
  is_active: number | boolean;
  /** JSON: the game ids a moderator is limited to (SPEC §2.12); null: every game. */
  game_scope: number[] | string | null;
  /** Two-factor sign-in (SPEC §2.12): the TOTP secret (base32), when it took force, the last step a code was accepted at. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | string | null;
  created_at: Date;
  updated_at: Date;
  /** SPEC §2.14: when the user was erased (email and username are a pseudonym since); null: never. */
  erased_at: Date | null;
  /** The invite the user registered with (null: made otherwise, or registered before it was kept). */
  invite_id: number | null;
}

export type { PublicUser };

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    is_active: Boolean(row.is_active),
    game_scope: jsonIds(row.game_scope),
    two_factor_enabled: row.totp_enabled_at !== null && row.totp_enabled_at !== undefined,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const PUBLIC_USER_COLUMNS = ['id', 'email', 'username', 'role', 'is_active', 'game_scope', 'totp_enabled_at', 'created_at', 'updated_at'].map((c) => `${USERS}.${c}`);

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>(USERS).where({ id }).first();
}

/** A user who signs in by this email; an erased user is none (SPEC §2.14: signing in as one fails as for an unknown account). */
export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>(USERS).where({ email }).whereNull('erased_at').first();
}

export async function insertUser(db: Knex, user: Pick<UserRow, 'email' | 'username' | 'password_hash' | 'role'> & Partial<Pick<UserRow, 'invite_id'>>): Promise<number> {
  const [id] = await conflictOnDuplicate(db(USERS).insert(user), () => 'a user with this email or username already exists', (error) =>
    duplicateKeyOf(error).includes('username') ? 'username' : 'email');
  return id as number;
}

/** The seed's search rule: an integer matches the id; other text a substring of username or email. */
export function applyUserSearch(query: Knex.QueryBuilder, search: string | undefined): Knex.QueryBuilder {
  if (search === undefined) return query;
  if (/^\d+$/.test(search)) return query.where(`${USERS}.id`, Number(search));
  // Emails are stored lower-cased and compared byte for byte, so the search is lower-cased for them.
  const pattern = containsPattern(search);
  return query.where((q) =>
    q.where(`${USERS}.username`, 'like', pattern).orWhere(`${USERS}.email`, 'like', containsPattern(search.toLowerCase())),
  );
}

/** Newest first. */
export function listUsers(db: Knex, search: string | undefined): Listing<UserRow> {
  return listingOf(applyUserSearch(db<UserRow>(USERS).select(PUBLIC_USER_COLUMNS).orderBy('id', 'desc'), search));
}

/** The user's row, locked until the unit of work ends: an erase and another write of the user take turns. */
export function lockUser(trx: Knex.Transaction, id: number): Promise<UserRow | undefined> {
  return trx<UserRow>(USERS).where({ id }).forUpdate().first();
}

export async function updateUser(db: Knex, id: number, changes: Partial<Pick<UserRow, 'role' | 'is_active'>>): Promise<void> {
  await db(USERS).where({ id }).update({ ...changes, updated_at: db.fn.now(3) });
}

/** A moderator's games (SPEC §2.12); null: every game. */
export async function setGameScope(db: Knex, id: number, gameIds: readonly number[] | null): Promise<void> {
  await db(USERS).where({ id }).update({ game_scope: toJsonIds(gameIds), updated_at: db.fn.now(3) });
}

/** Ids of the active admins, their rows locked in id order until the transaction ends. */
export function lockActiveAdminIds(trx: Knex.Transaction): Promise<number[]> {
  return trx(USERS).where({ role: 'admin', is_active: true }).orderBy('id').forUpdate().pluck('id');
}

export async function isUsernameTaken(db: Knex, username: string): Promise<boolean> {
  return (await db(USERS).where({ username }).first('id')) !== undefined;
}

// Two-factor sign-in (SPEC §2.12): what the auth feature writes of a user (through user-accounts).
export const RECOVERY_CODES = 'recovery_codes';

/** A new secret while two-factor sign-in is not on (setup again replaces an unconfirmed one). */
export async function setTotpSecret(db: Knex, id: number, secret: string): Promise<boolean> {
  return (await db(USERS).where({ id }).whereNull('totp_enabled_at').whereNull('erased_at').update({ totp_secret: secret })) === 1;
}

/** Two-factor sign-in takes force, the confirming code's step used; false when it already had. */
export async function enableTotp(db: Knex, id: number, step: number): Promise<boolean> {
  return (await db(USERS).where({ id }).whereNull('totp_enabled_at').whereNull('erased_at').whereNotNull('totp_secret')
    .update({ totp_enabled_at: db.fn.now(3), totp_last_step: step, updated_at: db.fn.now(3) })) === 1;
}

/** Uses a code's time step: true once per step and only for steps after the last used (a code is good once). */
export async function useTotpStep(db: Knex, id: number, step: number): Promise<boolean> {
  return (await db(USERS).where({ id }).whereNull('erased_at').where((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step)).update({ totp_last_step: step })) === 1;
}

export async function disableTotp(db: Knex, id: number): Promise<void> {
  await db(USERS).where({ id }).update({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: db.fn.now(3) });
  await db(RECOVERY_CODES).where({ user_id: id }).delete();
}

export async function replaceRecoveryCodes(db: Knex, userId: number, hashes: readonly string[]): Promise<void> {
  await db(RECOVERY_CODES).where({ user_id: userId }).delete();
  await db(RECOVERY_CODES).insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

/** Uses up a recovery code: true once. */
export async function useRecoveryCode(db: Knex, userId: number, hash: string): Promise<boolean> {
  return (await db(RECOVERY_CODES).where({ user_id: userId, code_hash: hash }).whereNull('used_at').update({ used_at: db.fn.now(3) })) === 1;
}

/** Whether this is one of the user's recovery codes, used already (a wrong code is not). */
export async function recoveryCodeUsed(db: Knex, userId: number, hash: string): Promise<boolean> {
  return (await db(RECOVERY_CODES).where({ user_id: userId, code_hash: hash }).whereNotNull('used_at').first('user_id')) !== undefined;
}

/** How many of a user's recovery codes are still unused. */
export async function unusedRecoveryCodes(db: Knex, userId: number): Promise<number> {
  const row = (await db(RECOVERY_CODES).where({ user_id: userId }).whereNull('used_at').count({ total: '*' }).first()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

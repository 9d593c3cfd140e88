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
  created_at: Date;
  updated_at: Date;
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
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const PUBLIC_USER_COLUMNS = ['id', 'email', 'username', 'role', 'is_active', 'game_scope', 'created_at', 'updated_at'].map((c) => `${USERS}.${c}`);

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>(USERS).where({ id }).first();
}

export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>(USERS).where({ email }).first();
}

export async function insertUser(db: Knex, user: Pick<UserRow, 'email' | 'username' | 'password_hash' | 'role'>): Promise<number> {
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

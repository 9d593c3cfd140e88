import type { Knex } from 'knex';
import { toJsonIds } from '../../db/json-ids';
import { listingOf, type Listing } from '../../db/page';

export const API_KEYS = 'api_keys';

export interface ApiKeyRow {
  id: number;
  name: string;
  secret_hash: string;
  game_ids: number[] | string | null;
  created_by: number | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const PUBLIC_COLUMNS = ['id', 'name', 'game_ids', 'created_by', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'] as const;

/** Newest first. */
export function listApiKeys(db: Knex): Listing<ApiKeyRow> {
  return listingOf(db<ApiKeyRow>(API_KEYS).select(...PUBLIC_COLUMNS).orderBy('id', 'desc'));
}

export function findApiKey(db: Knex, id: number): Promise<ApiKeyRow | undefined> {
  return db<ApiKeyRow>(API_KEYS).where({ id }).first(...PUBLIC_COLUMNS);
}

export async function insertApiKey(db: Knex, row: { name: string; secret_hash: string; game_ids: number[] | null; created_by: number | null; expires_at: Date | null }): Promise<number> {
  const [id] = await db(API_KEYS).insert({ ...row, game_ids: toJsonIds(row.game_ids) });
  return id as number;
}

export async function revokeApiKey(db: Knex, id: number): Promise<void> {
  await db(API_KEYS).where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now(3) });
}

export type ActiveApiKeyRow = Pick<ApiKeyRow, 'id' | 'secret_hash' | 'game_ids' | 'expires_at'>;

/**
 * The keys a gRPC process accepts now: not revoked, not expired (each process reads them every half
 * second); with `hashes`, only those of these secret hashes (a key made since the last read).
 */
export function activeApiKeys(db: Knex, hashes?: readonly string[]): Promise<ActiveApiKeyRow[]> {
  const query = db<ApiKeyRow>(API_KEYS).whereNull('revoked_at').where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', db.raw('UTC_TIMESTAMP(3)')))
    .select('id', 'secret_hash', 'game_ids', 'expires_at');
  if (hashes) query.whereIn('secret_hash', hashes);
  return query;
}

/** Notes that these keys were used, to the minute (a key used again within the minute is not written again). */
export async function touchApiKeys(db: Knex, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db(API_KEYS).whereIn('id', ids).where((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw('NOW(3) - INTERVAL 1 MINUTE')))
    .update({ last_used_at: db.fn.now(3) });
}

import type { Knex } from 'knex';
import { containsPattern } from '../../db/like';
import { listingOf, type Listing } from '../../db/page';
import { lockedIf } from '../../db/row-lock';
import { conflictOnDuplicate } from '../../db/mysql-errors';

export const GAMES = 'games';

export interface GameRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  image_url: string;
  is_active: number | boolean;
  created_at: Date;
  updated_at: Date;
}

export type GameFields = Pick<GameRow, 'name' | 'slug' | 'description' | 'image_url'> & { is_active: boolean };

/** `forUpdate` (inside a transaction): locked until it ends, so the row read is the row changed. */
export function findGame(db: Knex, id: number, forUpdate = false): Promise<GameRow | undefined> {
  return lockedIf(db<GameRow>(GAMES).where({ id }), forUpdate).first();
}

export function findGames(db: Knex, ids: readonly number[]): Promise<GameRow[]> {
  return db<GameRow>(GAMES).whereIn('id', ids);
}

/** Newest first; case-insensitive substring of name or slug; %, _ and \ in the search are literal. */
/** Newest first; `within`: only these games (a moderator limited to games, SPEC §2.12). */
export function listGames(db: Knex, search: string | undefined, within: readonly number[] | null = null): Listing<GameRow> {
  const query = db<GameRow>(GAMES).select().orderBy('id', 'desc');
  if (within !== null) query.whereIn('id', within);
  if (search === undefined) return listingOf(query);
  const pattern = containsPattern(search);
  return listingOf(query.where((q) => q.where('name', 'like', pattern).orWhere('slug', 'like', pattern)));
}

const slugTaken = (slug: string | undefined) => () => `a game with slug "${slug}" already exists`;

export async function insertGame(db: Knex, fields: GameFields): Promise<number> {
  const [id] = await conflictOnDuplicate(db(GAMES).insert(fields), slugTaken(fields.slug), 'slug');
  return id as number;
}

export async function updateGame(db: Knex, id: number, fields: Partial<GameFields>): Promise<void> {
  await conflictOnDuplicate(db(GAMES).where({ id }).update({ ...fields, updated_at: db.fn.now(3) }), slugTaken(fields.slug), 'slug');
}

/** Locks the game's row until the transaction ends (writes that must see a game's children whole); false when gone. */
export async function lockGame(trx: Knex.Transaction, id: number): Promise<boolean> {
  return (await trx(GAMES).where({ id }).forUpdate().first('id')) !== undefined;
}

/**
 * Module links, user connections, variables, notifications and leaderboards (with their groups and
 * scores) go with the game: the foreign keys cascade. The money ledger has none and is kept.
 */
export async function deleteGame(db: Knex, id: number): Promise<void> {
  await db(GAMES).where({ id }).delete();
}

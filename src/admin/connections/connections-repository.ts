import type { Knex } from 'knex';
import { listingOf, mapListing, type Listing } from '../../db/page';
import { GAMES, type GameRow } from '../games/games-repository';
import { applyUserSearch, PUBLIC_USER_COLUMNS, toPublicUser, USERS, type PublicUser, type UserRow } from '../users/users-repository';
import { conflictOnDuplicate } from '../../db/mysql-errors';

export const USER_GAMES = 'user_games';

export interface UserGameRow {
  id: number;
  user_id: number;
  game_id: number;
  created_at: Date;
}

export function findUserGame(db: Knex, id: number): Promise<UserGameRow | undefined> {
  return db<UserGameRow>(USER_GAMES).where({ id }).first();
}

/** A user-game with its user's and game's names. */
export function findUserGameNamed(db: Knex, id: number): Promise<(UserGameRow & { username: string; game_name: string }) | undefined> {
  return db(`${USER_GAMES} as ug`)
    .join(USERS, `${USERS}.id`, 'ug.user_id')
    .join(GAMES, `${GAMES}.id`, 'ug.game_id')
    .where('ug.id', id)
    .first('ug.*', `${USERS}.username`, `${GAMES}.name as game_name`);
}

export function findConnection(db: Knex, userId: number, gameId: number): Promise<UserGameRow | undefined> {
  return db<UserGameRow>(USER_GAMES).where({ user_id: userId, game_id: gameId }).first();
}

/** The user-games a user ever had, kept by user (SPEC §2.14: an export or erase reads the user's own rows). */
export const USER_GAMES_EVER = 'user_games_ever';

/** Connects, and remembers the user-game among the user's (in the same transaction when `db` is one). */
export async function insertConnection(db: Knex, userId: number, gameId: number): Promise<number> {
  const [id] = await conflictOnDuplicate(db(USER_GAMES).insert({ user_id: userId, game_id: gameId }), () => `user ${userId} is already connected to game ${gameId}`, 'game_id');
  await db(USER_GAMES_EVER).insert({ user_id: userId, user_game_id: id as number, game_id: gameId });
  return id as number;
}

export async function deleteConnection(db: Knex, userId: number, gameId: number): Promise<boolean> {
  return (await db(USER_GAMES).where({ user_id: userId, game_id: gameId }).delete()) > 0;
}

/** A user's games; with `games`, only those. */
export function gamesOfUser(db: Knex, userId: number, games: readonly number[] | null = null): Listing<GameRow & { user_game_id: number }> {
  const query = db(`${USER_GAMES} as ug`)
    .join(`${GAMES}`, `${GAMES}.id`, 'ug.game_id')
    .where('ug.user_id', userId)
    .orderBy(`${GAMES}.id`)
    .select(`${GAMES}.*`, 'ug.id as user_game_id');
  if (games) query.whereIn('ug.game_id', games);
  return listingOf(query);
}

export function usersOfGame(db: Knex, gameId: number, search: string | undefined): Listing<PublicUser & { user_game_id: number }> {
  const query = db(`${USER_GAMES} as ug`)
    .join(USERS, `${USERS}.id`, 'ug.user_id')
    .where('ug.game_id', gameId)
    .orderBy(`${USERS}.id`)
    .select([...PUBLIC_USER_COLUMNS, 'ug.id as user_game_id']);
  const listing = listingOf<UserRow & { user_game_id: number }>(applyUserSearch(query, search));
  return mapListing(listing, (rows) => rows.map((row) => ({ ...toPublicUser(row), user_game_id: row.user_game_id })));
}

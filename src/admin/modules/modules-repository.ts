import type { Knex } from 'knex';
import type { PublicModule } from './modules-replies';
import { conflictOnDuplicate } from '../../db/mysql-errors';

export const MODULES = 'modules';
export const GAME_MODULES = 'game_modules';

export interface ModuleRow {
  id: number;
  key: string;
  name: string;
}


export const toPublicModule = (row: ModuleRow): PublicModule => ({ id: row.id, key: row.key, name: row.name });

export function listModules(db: Knex): Promise<ModuleRow[]> {
  return db<ModuleRow>(MODULES).select('id', 'key', 'name').orderBy('id');
}

export function findModuleByKey(db: Knex, key: string): Promise<ModuleRow | undefined> {
  return db<ModuleRow>(MODULES).where({ key }).first('id', 'key', 'name');
}

/** Modules connected to each of the games, in one query (no query per game). */
export async function modulesOfGames(db: Knex, gameIds: readonly number[]): Promise<Map<number, PublicModule[]>> {
  const byGame = new Map<number, PublicModule[]>(gameIds.map((id) => [id, []]));
  if (gameIds.length === 0) return byGame;
  const rows = await db(`${GAME_MODULES} as gm`)
    .join(`${MODULES} as m`, 'm.id', 'gm.module_id')
    .whereIn('gm.game_id', gameIds)
    .orderBy('m.id')
    .select('gm.game_id', 'm.id', 'm.key', 'm.name');
  for (const row of rows as Array<ModuleRow & { game_id: number }>) byGame.get(row.game_id)?.push(toPublicModule(row));
  return byGame;
}

/** The keys of the modules connected to a game. */
export async function connectedModuleKeys(db: Knex, gameId: number): Promise<Set<string>> {
  const rows: Array<{ key: string }> = await db(`${GAME_MODULES} as gm`)
    .join(`${MODULES} as m`, 'm.id', 'gm.module_id')
    .where({ 'gm.game_id': gameId })
    .select('m.key');
  return new Set(rows.map((row) => row.key));
}

export async function connectModule(db: Knex, gameId: number, module: { readonly id: number; readonly key: string }): Promise<void> {
  await conflictOnDuplicate(db(GAME_MODULES).insert({ game_id: gameId, module_id: module.id }), () => `module ${module.key} is already connected to game ${gameId}`, 'module_key');
}

export async function disconnectModule(db: Knex, gameId: number, moduleId: number): Promise<boolean> {
  return (await db(GAME_MODULES).where({ game_id: gameId, module_id: moduleId }).delete()) > 0;
}

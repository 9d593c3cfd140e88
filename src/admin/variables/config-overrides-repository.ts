import type { Knex } from 'knex';
import { listingOf, type Listing } from '../../db/page';
import type { CheckedOverride } from './config-override-rules';
import type { TimedOverride } from './timed-config';
import type { VariableDefinition } from './variable-rules';

export const CONFIG_OVERRIDES = 'config_overrides';

export interface ConfigOverrideRow {
  id: number;
  game_id: number;
  name: string;
  starts_at: Date;
  ends_at: Date;
  variables: string;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** A stored override as the columns it was written from. */
export const overrideOf = (row: ConfigOverrideRow): CheckedOverride => ({
  name: row.name, startsAt: row.starts_at, endsAt: row.ends_at, variables: JSON.parse(row.variables) as VariableDefinition[],
});

/** A stored override as the config document reads it. */
export const timedOverrideOf = (row: ConfigOverrideRow): TimedOverride => ({
  id: row.id, name: row.name, startsAt: row.starts_at.getTime(), endsAt: row.ends_at.getTime(), variables: overrideOf(row).variables,
});

const columnsOf = (override: CheckedOverride) => ({
  name: override.name, starts_at: override.startsAt, ends_at: override.endsAt, variables: JSON.stringify(override.variables),
});

/** A game's overrides, the latest start first. */
export function listConfigOverrides(db: Knex, gameId: number): Listing<ConfigOverrideRow> {
  return listingOf(db<ConfigOverrideRow>(CONFIG_OVERRIDES).where({ game_id: gameId }).orderBy([{ column: 'starts_at', order: 'desc' }, { column: 'id', order: 'desc' }]));
}

export function findConfigOverride(db: Knex, gameId: number, id: number): Promise<ConfigOverrideRow | undefined> {
  return db<ConfigOverrideRow>(CONFIG_OVERRIDES).where({ game_id: gameId, id }).first();
}

/** The overrides of these games that have not ended at `now` (what their config documents are made of). */
export function pendingOverridesOfGames(db: Knex, gameIds: readonly number[], now: Date): Promise<ConfigOverrideRow[]> {
  return db<ConfigOverrideRow>(CONFIG_OVERRIDES).whereIn('game_id', gameIds).where('ends_at', '>', now);
}

/** How many overrides a game holds, other than `except`. */
export async function countOverrides(db: Knex, gameId: number, except?: number): Promise<number> {
  const query = db(CONFIG_OVERRIDES).where({ game_id: gameId });
  if (except !== undefined) query.whereNot({ id: except });
  const row = (await query.count({ total: '*' }).first()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

export async function insertConfigOverride(db: Knex, gameId: number, override: CheckedOverride, createdBy: number | null): Promise<number> {
  const [id] = await db(CONFIG_OVERRIDES).insert({ game_id: gameId, ...columnsOf(override), created_by: createdBy });
  return id as number;
}

export async function replaceConfigOverride(db: Knex, gameId: number, id: number, override: CheckedOverride): Promise<void> {
  await db(CONFIG_OVERRIDES).where({ game_id: gameId, id }).update({ ...columnsOf(override), updated_at: db.fn.now(3) });
}

export async function deleteConfigOverride(db: Knex, gameId: number, id: number): Promise<void> {
  await db(CONFIG_OVERRIDES).where({ game_id: gameId, id }).delete();
}

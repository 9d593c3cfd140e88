import type { Knex } from 'knex';
import { applyPage, type Page } from '../../db/page';
import { groupByParent, rowsPerParent } from '../../db/per-parent';
import { INCOMING, insertFromIncoming } from '../../db/upsert';
import type { ItemValueType, TableItem, VariableDefinition, VariableType, VectorItem } from './variable-rules';
import { conflictOnDuplicate } from '../../db/mysql-errors';

export const VARIABLES = 'variables';

interface VariableRow {
  id: number;
  game_id: number;
  key: string;
  type: VariableType;
  number_value: number | null;
  string_value: string | null;
  table_value_type: ItemValueType | null;
  items: string | null;
  created_at: Date;
  updated_at: Date;
}

export type StoredVariable = VariableDefinition & { readonly id: number; readonly game_id: number; readonly created_at: Date; readonly updated_at: Date };

function toStored(row: VariableRow): StoredVariable {
  const meta = { id: row.id, game_id: row.game_id, key: row.key, created_at: row.created_at, updated_at: row.updated_at };
  switch (row.type) {
    case 'number':
      return { ...meta, type: 'number', number_value: Number(row.number_value) };
    case 'string':
      return { ...meta, type: 'string', string_value: row.string_value ?? '' };
    case 'table':
      return { ...meta, type: 'table', table_value_type: row.table_value_type!, items: JSON.parse(row.items ?? '[]') as TableItem[] };
    case 'vector':
      return { ...meta, type: 'vector', table_value_type: row.table_value_type!, items: JSON.parse(row.items ?? '[]') as VectorItem[] };
  }
}

/** The definition as columns: the fields of other types are NULL (a PUT that changes type clears them). */
function toColumns(definition: VariableDefinition) {
  return {
    key: definition.key,
    type: definition.type,
    number_value: definition.type === 'number' ? definition.number_value : null,
    string_value: definition.type === 'string' ? definition.string_value : null,
    table_value_type: definition.type === 'table' || definition.type === 'vector' ? definition.table_value_type : null,
    items: definition.type === 'table' || definition.type === 'vector' ? JSON.stringify(definition.items) : null,
  };
}

/** Each game's variables in creation order: one page of each, or all of them (config documents); one statement. */
export async function variablesOfGames(db: Knex, gameIds: readonly number[], page?: Page): Promise<Map<number, StoredVariable[]>> {
  const part = (gameId: number) => applyPage(db<VariableRow>(VARIABLES).where({ game_id: gameId }).orderBy('id'), page);
  const rows = await rowsPerParent<VariableRow>(db, gameIds, part, ['game_id', 'id']);
  return groupByParent(gameIds, rows.map(toStored), 'game_id');
}

export async function listVariables(db: Knex, gameId: number, page?: Page): Promise<StoredVariable[]> {
  return (await variablesOfGames(db, [gameId], page)).get(gameId)!;
}

export async function findVariable(db: Knex, gameId: number, id: number): Promise<StoredVariable | undefined> {
  const row = await db<VariableRow>(VARIABLES).where({ game_id: gameId, id }).first();
  return row ? toStored(row) : undefined;
}

const keyTaken = (key: string) => () => `game already has a variable with key "${key}"`;

export async function insertVariable(db: Knex, gameId: number, definition: VariableDefinition): Promise<number> {
  const [id] = await conflictOnDuplicate(db(VARIABLES).insert({ game_id: gameId, ...toColumns(definition) }), keyTaken(definition.key), 'key');
  return id as number;
}

export async function replaceVariable(db: Knex, gameId: number, id: number, definition: VariableDefinition): Promise<void> {
  const update = db(VARIABLES).where({ game_id: gameId, id }).update({ ...toColumns(definition), updated_at: db.fn.now(3) });
  await conflictOnDuplicate(update, keyTaken(definition.key), 'key');
}

export async function deleteVariable(db: Knex, gameId: number, id: number): Promise<void> {
  await db(VARIABLES).where({ game_id: gameId, id }).delete();
}

const COLUMNS = ['id', 'game_id', 'key', 'type', 'number_value', 'string_value', 'table_value_type', 'items'] as const;

/**
 * Many variables of a game written in three statements whatever their number (a rollback of 1000
 * variables): the ones to delete, then the new ones in the given order (ids rise with it), and the
 * replaced ones in one upsert by id.
 */
export async function writeVariables(
  db: Knex,
  gameId: number,
  changes: { deleted: readonly number[]; created: readonly VariableDefinition[]; replaced: ReadonlyArray<{ id: number; definition: VariableDefinition }> },
): Promise<void> {
  if (changes.deleted.length > 0) await db(VARIABLES).where({ game_id: gameId }).whereIn('id', changes.deleted).delete();
  if (changes.created.length > 0) await db(VARIABLES).insert(changes.created.map((definition) => ({ game_id: gameId, ...toColumns(definition) })));
  if (changes.replaced.length === 0) return;
  const rows = changes.replaced.map(({ id, definition }) => {
    const columns: Record<string, unknown> = { id, game_id: gameId, ...toColumns(definition) };
    return COLUMNS.map((column) => columns[column]);
  });
  const updates = COLUMNS.slice(2).map((column) => `\`${column}\` = ${INCOMING}.\`${column}\``).join(', ');
  const [sql, bindings] = insertFromIncoming(VARIABLES, COLUMNS.map((column) => `\`${column}\``), rows);
  await db.raw(`${sql} ON DUPLICATE KEY UPDATE ${updates}, updated_at = NOW(3)`, bindings as Knex.Value[]);
}

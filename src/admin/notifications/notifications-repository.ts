import type { Knex } from 'knex';
import { applyPage, type Page } from '../../db/page';
import { groupByParent, rowsPerParent } from '../../db/per-parent';
import type { NotificationDefinition } from './notification-rules';

export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_DESCRIPTIONS = 'notification_descriptions';

interface NotificationRow {
  id: number;
  game_id: number;
  name: string;
  variables: string;
  entries: string;
  created_at: Date;
  updated_at: Date;
}

export type StoredNotification = NotificationDefinition & { id: number; game_id: number; created_at: Date; updated_at: Date };

/** Each game's notifications (a page of each), with their descriptions in order: two statements in all. */
export async function notificationsOfGames(db: Knex, gameIds: readonly number[], page: Page): Promise<Map<number, StoredNotification[]>> {
  const part = (gameId: number) => applyPage(db<NotificationRow>(NOTIFICATIONS).where({ game_id: gameId }).orderBy('id'), page);
  const rows = await rowsPerParent<NotificationRow>(db, gameIds, part, ['game_id', 'id']);
  return groupByParent(gameIds, await withDescriptions(db, rows), 'game_id');
}

/** A page of a game's notifications, or the one with `id`. */
export async function findNotifications(db: Knex, gameId: number, which: { id: number } | Page): Promise<StoredNotification[]> {
  if ('limit' in which) return (await notificationsOfGames(db, [gameId], which)).get(gameId)!;
  return withDescriptions(db, await db<NotificationRow>(NOTIFICATIONS).where({ game_id: gameId, id: which.id }));
}

async function withDescriptions(db: Knex, rows: readonly NotificationRow[]): Promise<StoredNotification[]> {
  if (rows.length === 0) return [];
  const descriptions: Array<{ notification_id: number; language_id: number; description: string }> = await db(NOTIFICATION_DESCRIPTIONS)
    .whereIn('notification_id', rows.map((row) => row.id))
    .orderBy(['notification_id', 'position'])
    .select('notification_id', 'language_id', 'description');
  const byNotification = groupByParent(rows.map((row) => row.id), descriptions, 'notification_id');
  return rows.map((row) => ({
    id: row.id,
    game_id: row.game_id,
    name: row.name,
    descriptions: byNotification.get(row.id)!.map((d) => ({ language_id: d.language_id, description: d.description })),
    variables: JSON.parse(row.variables) as NotificationDefinition['variables'],
    entries: JSON.parse(row.entries) as NotificationDefinition['entries'],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

async function insertDescriptions(trx: Knex.Transaction, id: number, definition: NotificationDefinition): Promise<void> {
  await trx(NOTIFICATION_DESCRIPTIONS).insert(
    definition.descriptions.map((d, position) => ({ notification_id: id, position, language_id: d.language_id, description: d.description })),
  );
}

const columns = (definition: NotificationDefinition) => ({
  name: definition.name,
  variables: JSON.stringify(definition.variables),
  entries: JSON.stringify(definition.entries),
});

/** Inside the caller's transaction: the notification row and its description rows. */
export async function insertNotification(trx: Knex.Transaction, gameId: number, definition: NotificationDefinition): Promise<number> {
  const [id] = await trx(NOTIFICATIONS).insert({ game_id: gameId, ...columns(definition) });
  await insertDescriptions(trx, id as number, definition);
  return id as number;
}

export async function replaceNotification(trx: Knex.Transaction, id: number, definition: NotificationDefinition): Promise<void> {
  await trx(NOTIFICATIONS).where({ id }).update({ ...columns(definition), updated_at: trx.fn.now(3) });
  await trx(NOTIFICATION_DESCRIPTIONS).where({ notification_id: id }).delete();
  await insertDescriptions(trx, id, definition);
}

export async function deleteNotification(db: Knex, id: number): Promise<void> {
  await db(NOTIFICATIONS).where({ id }).delete();
}

export async function isLanguageUsed(db: Knex, languageId: number): Promise<boolean> {
  return (await db(NOTIFICATION_DESCRIPTIONS).where({ language_id: languageId }).first('notification_id')) !== undefined;
}

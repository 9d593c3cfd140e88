import type { Knex } from 'knex';
import type { Page } from '../../db/page';
import { mapPerParent } from '../../db/per-parent';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { AuditLog } from '../audit/audit-service';
import type { GamesService } from '../games/games-service';
import { existingLanguageIds } from '../languages/languages-reads';
import { perEnabledGame, type GameWithModules, type ModulesService } from '../modules/modules-service';
import { checkNotification, macrosOf, type NotificationDefinition, type NotificationInput } from './notification-rules';
import {
  deleteNotification,
  findNotifications,
  insertNotification,
  notificationsOfGames,
  replaceNotification,
  type StoredNotification,
} from './notifications-repository';
import type { NotificationWithMacros, PublicNotification } from './notifications-replies';

export const NOTIFICATION_MODULE = 'notification';

const toPublic = ({ created_at, updated_at, ...rest }: StoredNotification): PublicNotification => ({
  ...rest,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

/** The fields of a notification an audit entry shows. */
const auditedFields = (n: NotificationDefinition) => ({ name: n.name, variables: n.variables, entries: n.entries });

export function createNotificationsService({ db, games, modules, audit }: { db: Knex; games: GamesService; modules: ModulesService; audit: AuditLog }) {
  /** SPEC §2.1's order: the game (404), the notification in its path (404), then the module (403). */
  async function scope(gameId: number, notificationId?: number): Promise<StoredNotification | undefined> {
    await games.mustFind(gameId);
    const found = notificationId === undefined ? undefined : (await findNotifications(db, gameId, { id: notificationId }))[0];
    if (notificationId !== undefined && !found) throw new AppError('NOT_FOUND', `notification ${notificationId} of game ${gameId} not found`);
    await modules.assertEnabled(gameId, NOTIFICATION_MODULE);
    return found;
  }

  const existingLanguages = (ids: number[]) => existingLanguageIds(db, ids);
  const reread = async (gameId: number, id: number) => toPublic((await findNotifications(db, gameId, { id }))[0]!);

  return {
    async list(gameId: number, page: Page): Promise<PublicNotification[]> {
      await scope(gameId);
      return (await findNotifications(db, gameId, page)).map(toPublic);
    },

    /** Notifications of games read in this request (GraphQL lists): two statements for all of them. */
    async listOfGames(games: readonly GameWithModules[], page: Page): Promise<Array<PublicNotification[] | AppError>> {
      return perEnabledGame(games, NOTIFICATION_MODULE, async (ids) => mapPerParent(await notificationsOfGames(db, ids, page), toPublic));
    },

    /** One notification, with the macros its descriptions may use. */
    async get(gameId: number, id: number): Promise<NotificationWithMacros> {
      const found = toPublic((await scope(gameId, id))!);
      return { ...found, macros: macrosOf(found.variables.map((v) => v.key)) };
    },

    async create(gameId: number, input: NotificationInput): Promise<PublicNotification> {
      await scope(gameId);
      const definition = await checkNotification(input, existingLanguages);
      const id = await retryOnDeadlock(() =>
        db.transaction(async (trx) => {
          const notificationId = await insertNotification(trx, gameId, definition);
          await audit.record(trx, { action: 'notification.create', targetId: notificationId, gameId, changes: createdFields(auditedFields(definition)) });
          return notificationId;
        }),
      );
      return reread(gameId, id);
    },

    /** PUT replaces the whole notification (the body of a create). */
    async replace(gameId: number, id: number, input: NotificationInput): Promise<PublicNotification> {
      const before = (await scope(gameId, id))!;
      const definition = await checkNotification(input, existingLanguages);
      await retryOnDeadlock(() =>
        db.transaction(async (trx) => {
          await replaceNotification(trx, id, definition);
          const changes = changedFields(auditedFields(before), auditedFields(definition));
          await audit.record(trx, { action: 'notification.update', targetId: id, gameId, changes });
        }),
      );
      return reread(gameId, id);
    },

    async remove(gameId: number, id: number): Promise<void> {
      const before = (await scope(gameId, id))!;
      await db.transaction(async (trx) => {
        await deleteNotification(trx, id);
        await audit.record(trx, { action: 'notification.delete', targetId: id, gameId, changes: deletedFields(auditedFields(before)) });
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

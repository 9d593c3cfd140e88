import type { Page } from '../../db/page';
import { mapPerParent } from '../../db/per-parent';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { GamesPort } from '../games/games-service';
import { perEnabledGame, type GameWithModules, type ModulesPort } from '../modules/modules-service';
import { checkNotification, macrosOf, type NotificationDefinition, type NotificationInput } from './notification-rules';
import type { StoredNotification } from './notifications-repository';
import type { NotificationWithMacros, PublicNotification } from './notifications-replies';

export const NOTIFICATION_MODULE = 'notification';

const toPublic = ({ created_at, updated_at, ...rest }: StoredNotification): PublicNotification => ({
  ...rest,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

/** The fields of a notification an audit entry shows. */
const auditedFields = (n: NotificationDefinition) => ({ name: n.name, variables: n.variables, entries: n.entries });

export function createNotificationsService({ store, games, modules }: { store: Store<'notifications' | 'languagesReads'>; games: GamesPort; modules: ModulesPort }) {
  const { read } = store;
  /** SPEC §2.1's order: the game (404), the notification in its path (404), then the module (403). */
  async function scope(gameId: number, notificationId?: number): Promise<StoredNotification | undefined> {
    await games.mustFind(gameId);
    const found = notificationId === undefined ? undefined : (await read.notifications.findNotifications(gameId, { id: notificationId }))[0];
    if (notificationId !== undefined && !found) throw new AppError('NOT_FOUND', `notification ${notificationId} of game ${gameId} not found`);
    await modules.assertEnabled(gameId, NOTIFICATION_MODULE);
    return found;
  }

  const existingLanguages = (ids: number[]) => read.languagesReads.existingLanguageIds(ids);
  const reread = async (gameId: number, id: number) => toPublic((await read.notifications.findNotifications(gameId, { id }))[0]!);

  return {
    async list(gameId: number, page: Page): Promise<PublicNotification[]> {
      await scope(gameId);
      return (await read.notifications.findNotifications(gameId, page)).map(toPublic);
    },

    /** Notifications of games read in this request (GraphQL lists): two statements for all of them. */
    async listOfGames(games: readonly GameWithModules[], page: Page): Promise<Array<PublicNotification[] | AppError>> {
      return perEnabledGame(games, NOTIFICATION_MODULE, async (ids) => mapPerParent(await read.notifications.notificationsOfGames(ids, page), toPublic));
    },

    /** One notification, with the macros its descriptions may use. */
    async get(gameId: number, id: number): Promise<NotificationWithMacros> {
      const found = toPublic((await scope(gameId, id))!);
      return { ...found, macros: macrosOf(found.variables.map((v) => v.key)) };
    },

    async create(actor: Actor, gameId: number, input: NotificationInput): Promise<PublicNotification> {
      await scope(gameId);
      const definition = await checkNotification(input, existingLanguages);
      const id = await store.run(
        actor,
        async ({ repos, audit }) => {
          const notificationId = await repos.notifications.insertNotification(gameId, definition);
          audit({ action: 'notification.create', targetId: notificationId, gameId, changes: createdFields(auditedFields(definition)) });
          return notificationId;
        },
        { retryOnDeadlock: true },
      );
      return reread(gameId, id);
    },

    /** PUT replaces the whole notification (the body of a create). */
    async replace(actor: Actor, gameId: number, id: number, input: NotificationInput): Promise<PublicNotification> {
      const before = (await scope(gameId, id))!;
      const definition = await checkNotification(input, existingLanguages);
      await store.run(
        actor,
        async ({ repos, audit }) => {
          await repos.notifications.replaceNotification(id, definition);
          audit({ action: 'notification.update', targetId: id, gameId, changes: changedFields(auditedFields(before), auditedFields(definition)) });
        },
        { retryOnDeadlock: true },
      );
      return reread(gameId, id);
    },

    async remove(actor: Actor, gameId: number, id: number): Promise<void> {
      const before = (await scope(gameId, id))!;
      await store.run(actor, async ({ repos, audit }) => {
        await repos.notifications.deleteNotification(id);
        audit({ action: 'notification.delete', targetId: id, gameId, changes: deletedFields(auditedFields(before)) });
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

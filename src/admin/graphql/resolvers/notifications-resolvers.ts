import { macrosOf, type NotificationInput } from '../../notifications/notification-rules';
import type { PublicNotification } from '../../notifications/notifications-replies';
import { idArg, pageArgs } from '../graphql-args';
import { done, gameList, guarded, input, type ResolverMap } from './resolver-types';

/** Module notification. */
export const notificationsResolvers: ResolverMap = {
  Query: {
    notifications: guarded('any', (args, { services }) => services.notifications.list(idArg(args, 'game_id'), pageArgs(args))),
    notification: guarded('any', (args, { services }) => services.notifications.get(idArg(args, 'game_id'), idArg(args, 'id'))),
  },
  Mutation: {
    createNotification: guarded('staff', (args, { services }) => services.notifications.create(idArg(args, 'game_id'), input<NotificationInput>(args))),
    replaceNotification: guarded('staff', (args, { services }) =>
      services.notifications.replace(idArg(args, 'game_id'), idArg(args, 'id'), input<NotificationInput>(args))),
    deleteNotification: guarded('staff', (args, { services }) => done(services.notifications.remove(idArg(args, 'game_id'), idArg(args, 'id')))),
  },
  Game: {
    notifications: gameList('Game.notifications', 'any', (services, games, page) => services.notifications.listOfGames(games, page)),
  },
  Notification: {
    // REST shows the macros on a single notification; GraphQL offers them on every one, by the same rule.
    macros: (notification: PublicNotification & { macros?: string[] }) => notification.macros ?? macrosOf(notification.variables.map((v) => v.key)),
  },
};

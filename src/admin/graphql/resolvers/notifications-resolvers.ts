import { macrosOf } from '../../notifications/notification-rules';
import type { PublicNotification } from '../../notifications/notifications-replies';
import { gameList, type ResolverMap } from './resolver-types';

/** Module notification on a game and on each notification (the Query and Mutation fields are the endpoints'). */
export const notificationsResolvers: ResolverMap = {
  Game: {
    notifications: gameList('Game.notifications', 'any', (services, games, page) => services.notifications.listOfGames(games, page)),
  },
  Notification: {
    // REST shows the macros on a single notification; GraphQL offers them on every one, by the same rule.
    macros: (notification: PublicNotification & { macros?: string[] }) => notification.macros ?? macrosOf(notification.variables.map((v) => v.key)),
  },
};

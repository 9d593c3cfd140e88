import { gameItemsEndpoints } from '../http/game-items';
import { notificationSchema } from './notification-rules';
import { notificationReply, notificationWithMacrosReply } from './notifications-replies';

/** Module notification: a game's notifications, in languages, with their macros. */
export const notificationsEndpoints = [
  ...gameItemsEndpoints({
    items: 'notifications', item: 'notification', param: 'notification_id', tag: 'notifications', module: 'notification', readAccess: 'any',
    reply: notificationReply, oneReply: notificationWithMacrosReply,
    summaries: { list: 'A game\'s notifications', one: 'A notification, with the macros its descriptions may use', remove: 'Delete a notification' },
    create: { body: notificationSchema, summary: 'Create a notification' },
    change: { verb: 'replace', body: notificationSchema, summary: 'Replace a notification' },
    service: ({ notifications }) => notifications,
  }),
];

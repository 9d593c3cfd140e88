import { endpoint, gone, list, made, one, page } from '../http/endpoint';
import { notificationSchema } from './notification-rules';
import { notificationReply, notificationWithMacrosReply } from './notifications-replies';

const NOTIFICATIONS = '/api/games/{id}/notifications';
const NOTIFICATION = `${NOTIFICATIONS}/{notification_id}` as const;
/** A notification's path parameters as its GraphQL fields name them. */
const NOTIFICATION_ARGS = { id: 'game_id', notification_id: 'id' };

/** Module notification: a game's notifications, in languages, with their macros. */
export const notificationsEndpoints = [
  endpoint({
    method: 'get', path: NOTIFICATIONS, tag: 'notifications', summary: 'A game\'s notifications', access: 'any', module: 'notification',
    query: { page: page() }, ok: list(notificationReply),
    graphql: { type: 'Query', field: 'notifications', params: { id: 'game_id' } },
    handle: ({ params, query }, { notifications }) => notifications.list(params.id, query.page),
  }),
  endpoint({
    method: 'get', path: NOTIFICATION, tag: 'notifications', summary: 'A notification, with the macros its descriptions may use', access: 'any', module: 'notification',
    ok: one(notificationWithMacrosReply),
    graphql: { type: 'Query', field: 'notification', params: NOTIFICATION_ARGS, returns: 'Notification' },
    handle: ({ params }, { notifications }) => notifications.get(params.id, params.notification_id),
  }),
  endpoint({
    method: 'post', path: NOTIFICATIONS, tag: 'notifications', summary: 'Create a notification', access: 'staff', module: 'notification',
    body: notificationSchema, ok: made(notificationReply),
    graphql: { type: 'Mutation', field: 'createNotification', params: { id: 'game_id' } },
    handle: ({ actor, params, body }, { notifications }) => notifications.create(actor, params.id, body),
    location: { path: NOTIFICATION, params: (notification) => ({ id: notification.game_id, notification_id: notification.id }) },
  }),
  endpoint({
    method: 'put', path: NOTIFICATION, tag: 'notifications', summary: 'Replace a notification', access: 'staff', module: 'notification',
    body: notificationSchema, ok: one(notificationReply),
    graphql: { type: 'Mutation', field: 'replaceNotification', params: NOTIFICATION_ARGS },
    handle: ({ actor, params, body }, { notifications }) => notifications.replace(actor, params.id, params.notification_id, body),
  }),
  endpoint({
    method: 'delete', path: NOTIFICATION, tag: 'notifications', summary: 'Delete a notification', access: 'staff', module: 'notification', ok: gone,
    graphql: { type: 'Mutation', field: 'deleteNotification', params: NOTIFICATION_ARGS },
    handle: ({ actor, params }, { notifications }) => notifications.remove(actor, params.id, params.notification_id),
  }),
];

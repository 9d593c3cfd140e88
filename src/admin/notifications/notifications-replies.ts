import { countField, fieldsOf, idField, listOf, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';

/** What the API answers for notifications (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const notificationEntryReply = replySchema('NotificationEntry', {
  time_second: countField(0).meta({ graphql: 'SafeInt' }),
  image: textField(),
  login: textField(),
  variables: listOf(fieldsOf({ key: textField(), value: textField() }, 'NotificationEntryValue')),
});

export const notificationReply = replySchema('Notification', {
  id: idField(),
  game_id: idField(),
  name: textField(),
  descriptions: listOf(fieldsOf({ language_id: idField(), description: textField() }, 'NotificationDescription')),
  variables: listOf(fieldsOf({ key: textField() }, 'NotificationVariable')),
  entries: listOf(notificationEntryReply),
  created_at: timestampField(),
  updated_at: timestampField(),
});
export type PublicNotification = ReplyOf<typeof notificationReply>;

export const notificationWithMacrosReply = replySchema('NotificationWithMacros', { ...notificationReply.fields, macros: listOf(textField()) });
export type NotificationWithMacros = ReplyOf<typeof notificationWithMacrosReply>;

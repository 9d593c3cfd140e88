import { flagField, idField, listOf, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';
import { moduleReply } from '../modules/modules-replies';

/** What the API answers for a game (its reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const gameReply = replySchema('Game', {
  id: idField(),
  name: textField(),
  slug: textField(),
  description: textField(),
  image_url: textField('empty, an absolute http(s) URL, or a path under /uploads/images/'),
  is_active: flagField(),
  modules: listOf(moduleReply),
  created_at: timestampField(),
  updated_at: timestampField(),
});
export type PublicGame = ReplyOf<typeof gameReply>;

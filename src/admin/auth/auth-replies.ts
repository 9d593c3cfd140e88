import { countField, enumField, type ReplyOf, replySchema, textField } from '../core/reply-schema';
import { userReply } from '../core/session-user';

/** What sign-in and registration answer (the reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const tokenReply = replySchema('TokenReply', {
  access_token: textField(),
  token_type: enumField(['Bearer'] as const),
  expires_in: countField(1, 'seconds'),
  user: userReply,
});
export type TokenReply = ReplyOf<typeof tokenReply>;

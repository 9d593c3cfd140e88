import { countField, idField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';
import { roleReply } from '../core/session-user';

/** How many registrations one invite may allow. */
export const MAX_INVITE_USES = 10000;

/** What the API answers for an invite (its reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const inviteReply = replySchema('Invite', {
  id: idField(),
  code: textField(),
  role: roleReply,
  max_uses: countField(1).max(MAX_INVITE_USES),
  uses: countField(0),
  expires_at: timestampField().nullable(),
  created_by: idField().nullable(),
  created_at: timestampField(),
});
export type PublicInvite = ReplyOf<typeof inviteReply>;

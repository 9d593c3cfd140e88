import { componentName, countField, handWrittenComponent, idField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';
import type { Role } from '../core/roles';
import { roleReply } from '../core/session-user';
import { int, object, ref } from '../openapi/schema-kit';

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

/** Whether an invite can still register someone (GET /api/invites/validate/{code}). */
export type InviteCheck = { valid: false } | { valid: true; role: Role; remaining_uses: number };
export const inviteCheckReply = handWrittenComponent<InviteCheck>('InviteCheck', {
  oneOf: [
    object({ valid: { const: true }, role: ref(componentName(roleReply)), remaining_uses: int({ minimum: 1 }) }),
    object({ valid: { const: false } }),
  ],
}, [roleReply]);

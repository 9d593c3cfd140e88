import { idField, type ReplyOf, replySchema, shapedAs, textField, timestampField } from '../core/reply-schema';
import type { Changes } from './audit-changes';

/** What the API answers for an audit entry (its reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const auditEntryReply = replySchema('AuditEntry', {
  id: idField(),
  action: textField('<resource>.<verb>, e.g. game.update'),
  actor_user_id: idField().nullable(),
  actor_role: textField().nullable(),
  target_type: textField(),
  target_id: textField().nullable(),
  game_id: idField().nullable(),
  request_id: textField().nullable(),
  ip: textField().nullable(),
  actor_username: textField('the actor\'s username now (null for a command or a deleted user)').nullable(),
  game_name: textField('the game\'s name now (null when none or deleted)').nullable(),
  target_name: textField('the target\'s name now: a game\'s, notification\'s, language\'s, leaderboard\'s or group\'s name, a variable\'s key, a user\'s username, a user-game\'s player (null for other targets or when gone)').nullable(),
  changes: shapedAs<Changes>({
    type: 'object',
    description: 'each changed field as [before, after]; secrets show as "[redacted]"',
    additionalProperties: { type: 'array', minItems: 2, maxItems: 2 },
  }),
  created_at: timestampField(),
});
export type PublicAuditEntry = ReplyOf<typeof auditEntryReply>;

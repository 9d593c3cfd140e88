import { idField, type ReplyOf, replySchema, textField } from '../core/reply-schema';

/** What the API answers for a module (its reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const moduleReply = replySchema('Module', { id: idField(), key: textField(), name: textField() });
export type PublicModule = ReplyOf<typeof moduleReply>;

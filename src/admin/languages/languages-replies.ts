import { idField, type ReplyOf, replySchema, textField } from '../core/reply-schema';

/** What the API answers for a language (its reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const languageReply = replySchema('Language', { id: idField(), code: textField(), name: textField() });
export type PublicLanguage = ReplyOf<typeof languageReply>;

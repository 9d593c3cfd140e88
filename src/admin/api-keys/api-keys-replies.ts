import { idField, listOf, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';

const keyFields = {
  id: idField(),
  name: textField(),
  game_ids: listOf(idField()).nullable().meta({ description: 'the games its calls may touch; null: every game' }),
  created_at: timestampField(),
  expires_at: timestampField().nullable(),
  last_used_at: timestampField().nullable().meta({ description: 'to the minute' }),
  revoked_at: timestampField().nullable(),
};

/** A server API key as listed (SPEC §2.12): never its secret. */
export const apiKeyReply = replySchema('ApiKey', keyFields);
export type PublicApiKey = ReplyOf<typeof apiKeyReply>;

/** A key just made: its secret, shown this once. */
export const createdApiKeyReply = replySchema('CreatedApiKey', { ...keyFields, secret: textField('the key to send as `authorization: Bearer <secret>`; shown once, stored only as a hash') });
export type CreatedApiKey = ReplyOf<typeof createdApiKeyReply>;

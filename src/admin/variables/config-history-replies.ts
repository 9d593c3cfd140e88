import { countField, enumField, idField, listOf, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';
import { CONFIG_CHANGES } from './config-history-repository';
import { configDocumentReply, variableReply } from './variables-replies';

/** What the API answers for a game's config history (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const configVersionReply = replySchema('ConfigVersion', {
  version: countField(1),
  change: enumField(CONFIG_CHANGES),
  key: textField('the variable changed (null for a rollback)').nullable(),
  created_by: idField().nullable(),
  created_by_username: textField('the author\'s username now (null for a command or a deleted user)').nullable(),
  created_at: timestampField(),
});
export type PublicConfigVersion = ReplyOf<typeof configVersionReply>;

export const configVersionDetailReply = replySchema('ConfigVersionDetail', {
  ...configVersionReply.fields,
  document: configDocumentReply.meta({ cost: 10000 }),
  variables: listOf(variableReply).meta({ cost: 1000 }),
});
export type ConfigVersionDetail = ReplyOf<typeof configVersionDetailReply>;

export const rollbackReply = replySchema('RollbackResult', { version: countField(1, 'the new version the rollback made'), document: configDocumentReply.meta({ cost: 10000 }) });
export type RollbackResult = ReplyOf<typeof rollbackReply>;

import { flagField, idField, listOf, type ReplyOf, replySchema, shapedAs, textField, timestampField } from '../core/reply-schema';
import type { VariableDefinition } from './variable-rules';

/** A timed config override (SPEC §2.12). */
export const configOverrideReply = replySchema('ConfigOverride', {
  id: idField(),
  game_id: idField(),
  name: textField(),
  starts_at: timestampField(),
  ends_at: timestampField(),
  live: flagField().meta({ description: 'whether the config document serves it now (starts_at ≤ now < ends_at)' }),
  variables: listOf(shapedAs<VariableDefinition>({
    type: 'object', required: ['key', 'type'],
    properties: { key: { type: 'string' }, type: { type: 'string', enum: ['number', 'string', 'table', 'vector'] } },
    description: 'an overridden variable as its definition: key, type and the value fields of that type (as a Variable without id and times)',
  })).meta({ graphql: 'JSON' }),
  created_by: idField().nullable(),
  created_at: timestampField(),
  updated_at: timestampField(),
});
export type PublicConfigOverride = ReplyOf<typeof configOverrideReply>;

import { enumField, type ReplyOf, replySchema, shapedAs } from '../core/reply-schema';

/** What the health probes answer (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const healthReply = replySchema('Health', { status: enumField(['ok'] as const) });
export type Health = ReplyOf<typeof healthReply>;

/** What `/readyz` says of each dependency. */
const CHECK_STATES = ['ok', 'unavailable'] as const;

export const readinessReply = replySchema('Readiness', {
  status: enumField(['ready', 'not_ready'] as const),
  checks: shapedAs<Record<string, (typeof CHECK_STATES)[number]>>({ type: 'object', additionalProperties: { type: 'string', enum: [...CHECK_STATES] } }),
});
export type Readiness = ReplyOf<typeof readinessReply>;

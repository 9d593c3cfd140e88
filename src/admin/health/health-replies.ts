import { enumField, type ReplyOf, replySchema, shapedAs } from '../core/reply-schema';

/** What the health probes answer (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const healthReply = replySchema('Health', { status: enumField(['ok'] as const) });
export type Health = ReplyOf<typeof healthReply>;

export const readinessReply = replySchema('Readiness', {
  status: enumField(['ready', 'not_ready'] as const),
  checks: shapedAs<Record<string, 'ok' | 'unavailable'>>({ type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'unavailable'] } }),
});
export type Readiness = ReplyOf<typeof readinessReply>;

import { idField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';

/** An erased user (SPEC §2.14): what stands in for them now. The same reply for every repeat. */
export const erasureReply = replySchema('UserErasure', {
  id: idField(),
  email: textField('the pseudonym address: `erased-<digest>@erased.invalid`').meta({ format: 'email' }),
  username: textField('the pseudonym: `erased-<digest>`'),
  erased_at: timestampField(),
}, 'A user whose identifying data was erased; every ledger move, transaction and audit entry stays under the pseudonym.');
export type Erasure = ReplyOf<typeof erasureReply>;

import { countField, flagField, type ReplyOf, replySchema, textField } from '../core/reply-schema';

/** What the API answers for a currency (SPEC §1.11). */
export const currencyReply = replySchema('Currency', {
  code: textField('ISO 4217 code: 3 upper-case letters'),
  exponent: countField(0, 'minor units: how many decimal places the currency shows (EUR 2, JPY 0, KWD 3)'),
  enabled: flagField(),
});
export type PublicCurrency = ReplyOf<typeof currencyReply>;

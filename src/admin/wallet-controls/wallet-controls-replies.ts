import { LOSS_PERIODS } from '../../wallet/loss-periods';
import { enumField, fieldsOf, flagField, moneyField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';

const freezeFields = { frozen: flagField(), reason: textField().nullable(), frozen_at: timestampField().nullable() };

/** A user's or a user-game's freeze (SPEC §1.11): whether, why, and since when. */
export const freezeReply = replySchema('Freeze', freezeFields);
export type FreezeView = ReplyOf<typeof freezeReply>;

/** What freezes a user-game's Reserves: its user's freeze or its own (`frozen`: either). */
export const walletFreezeReply = replySchema('WalletFreeze', { frozen: flagField().meta({ description: 'either freeze holds: Reserves are rejected with reason frozen' }), user: fieldsOf(freezeFields, 'Freeze'), user_game: fieldsOf(freezeFields, 'Freeze') });
export type WalletFreeze = ReplyOf<typeof walletFreezeReply>;

const limitFields = {
  max_bet: moneyField().nullable(),
  loss_limit: moneyField().nullable(),
  loss_period: enumField(LOSS_PERIODS).nullable(),
};

/** A wallet's limits in one currency, as the Reserve script holds them now. */
export const walletLimitsReply = replySchema('WalletLimits', {
  currency: textField(),
  ...limitFields,
  pending: fieldsOf({ ...limitFields, effective_at: timestampField() }, 'PendingLimits').nullable(),
  net_loss: moneyField().nullable().meta({ description: 'confirmed amounts less their wins in the current loss_period (UTC); null without a loss limit' }),
});
export type WalletLimitsView = ReplyOf<typeof walletLimitsReply>;

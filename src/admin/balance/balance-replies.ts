import { LEDGER_KINDS } from '../../records/ledger-reads';
import { enumField, idField, moneyField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';

/** What the API answers for top-ups, balances and the ledger (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const topupReply = replySchema('Topup', {
  id: idField(),
  user_game_id: idField(),
  amount: moneyField(),
  currency: textField(),
  comment: textField(),
  available_balance: moneyField(),
  reserved_balance: moneyField(),
  created_at: timestampField(),
});
export type TopupResult = ReplyOf<typeof topupReply>;

export const closeReply = replySchema('WalletClose', {
  id: idField().nullable().meta({ description: 'the close move; null when nothing was available (no move was written)' }),
  user_game_id: idField(),
  amount: moneyField().meta({ description: 'what was taken out' }),
  currency: textField(),
  reason: textField(),
  available_balance: moneyField(),
  reserved_balance: moneyField(),
  created_at: timestampField(),
});
export type CloseResult = ReplyOf<typeof closeReply>;

export const balanceReply = replySchema('Balance', { currency: textField(), available_balance: moneyField(), reserved_balance: moneyField() });
export type Balance = ReplyOf<typeof balanceReply>;

export const ledgerItemReply = replySchema('LedgerItem', {
  id: idField(),
  kind: enumField(LEDGER_KINDS),
  amount: moneyField(),
  win_amount: moneyField(),
  currency: textField(),
  transaction_id: textField().nullable(),
  round_id: textField().nullable(),
  comment: textField().nullable(),
  available_balance: moneyField(),
  reserved_balance: moneyField(),
  created_at: timestampField(),
});
export type LedgerItem = ReplyOf<typeof ledgerItemReply>;

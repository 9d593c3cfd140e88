import {
  countField, enumComponent, enumField, fieldsOf, flagField, idField, listOf, numberField, type ReplyOf, replySchema, textField, timestampField,
} from '../core/reply-schema';
import { PERIOD_TYPES } from './leaderboard-periods';
import { SCORE_OPERATORS } from './leaderboards-repository';
import { SORT_ORDERS } from './leaderboards-schemas';

/** What the API answers for leaderboards, groups, scores and rankings (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const scoreOperatorReply = enumComponent(
  'ScoreOperator',
  SCORE_OPERATORS,
  "set replaces the period's score; best keeps a strictly better one (by sort_order); incr adds to it",
).meta({ graphql: 'String' }); // GraphQL gives it as text, as the other enums of a reply

export const leaderboardReply = replySchema('Leaderboard', {
  id: idField(),
  game_id: idField(),
  key: textField(),
  name: textField(),
  sort_order: enumField(SORT_ORDERS),
  period_type: enumField(PERIOD_TYPES),
  operator: scoreOperatorReply,
  is_active: flagField(),
  rewards: listOf(fieldsOf({
    rank_from: countField(1), rank_to: countField(1), amount: countField(1).meta({ graphql: 'Money' }), currency: textField(),
  }, 'LeaderboardReward')).meta({ description: 'paid when a daily, weekly or monthly period closes (SPEC §2.12); ties share the better rank\'s reward' }),
  created_at: timestampField(),
  updated_at: timestampField(),
});
export type PublicLeaderboard = ReplyOf<typeof leaderboardReply>;

/** A period reward paid, or planned and not paid yet (topup_id and paid_at null). */
export const payoutReply = replySchema('LeaderboardPayout', {
  period_start: timestampField(),
  user_game_id: idField(),
  user_id: idField(),
  rank: countField(1, 'the rank ties share: 1 + the players strictly ahead'),
  amount: countField(1).meta({ graphql: 'Money' }),
  currency: textField(),
  topup_id: idField('the engine\'s top-up; null until paid').nullable(),
  paid_at: timestampField().nullable(),
}, 'A period reward paid, or planned and not paid yet (topup_id and paid_at null).');
export type PublicPayout = ReplyOf<typeof payoutReply>;

/** What the current period would pay if it closed now (period_start null: its board pays nothing). */
export const payoutPreviewReply = replySchema('LeaderboardPayoutPreview', {
  period_start: timestampField().nullable(),
  closes_at: timestampField().nullable(),
  payouts: listOf(fieldsOf({
    user_game_id: idField(),
    user_id: idField(),
    rank: countField(1, 'the rank ties share: 1 + the players strictly ahead'),
    amount: countField(1).meta({ graphql: 'Money' }),
    currency: textField(),
  }, 'LeaderboardPayoutPlanned')).meta({ description: 'the first 10,000 by rank' }),
  payouts_total: countField(0, 'how many would be paid: more than payouts holds when many players tie at the last paid rank'),
});
export type PayoutPreview = ReplyOf<typeof payoutPreviewReply>;

export const groupReply = replySchema('LeaderboardGroup', {
  id: idField(),
  leaderboard_id: idField(),
  key: textField(),
  name: textField(),
  is_default: flagField(),
  created_at: timestampField(),
  updated_at: timestampField(),
});
export type PublicGroup = ReplyOf<typeof groupReply>;

export const groupMemberReply = replySchema('GroupMember', { user_id: idField(), username: textField(), created_at: timestampField() });
export type GroupMember = ReplyOf<typeof groupMemberReply>;

export const groupMembershipReply = replySchema('GroupMembership', { group_id: idField(), user_id: idField(), created_at: timestampField() });
export type GroupMembership = ReplyOf<typeof groupMembershipReply>;

export const savedScoreReply = replySchema('SavedScore', {
  leaderboard_id: idField(),
  user_game_id: idField(),
  score: numberField(),
  period_start: timestampField(),
  updated_at: timestampField(),
});
export type SavedScoreReply = ReplyOf<typeof savedScoreReply>;

const rankingItem = fieldsOf({
  rank: countField(1),
  user_id: idField(),
  user_game_id: idField(),
  username: textField(),
  score: numberField(),
  /** Only when a past period was asked for (SPEC §2.6). */
  period_start: timestampField().optional(),
}, 'RankingItem');
export type RankingItem = ReplyOf<typeof rankingItem>;

export const rankingsReply = replySchema('Rankings', { leaderboard: leaderboardReply, items: listOf(rankingItem) });
export type Rankings = ReplyOf<typeof rankingsReply>;

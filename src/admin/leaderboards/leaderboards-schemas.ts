import { bodySchema, inputObject } from '../core/body-schema';
import * as yup from 'yup';
import { finiteNumber, flag, integer, oneOf, positiveId, text } from '../core/validation';
import { PERIOD_TYPES } from './leaderboard-periods';
import type { RewardRange } from './leaderboard-rewards';
import { SCORE_OPERATORS } from './leaderboards-repository';

export const SORT_ORDERS = ['asc', 'desc'] as const;
/** SPEC §2.6: |score| ≤ 1e15, so every score is exact in a double. */
export const MAX_ABS_SCORE = 1e15;

/** SPEC §2.12: period rewards, ranges of ranks each paid an amount of a currency. */
export const MAX_REWARD_RANGES = 100;
export const MAX_REWARD_RANK = 10_000;

const rewardRange = inputObject('LeaderboardRewardInput', yup.object({
  rank_from: integer().min(1, 'must be at least 1').max(MAX_REWARD_RANK, `must be at most ${MAX_REWARD_RANK}`).defined('is required'),
  rank_to: integer().min(1, 'must be at least 1').max(MAX_REWARD_RANK, `must be at most ${MAX_REWARD_RANK}`).defined('is required')
    .test('order', 'must be at least rank_from', function atLeastFrom(value) {
      const from = (this.parent as { rank_from?: unknown }).rank_from;
      return value === undefined || typeof from !== 'number' || value >= from;
    }),
  amount: integer().min(1, 'must be at least 1').max(Number.MAX_SAFE_INTEGER, 'must be at most 2^53 − 1').defined('is required').meta({ graphql: 'Money', description: 'minor units' }),
  currency: yup.string().strict().typeError('must be a string').matches(/^[A-Z]{3}$/, 'must be 3 upper-case letters').defined('is required'),
}).strict().typeError('must be an object').nonNullable('must be an object'));

/** The reward ranges: none may overlap another (the later one is named). */
const rewards = () => yup.array(rewardRange).strict().typeError('must be an array').max(MAX_REWARD_RANGES, `must have at most ${MAX_REWARD_RANGES} ranges`)
  .test('disjoint', 'ranges must not overlap', function disjoint(ranges) {
    const valid = (ranges ?? []).map((range, i) => ({ range: range as Partial<RewardRange>, i }))
      .filter(({ range }) => typeof range?.rank_from === 'number' && typeof range.rank_to === 'number' && range.rank_to >= range.rank_from);
    for (const { range: b, i } of valid) {
      const overlapped = valid.find(({ range: a, i: j }) => j < i && a.rank_from! <= b.rank_to! && b.rank_from! <= a.rank_to!);
      if (overlapped) return this.createError({ path: `${this.path}[${i}]`, message: `overlaps rewards[${overlapped.i}] (ranks ${overlapped.range.rank_from}–${overlapped.range.rank_to})` });
    }
    return true;
  })
  .meta({ description: 'paid when a daily, weekly or monthly period closes (SPEC §2.12); ties share the better rank\'s reward' });

const leaderboardFields = {
  key: text(1, 64),
  name: text(1, 255),
  sort_order: oneOf(SORT_ORDERS),
  period_type: oneOf(PERIOD_TYPES),
  operator: oneOf(SCORE_OPERATORS),
  is_active: flag(),
  rewards: rewards(),
};

export const createLeaderboardSchema = bodySchema({ component: 'LeaderboardCreateInput', graphql: 'LeaderboardInput' }, yup.object({
  key: leaderboardFields.key.defined('is required'),
  name: leaderboardFields.name.defined('is required'),
  sort_order: leaderboardFields.sort_order.optional(),
  period_type: leaderboardFields.period_type.optional(),
  operator: leaderboardFields.operator.optional(),
  is_active: leaderboardFields.is_active.optional(),
  rewards: leaderboardFields.rewards.optional(),
}));

/** PUT changes the fields given. */
export const updateLeaderboardSchema = bodySchema({ component: 'LeaderboardUpdateInput', graphql: 'LeaderboardInput' }, yup.object({
  key: leaderboardFields.key.optional(),
  name: leaderboardFields.name.optional(),
  sort_order: leaderboardFields.sort_order.optional(),
  period_type: leaderboardFields.period_type.optional(),
  operator: leaderboardFields.operator.optional(),
  is_active: leaderboardFields.is_active.optional(),
  rewards: leaderboardFields.rewards.optional(),
}));

export const createGroupSchema = bodySchema({ component: 'GroupCreateInput', graphql: 'GroupInput' }, yup.object({
  key: text(1, 64).defined('is required'),
  name: text(1, 255).defined('is required'),
  is_default: flag().optional(),
}));

export const updateGroupSchema = bodySchema({ component: 'GroupUpdateInput', graphql: 'GroupInput' }, yup.object({
  key: text(1, 64).optional(),
  name: text(1, 255).optional(),
  is_default: flag().optional(),
}));

export const memberSchema = bodySchema({ component: 'MemberInput' }, yup.object({ user_id: positiveId().defined('is required') }));

export const scoreSchema = bodySchema({ component: 'ScoreInput' }, yup.object({
  user_game_id: positiveId().defined('is required'),
  score: finiteNumber()
    .min(-MAX_ABS_SCORE, `must be at least -${MAX_ABS_SCORE}`)
    .max(MAX_ABS_SCORE, `must be at most ${MAX_ABS_SCORE}`)
    .defined('is required'),
}));

export type CreateLeaderboardInput = Partial<yup.InferType<typeof createLeaderboardSchema>>;
export type UpdateLeaderboardInput = yup.InferType<typeof updateLeaderboardSchema>;
export type CreateGroupInput = Partial<yup.InferType<typeof createGroupSchema>>;
export type UpdateGroupInput = yup.InferType<typeof updateGroupSchema>;
export type MemberInput = Partial<yup.InferType<typeof memberSchema>>;
export type ScoreInput = Partial<yup.InferType<typeof scoreSchema>>;

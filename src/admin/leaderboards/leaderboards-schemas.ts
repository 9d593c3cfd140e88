import * as yup from 'yup';
import { flag, integer, oneOf, text } from '../core/validation';
import { PERIOD_TYPES } from './leaderboard-periods';
import { SCORE_OPERATORS } from './leaderboards-repository';

export const SORT_ORDERS = ['asc', 'desc'] as const;
/** SPEC §2.6: |score| ≤ 1e15, so every score is exact in a double. */
export const MAX_ABS_SCORE = 1e15;

const leaderboardFields = {
  key: text(1, 64),
  name: text(1, 255),
  sort_order: oneOf(SORT_ORDERS),
  period_type: oneOf(PERIOD_TYPES),
  operator: oneOf(SCORE_OPERATORS),
  is_active: flag(),
};

export const createLeaderboardSchema = yup.object({
  key: leaderboardFields.key.defined('is required'),
  name: leaderboardFields.name.defined('is required'),
  sort_order: leaderboardFields.sort_order.optional(),
  period_type: leaderboardFields.period_type.optional(),
  operator: leaderboardFields.operator.optional(),
  is_active: leaderboardFields.is_active.optional(),
});

/** PUT changes the fields given. */
export const updateLeaderboardSchema = yup.object({
  key: leaderboardFields.key.optional(),
  name: leaderboardFields.name.optional(),
  sort_order: leaderboardFields.sort_order.optional(),
  period_type: leaderboardFields.period_type.optional(),
  operator: leaderboardFields.operator.optional(),
  is_active: leaderboardFields.is_active.optional(),
});

export const createGroupSchema = yup.object({
  key: text(1, 64).defined('is required'),
  name: text(1, 255).defined('is required'),
  is_default: flag().optional(),
});

export const updateGroupSchema = yup.object({
  key: text(1, 64).optional(),
  name: text(1, 255).optional(),
  is_default: flag().optional(),
});

export const memberSchema = yup.object({ user_id: integer().min(1, 'must be a positive integer').defined('is required') });

export const scoreSchema = yup.object({
  user_game_id: integer().min(1, 'must be a positive integer').defined('is required'),
  score: yup
    .number()
    .strict()
    .typeError('must be a number')
    .test('finite', 'must be a finite number', (value) => value === undefined || Number.isFinite(value))
    .min(-MAX_ABS_SCORE, `must be at least -${MAX_ABS_SCORE}`)
    .max(MAX_ABS_SCORE, `must be at most ${MAX_ABS_SCORE}`)
    .defined('is required'),
});

export type CreateLeaderboardInput = Partial<yup.InferType<typeof createLeaderboardSchema>>;
export type UpdateLeaderboardInput = yup.InferType<typeof updateLeaderboardSchema>;
export type CreateGroupInput = Partial<yup.InferType<typeof createGroupSchema>>;
export type UpdateGroupInput = yup.InferType<typeof updateGroupSchema>;
export type MemberInput = Partial<yup.InferType<typeof memberSchema>>;
export type ScoreInput = Partial<yup.InferType<typeof scoreSchema>>;

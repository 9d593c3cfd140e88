import type { PublicLeaderboard } from './leaderboards-replies';
import { rewardsOf } from './leaderboard-rewards';
import type { LeaderboardRow } from './leaderboards-repository';


export const toPublicLeaderboard = (row: LeaderboardRow): PublicLeaderboard => ({
  id: row.id,
  game_id: row.game_id,
  key: row.key,
  name: row.name,
  sort_order: row.sort_order,
  period_type: row.period_type,
  operator: row.operator,
  is_active: Boolean(row.is_active),
  rewards: rewardsOf(row),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The fields of a leaderboard an audit entry shows. */
export const auditedLeaderboard = ({ key, name, sort_order, period_type, operator, is_active, rewards }: PublicLeaderboard) => ({
  key,
  name,
  sort_order,
  period_type,
  operator,
  is_active,
  rewards,
});

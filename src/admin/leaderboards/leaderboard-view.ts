import type { LeaderboardRow } from './leaderboards-repository';

export interface PublicLeaderboard {
  id: number;
  game_id: number;
  key: string;
  name: string;
  sort_order: 'asc' | 'desc';
  period_type: LeaderboardRow['period_type'];
  operator: LeaderboardRow['operator'];
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export const toPublicLeaderboard = (row: LeaderboardRow): PublicLeaderboard => ({
  id: row.id,
  game_id: row.game_id,
  key: row.key,
  name: row.name,
  sort_order: row.sort_order,
  period_type: row.period_type,
  operator: row.operator,
  is_active: Boolean(row.is_active),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The fields of a leaderboard an audit entry shows. */
export const auditedLeaderboard = ({ key, name, sort_order, period_type, operator, is_active }: PublicLeaderboard) => ({
  key,
  name,
  sort_order,
  period_type,
  operator,
  is_active,
});

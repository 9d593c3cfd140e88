import type { Knex } from 'knex';
import { SEED_MODULES } from '../../src/db/seed';

export interface AdminFixture {
  readonly adminId: number;
  readonly gameId: number;
  readonly leaderboardId: number;
  readonly groupId: number;
  /** user_game ids are firstUserGameId .. firstUserGameId + players - 1. */
  readonly firstUserGameId: number;
  readonly players: number;
}

/**
 * n numbers 0..n-1 as a derived table: cross joins of a digits table, portable across MySQL and
 * MariaDB, so a million rows go in with a handful of INSERT … SELECT statements.
 */
async function numbers(db: Knex, n: number): Promise<string> {
  await db.raw('CREATE TABLE IF NOT EXISTS bench_digits (d INT PRIMARY KEY)');
  await db.raw('INSERT IGNORE INTO bench_digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)');
  const places = Math.max(1, Math.ceil(Math.log10(n)));
  const terms = Array.from({ length: places }, (_, i) => `d${i}.d * ${10 ** i}`).join(' + ');
  const from = Array.from({ length: places }, (_, i) => `bench_digits d${i}`).join(' CROSS JOIN ');
  return `(SELECT ${terms} AS n FROM ${from} HAVING n < ${n})`;
}

/**
 * A game with all three modules, 500 variables, and a desc all-time leaderboard holding one score for
 * each of `players` users (each connected to the game), with a group of `groupMembers` of them.
 */
export async function seedAdminFixture(db: Knex, options: { players: number; groupMembers: number; variables: number }): Promise<AdminFixture> {
  const adminId = (await db('users').insert({ email: 'bench-admin@example.com', username: 'bench_admin', password_hash: 'x', role: 'admin' }))[0]!;
  const gameId = (await db('games').insert({ name: 'Bench', slug: 'bench', description: '' }))[0]!;
  const modules = await db('modules').whereIn('key', SEED_MODULES.map((m) => m.key)).pluck('id');
  await db('game_modules').insert(modules.map((moduleId: number) => ({ game_id: gameId, module_id: moduleId })));
  await db('variables').insert(
    Array.from({ length: options.variables }, (_, i) => {
      const kind = i % 4;
      if (kind === 0) return { game_id: gameId, key: `number_${i}`, type: 'number', number_value: i * 1.5 };
      if (kind === 1) return { game_id: gameId, key: `string_${i}`, type: 'string', string_value: `value ${i}` };
      const items = Array.from({ length: 8 }, (_, j) => (kind === 2 ? { key: `k${j}`, number_value: j } : { index: j * 2, string_value: `v${j}` }));
      return { game_id: gameId, key: `${kind === 2 ? 'table' : 'vector'}_${i}`, type: kind === 2 ? 'table' : 'vector', table_value_type: kind === 2 ? 'number' : 'string', items: JSON.stringify(items) };
    }),
  );
  const leaderboardId = (await db('leaderboards').insert({ game_id: gameId, key: 'bench', name: 'Bench', sort_order: 'desc', period_type: 'all_time' }))[0]!;

  const seq = await numbers(db, options.players);
  await db.raw(`INSERT INTO users (email, username, password_hash, role) SELECT CONCAT('p', n, '@bench.example'), CONCAT('p', n), 'x', 'user' FROM ${seq} s`);
  const firstUserId = Number((await db('users').where({ username: 'p0' }).first('id')).id);
  await db.raw(`INSERT INTO user_games (user_id, game_id) SELECT id, ? FROM users WHERE id >= ? ORDER BY id`, [gameId, firstUserId]);
  const firstUserGameId = Number((await db('user_games').where({ user_id: firstUserId }).first('id')).id);
  // Scores 0 … 10^9 with many ties, saved over a day, as a desc leaderboard stores them (rank_score = -score).
  await db.raw(
    `INSERT INTO leaderboard_scores (leaderboard_id, period_start, user_game_id, score, rank_score, updated_at)
     SELECT ?, '1970-01-01 00:00:00.000', id, s, -s, TIMESTAMPADD(SECOND, id % 86400, '2026-11-01 00:00:00')
     FROM (SELECT id, FLOOR(RAND(id) * 1000000) * 1000 AS s FROM user_games WHERE game_id = ?) scored`,
    [leaderboardId, gameId],
  );
  const groupId = (await db('leaderboard_groups').insert({ leaderboard_id: leaderboardId, key: 'vip', name: 'VIP', is_default: true }))[0]!;
  const stride = Math.max(1, Math.floor(options.players / options.groupMembers));
  await db.raw(`INSERT INTO leaderboard_group_members (group_id, user_id) SELECT ?, id FROM users WHERE id >= ? AND (id - ?) % ? = 0 LIMIT ${options.groupMembers}`, [
    groupId, firstUserId, firstUserId, stride,
  ]);
  await db.raw(
    `INSERT INTO leaderboard_group_scores (group_id, period_start, user_game_id, score, rank_score, updated_at)
     SELECT m.group_id, s.period_start, s.user_game_id, s.score, s.rank_score, s.updated_at
     FROM leaderboard_group_members m JOIN user_games ug ON ug.user_id = m.user_id AND ug.game_id = ?
     JOIN leaderboard_scores s ON s.user_game_id = ug.id AND s.leaderboard_id = ?
     WHERE m.group_id = ?`,
    [gameId, leaderboardId, groupId],
  );
  await db.raw('ANALYZE TABLE leaderboard_scores, leaderboard_group_scores, leaderboard_group_members, user_games, users');
  return { adminId, gameId, leaderboardId, groupId, firstUserGameId, players: options.players };
}

import type { Knex } from 'knex';
import type { Logger } from '../../logging/logger';
import { registerScripts, type RedisLike } from '../../redis/script-registry';
import { currentRankScore, rankScoresAfter, type RankPosition } from './leaderboard-scores-repository';

/** An index lives this long after it is built, then is built again (the bound on a lost update). */
export const RANK_INDEX_TTL_MS = 10 * 60_000;
const BUILD_CHUNK = 10_000;
const BUILD_LOCK_MS = 120_000;
/** The build's start marker: a member that is no user_game_id. */
const MARKER = '-';
/** Builds one process runs at once (each reads a period's rows from MySQL); past it, ranks are counted in MySQL. */
export const MAX_CONCURRENT_BUILDS = 2;
/** No build starts while its Redis holds this share of its maxmemory: indexes never fill it. */
export const BUILD_MEMORY_CEILING = 0.8;

/**
 * The rank of a player in a leaderboard period of a million scores, in O(log n): a Redis sorted set per
 * (leaderboard, period) of user_game_id → rank_score, beside the MySQL rows it is built from (as
 * Nakama keeps a rank cache beside its records). MySQL stays the truth: rows and ties come from there,
 * and an index that is missing or being built answers null, so the caller counts in MySQL instead.
 * Anything that removes scores or reorders them (a user-game disconnected, a sort order flipped, a
 * game deleted) moves the game's generation, which names every index of its leaderboards anew.
 */
export function createRankIndex(deps: { db: Knex; redis: RedisLike; logger?: Logger; ttlMs?: number }) {
  const { db, redis, logger, ttlMs = RANK_INDEX_TTL_MS } = deps;
  registerScripts(redis);
  const generationKey = (gameId: number) => `lbrg:${gameId}`;
  const indexKey = async (gameId: number, leaderboardId: number, period: Date) =>
    `lbr{${leaderboardId}}:${(await redis.get(generationKey(gameId))) ?? '0'}:${period.getTime()}`;
  /** rank_index_set's keys for an index: itself, its build and its members' stamps. */
  const setKeys = (key: string) => [key, `${key}:building`, `${key}:stamps`] as const;
  const stampsTtl = String(ttlMs + BUILD_LOCK_MS);
  const building = new Set<string>();

  async function build(key: string, leaderboardId: number, period: Date): Promise<void> {
    const lock = `${key}:lock`;
    if ((await redis.set(lock, '1', 'PX', BUILD_LOCK_MS, 'NX')) !== 'OK') return;
    const target = `${key}:building`;
    try {
      await redis.multi().del(target).zadd(target, 0, MARKER).pexpire(target, BUILD_LOCK_MS).exec();
      let after: RankPosition | undefined;
      for (;;) {
        const rows = await rankScoresAfter(db, leaderboardId, period, after, BUILD_CHUNK);
        if (rows.length === 0) break;
        await redis.zadd(target, 'NX', ...rows.flatMap((row) => [row.rank_score, String(row.user_game_id)]));
        after = rows.at(-1);
      }
      await redis.rank_index_publish(target, key, MARKER, String(ttlMs));
    } finally {
      await redis.del(lock);
    }
  }

  /** Whether the Redis has room for another index (INFO memory; no maxmemory: always). */
  async function roomForBuild(): Promise<boolean> {
    const memory = await redis.info('memory');
    const used = Number(/^used_memory:(\d+)/m.exec(memory)?.[1] ?? 0);
    const max = Number(/^maxmemory:(\d+)/m.exec(memory)?.[1] ?? 0);
    return max === 0 || used < max * BUILD_MEMORY_CEILING;
  }

  async function buildWhenRoom(key: string, leaderboardId: number, period: Date): Promise<void> {
    if (await roomForBuild()) return build(key, leaderboardId, period);
    logger?.warn({ key }, `no rank index built: its Redis is past ${BUILD_MEMORY_CEILING * 100}% of maxmemory; ranks are counted in MySQL`);
  }

  function startBuild(key: string, leaderboardId: number, period: Date): void {
    if (building.has(key) || building.size >= MAX_CONCURRENT_BUILDS) return;
    building.add(key);
    buildWhenRoom(key, leaderboardId, period)
      .catch((error: unknown) => logger?.warn({ err: error, key }, 'rank index build failed; ranks are counted in MySQL meanwhile'))
      .finally(() => building.delete(key));
  }

  return {
    /**
     * After a save committed: the row's rank score as MySQL holds it now goes into the period's index,
     * unless a later stamped read got there first (concurrent saves of one row, lua/rank_index_set.lua).
     */
    async scoreSaved(gameId: number, leaderboardId: number, period: Date, userGameId: number): Promise<void> {
      const key = await indexKey(gameId, leaderboardId, period);
      const stamp = await redis.incr(`lbr{${leaderboardId}}:stamp`);
      const rankScore = await currentRankScore(db, leaderboardId, period, userGameId);
      if (rankScore === undefined) return;
      await redis.rank_index_set(...setKeys(key), String(userGameId), String(rankScore), String(stamp), stampsTtl);
    },

    /**
     * How many rows of the period other than x have a rank_score below x's, or null when the index is
     * not there (then its build starts). x's own entry, whatever it holds (an update lost between a
     * commit and the index), is not counted: x's rank_score is MySQL's.
     */
    async countBelow(gameId: number, leaderboardId: number, period: Date, x: RankPosition): Promise<number | null> {
      try {
        const key = await indexKey(gameId, leaderboardId, period);
        const member = String(x.user_game_id);
        const [[, present], [, below], [, own]] = (await redis
          .pipeline()
          .rank_index_set(...setKeys(key), member, String(x.rank_score), '', stampsTtl)
          .zcount(key, '-inf', `(${x.rank_score}`)
          .zscore(key, member)
          .exec()) as [[Error | null, number], [Error | null, number], [Error | null, string | null]];
        if ((Number(present) & 1) === 0) {
          startBuild(key, leaderboardId, period);
          return null;
        }
        return Number(below) - (own !== null && Number(own) < x.rank_score ? 1 : 0);
      } catch (error) {
        logger?.warn({ err: error }, 'rank index unavailable; ranks are counted in MySQL');
        return null;
      }
    },

    /** Whether the period's index is built (tests and the bench wait for it). */
    async isBuilt(gameId: number, leaderboardId: number, period: Date): Promise<boolean> {
      return (await redis.exists(await indexKey(gameId, leaderboardId, period))) === 1;
    },

    /** Every index of the game's leaderboards is stale (scores removed or reordered): name them anew. */
    async gameChanged(gameId: number): Promise<void> {
      await redis.incr(generationKey(gameId)).catch(() => undefined);
    },
  };
}

export type RankIndex = ReturnType<typeof createRankIndex>;

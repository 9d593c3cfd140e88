import type { Knex } from 'knex';
import type { Logger } from '../../logging/logger';
import { registerScripts, type RedisLike } from '../../redis/script-registry';
import { currentRankPosition, rankScoresAfter, type RankPosition } from './leaderboard-scores-repository';

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
 * A row's member in a rank index: the tie-breakers in the order rankings use them (the earlier save,
 * then the lower user_game_id), as fixed-width digits, so Redis' order of equal scores by member is the
 * ranking's order. ZRANK then counts ties too.
 */
const memberOf = (row: RankPosition) => `${String(row.updated_at.getTime()).padStart(13, '0')}:${String(row.user_game_id).padStart(10, '0')}`;

/**
 * The rank of a player in a leaderboard period of a million scores, ties included, in O(log n): a
 * Redis sorted set per (leaderboard, period) in ranking order (lua/rank_index_set.lua), beside the
 * MySQL rows it is built from (as Nakama keeps a rank cache beside its records). MySQL stays the
 * truth: the rows shown come from there, and an index that is missing or being built answers null, so
 * the caller counts in MySQL instead. Anything that removes scores or reorders them (a user-game
 * disconnected, a sort order flipped, a game deleted) moves the game's generation, which names every
 * index of its leaderboards anew.
 */
export function createRankIndex(deps: { db: Knex; redis: RedisLike; logger?: Logger; ttlMs?: number }) {
  const { db, redis, logger, ttlMs = RANK_INDEX_TTL_MS } = deps;
  registerScripts(redis);
  const generationKey = (gameId: number) => `lbrg:${gameId}`;
  const indexKey = async (gameId: number, leaderboardId: number, period: Date) =>
    `lbr{${leaderboardId}}:${(await redis.get(generationKey(gameId))) ?? '0'}:${period.getTime()}`;
  /** rank_index_set's keys for an index: itself and its members, its build and its members, the rows' stamps. */
  const setKeys = (key: string) => [key, `${key}:m`, `${key}:building`, `${key}:building:m`, `${key}:stamps`] as const;
  const stampsTtl = String(ttlMs + BUILD_LOCK_MS);
  const building = new Set<string>();

  async function build(key: string, leaderboardId: number, period: Date): Promise<void> {
    const lock = `${key}:lock`;
    if ((await redis.set(lock, '1', 'PX', BUILD_LOCK_MS, 'NX')) !== 'OK') return;
    const target = `${key}:building`;
    try {
      const members = `${target}:m`;
      await redis.multi().del(target, members).zadd(target, 0, MARKER).pexpire(target, BUILD_LOCK_MS).exec();
      let after: RankPosition | undefined;
      for (;;) {
        const rows = await rankScoresAfter(db, leaderboardId, period, after, BUILD_CHUNK);
        if (rows.length === 0) break;
        await redis.rank_index_fill(target, members, ...rows.flatMap((row) => [String(row.user_game_id), String(row.rank_score), memberOf(row)]));
        await redis.pexpire(members, BUILD_LOCK_MS);
        after = rows.at(-1);
      }
      await redis.rank_index_publish(target, members, key, `${key}:m`, MARKER, String(ttlMs));
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
      // The stamp is taken after the commit (this call) and before the row is read back: with the key's
      // generation in the same round trip.
      const [key, stamp] = await Promise.all([indexKey(gameId, leaderboardId, period), redis.incr(`lbr{${leaderboardId}}:stamp`)]);
      const row = await currentRankPosition(db, leaderboardId, period, userGameId);
      if (row === undefined) return;
      await redis.rank_index_set(...setKeys(key), String(userGameId), String(row.rank_score), memberOf(row), String(stamp), stampsTtl);
    },

    /**
     * How many rows of the period come before x in the ranking (ties included), or null when the index
     * is not there (then its build starts). x's position is MySQL's (lua/rank_index_rank.lua).
     */
    async countBefore(gameId: number, leaderboardId: number, period: Date, x: RankPosition): Promise<number | null> {
      try {
        const key = await indexKey(gameId, leaderboardId, period);
        const before = await redis.rank_index_rank(key, `${key}:m`, String(x.user_game_id), String(x.rank_score), memberOf(x));
        if (before < 0) {
          startBuild(key, leaderboardId, period);
          return null;
        }
        return before;
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

import type { Knex } from 'knex';
import { translateMysqlError } from '../../db/mysql-errors';
import type { Page } from '../../db/page';
import { mapPerParent } from '../../db/per-parent';
import { AppError } from '../../errors';
import { findUserGame } from '../connections/connections-repository';
import { namedFields, validateBody } from '../http/validation';
import { perEnabledGame, type GameWithModules } from '../modules/modules-service';
import { periodStart } from './leaderboard-periods';
import type { AdminCaches } from '../cache/admin-caches';
import { LEADERBOARD_MODULE, type LeaderboardScope } from './leaderboard-scope';
import { findGroup } from './leaderboard-groups-repository';
import { topScoresOf, upsertScore, type RankingRow } from './leaderboard-scores-repository';
import {
  createLeaderboardSchema,
  scoreSchema,
  updateLeaderboardSchema,
  type CreateLeaderboardInput,
  type ScoreInput,
  type UpdateLeaderboardInput,
} from './leaderboards-schemas';
import {
  deleteLeaderboard,
  findLeaderboard,
  insertLeaderboard,
  leaderboardsOfGames,
  listLeaderboards,
  updateLeaderboard,
  type LeaderboardRow,
} from './leaderboards-repository';

export interface PublicLeaderboard {
  id: number;
  game_id: number;
  key: string;
  name: string;
  sort_order: 'asc' | 'desc';
  period_type: LeaderboardRow['period_type'];
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
  is_active: Boolean(row.is_active),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export interface RankingItem {
  rank: number;
  user_id: number;
  user_game_id: number;
  username: string;
  score: number;
}

const toRankingItems = (rows: readonly RankingRow[]): RankingItem[] =>
  rows.map((row, i) => ({ rank: i + 1, user_id: row.user_id, user_game_id: row.user_game_id, username: row.username, score: row.score }));

export interface LeaderboardsDeps {
  readonly db: Knex;
  readonly scope: LeaderboardScope;
  /** A leaderboard's change or removal drops it from every instance's cache. */
  readonly caches: AdminCaches;
  /** Decides the period of a save and of the rankings (tests move it across period boundaries). */
  readonly clock?: () => number;
}

/** A save whose leaderboard changed under it reads it again and tries again, this many times in all. */
const SAVE_ATTEMPTS = 3;

export function createLeaderboardsService({ db, scope, caches, clock = Date.now }: LeaderboardsDeps) {
  const keyTaken = (gameId: number, key: string | undefined) => `game ${gameId} already has a leaderboard with key "${key}"`;
  const reread = async (id: number) => toPublicLeaderboard((await findLeaderboard(db, id))!);

  return {
    async list(gameId: number, page: Page): Promise<PublicLeaderboard[]> {
      await scope.inGame(gameId);
      return (await listLeaderboards(db, gameId, page)).map(toPublicLeaderboard);
    },

    async get(gameId: number, id: number): Promise<PublicLeaderboard> {
      return toPublicLeaderboard((await scope.inGame(gameId, id))!);
    },

    async create(gameId: number, input: CreateLeaderboardInput): Promise<PublicLeaderboard> {
      await scope.inGame(gameId);
      const fields = { sort_order: 'desc' as const, period_type: 'all_time' as const, is_active: true, ...validateBody(createLeaderboardSchema, input) };
      const id = await insertLeaderboard(db, gameId, fields).catch((error: unknown) => {
        throw translateMysqlError(error, keyTaken(gameId, fields.key));
      });
      return reread(id);
    },

    /** PUT changes the fields given; a new sort order re-orders the stored scores with it. */
    async update(gameId: number, id: number, input: UpdateLeaderboardInput): Promise<PublicLeaderboard> {
      const current = (await scope.inGame(gameId, id))!;
      const changes = namedFields(validateBody(updateLeaderboardSchema, input));
      if (Object.keys(changes).length > 0) {
        await updateLeaderboard(db, current, changes).catch((error: unknown) => {
          throw translateMysqlError(error, keyTaken(gameId, changes.key));
        });
        await caches.leaderboardChanged(id);
      }
      return reread(id);
    },

    async remove(gameId: number, id: number): Promise<void> {
      await scope.inGame(gameId, id);
      await deleteLeaderboard(db, id);
      await caches.leaderboardChanged(id);
    },

    /**
     * Saves the user-game's score of the current period, replacing any earlier one whatever its value.
     * The user-game must belong to the leaderboard's game (400); an inactive leaderboard is a 409.
     */
    async saveScore(leaderboardId: number, input: ScoreInput) {
      let leaderboard = await scope.leaderboard(leaderboardId);
      const { user_game_id: userGameId, score } = validateBody(scoreSchema, input);
      const notOfGame = () => new AppError('VALIDATION_FAILED', `user-game ${userGameId} is not a connection of game ${leaderboard.game_id}`, {
        errors: [{ path: 'user_game_id', message: "must be a user-game of the leaderboard's game" }],
      });
      for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt += 1) {
        if (!leaderboard.is_active) {
          const userGame = await findUserGame(db, userGameId); // a bad user-game is named first, as on an active board
          if (!userGame || userGame.game_id !== leaderboard.game_id) throw notOfGame();
          throw new AppError('CONFLICT', `leaderboard ${leaderboardId} is not active`);
        }
        const savedAt = new Date(clock());
        const saved = { leaderboardId, gameId: leaderboard.game_id, userGameId, score, periodStart: periodStart(leaderboard.period_type, savedAt.getTime()), savedAt };
        const outcome = await upsertScore(db, saved, leaderboard);
        if (outcome === 'not_of_game') throw notOfGame();
        if (outcome === 'saved') {
          return {
            leaderboard_id: leaderboardId,
            user_game_id: userGameId,
            score,
            period_start: saved.periodStart.toISOString(),
            updated_at: savedAt.toISOString(),
          };
        }
        // The cached leaderboard was stale (its sort order, period or state changed): read it again.
        await caches.leaderboardChanged(leaderboardId);
        leaderboard = await scope.leaderboard(leaderboardId);
      }
      throw new AppError('CONFLICT', `leaderboard ${leaderboardId} kept changing during the save; try again`);
    },

    /** The current period's ranking, optionally of one group's members; `rank` is the position in it. */
    async rankings(leaderboardId: number, options: { groupId?: number; limit: number }): Promise<{ leaderboard: PublicLeaderboard; items: RankingItem[] }> {
      const leaderboard = await scope.leaderboard(leaderboardId);
      const [items] = await this.rankingsOf([toPublicLeaderboard(leaderboard)], options);
      if (items instanceof AppError) throw items;
      return { leaderboard: toPublicLeaderboard(leaderboard), items: items! };
    },

    /**
     * The current period's ranking of each leaderboard read in this request (their module was checked
     * when they were read), in one statement; `groupId` must belong to the leaderboard (404 otherwise).
     */
    async rankingsOf(leaderboards: readonly PublicLeaderboard[], options: { groupId?: number; limit: number }): Promise<Array<RankingItem[] | AppError>> {
      const groupOwner = options.groupId === undefined ? undefined : (await findGroup(db, options.groupId))?.leaderboard_id;
      const ranked = leaderboards.filter((board) => options.groupId === undefined || groupOwner === board.id);
      const now = clock();
      const queries = ranked.map((board) => ({ leaderboardId: board.id, periodStart: periodStart(board.period_type, now), groupId: options.groupId }));
      const rows = queries.length > 0 ? await topScoresOf(db, queries, options.limit) : new Map<number, RankingRow[]>();
      return leaderboards.map((board) =>
        rows.has(board.id) ? toRankingItems(rows.get(board.id)!) : new AppError('NOT_FOUND', `group ${options.groupId} of leaderboard ${board.id} not found`),
      );
    },

    /** Leaderboards of games read in this request (GraphQL lists): one statement for all of them. */
    async listOfGames(games: readonly GameWithModules[], page: Page): Promise<Array<PublicLeaderboard[] | AppError>> {
      return perEnabledGame(games, LEADERBOARD_MODULE, async (ids) => mapPerParent(await leaderboardsOfGames(db, ids, page), toPublicLeaderboard));
    },
  };
}

export type LeaderboardsService = ReturnType<typeof createLeaderboardsService>;

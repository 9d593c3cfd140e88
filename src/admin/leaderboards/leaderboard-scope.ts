import { AppError } from '../../errors';
import type { AdminCaches } from '../cache/admin-caches';
import type { GamesPort } from '../games/games-service';
import type { ModulesPort } from '../modules/modules-service';
import type { GroupRow } from './leaderboard-groups-repository';
import type { LeaderboardRow } from './leaderboards-repository';
import type { Store } from '../unit-of-work';

export const LEADERBOARD_MODULE = 'leaderboard';

/**
 * SPEC §2.1's order for every leaderboard endpoint: the entities in the path (404; a leaderboard of
 * another game is not found), then the module of the game they belong to (403 module_disabled).
 */
export function createLeaderboardScope({ store: { read }, games, modules, caches }: { store: Store<'leaderboards' | 'leaderboardGroups'>; games: GamesPort; modules: ModulesPort; caches: AdminCaches }) {
  const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
  /** Score saves, rankings and groups read their leaderboard on every request: through the caches. */
  const leaderboardOf = (id: number) => caches.leaderboard(id, () => read.leaderboards.findLeaderboard(id));

  return {
    /** `/api/games/:id/leaderboards[/:leaderboard_id]` */
    async inGame(gameId: number, leaderboardId?: number): Promise<LeaderboardRow | undefined> {
      await games.mustFind(gameId);
      // Read fresh: the leaderboard's own writes (update, delete) go through here.
      const leaderboard = leaderboardId === undefined ? undefined : await read.leaderboards.findLeaderboard(leaderboardId);
      if (leaderboardId !== undefined && leaderboard?.game_id !== gameId) throw notFound(`leaderboard ${leaderboardId} of game ${gameId}`);
      await modules.assertEnabled(gameId, LEADERBOARD_MODULE);
      return leaderboard;
    },

    /** `/api/leaderboards/:leaderboard_id/…` */
    async leaderboard(id: number): Promise<LeaderboardRow> {
      const leaderboard = await leaderboardOf(id);
      if (!leaderboard) throw notFound(`leaderboard ${id}`);
      await modules.assertEnabled(leaderboard.game_id, LEADERBOARD_MODULE);
      return leaderboard;
    },

    /** The game of a leaderboard (undefined when there is none), for the game scope check of SPEC §2.12. */
    async gameOfLeaderboard(id: number): Promise<number | undefined> {
      return (await leaderboardOf(id))?.game_id;
    },

    /** The game of a group's leaderboard (undefined when there is none). */
    async gameOfGroup(id: number): Promise<number | undefined> {
      const group = await read.leaderboardGroups.findGroup(id);
      return group && (await leaderboardOf(group.leaderboard_id))?.game_id;
    },

    /** `/api/leaderboard-groups/:group_id/…` */
    async group(id: number): Promise<{ group: GroupRow; leaderboard: LeaderboardRow }> {
      const group = await read.leaderboardGroups.findGroup(id);
      const leaderboard = group && (await leaderboardOf(group.leaderboard_id));
      if (!group || !leaderboard) throw notFound(`leaderboard group ${id}`);
      await modules.assertEnabled(leaderboard.game_id, LEADERBOARD_MODULE);
      return { group, leaderboard };
    },
  };
}

export type LeaderboardScope = ReturnType<typeof createLeaderboardScope>;

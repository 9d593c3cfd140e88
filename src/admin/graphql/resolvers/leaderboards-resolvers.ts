import type { PublicLeaderboard } from '../../leaderboards/leaderboards-replies';
import { RANKINGS_QUERY } from '../../leaderboards/leaderboards-endpoints';
import { parseQuery } from '../../http/endpoint';
import { batchName, NESTED_PAGE, pageArgs } from '../graphql-args';
import { gameList, guarded, type ResolverMap } from './resolver-types';

/** Module leaderboard on a game and on each leaderboard (the Query and Mutation fields are the endpoints': leaderboards-endpoints.ts). */
export const leaderboardsResolvers: ResolverMap = {
  Game: {
    leaderboards: gameList('Game.leaderboards', 'any', (services, games, page) => services.leaderboards.listOfGames(games, page)),
  },
  // A leaderboard here was read through its game or by its id in this request, its module checked then.
  Leaderboard: {
    game: guarded('any', (_, ctx, __, leaderboard: PublicLeaderboard) =>
      ctx.batch('Leaderboard.game', (ids: readonly number[]) => ctx.services.games.getMany(ids), (id) => id).load(leaderboard.game_id)),
    groups: guarded('any', (args, ctx, _, leaderboard: PublicLeaderboard) => {
      const page = pageArgs(args, NESTED_PAGE);
      const loader = ctx.batch(batchName('Leaderboard.groups', args), (ids: readonly number[]) => ctx.services.leaderboardGroups.listOfLeaderboards(ids, page), (id) => id);
      return loader.load(leaderboard.id);
    }),
    rankings: guarded('any', (args, ctx, _, leaderboard: PublicLeaderboard) => {
      const options = parseQuery(RANKINGS_QUERY, args);
      const loader = ctx.batch(batchName('Leaderboard.rankings', args), (boards: readonly PublicLeaderboard[]) => ctx.services.leaderboards.rankingsOf(boards, options), (board) => board.id);
      return loader.load(leaderboard);
    }),
  },
};

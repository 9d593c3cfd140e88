import { RANKINGS_LIMIT } from '../../http/params';
import type {
  CreateGroupInput,
  CreateLeaderboardInput,
  MemberInput,
  ScoreInput,
  UpdateGroupInput,
  UpdateLeaderboardInput,
} from '../../leaderboards/leaderboards-schemas';
import type { PublicLeaderboard } from '../../leaderboards/leaderboards-replies';
import { batchName, idArg, NESTED_PAGE, limitArg, optionalIdArg, pageArgs, type Args } from '../graphql-args';
import type { RankingOptions } from '../../leaderboards/leaderboard-rankings';
import { done, gameList, guarded, input, type ResolverMap } from './resolver-types';

/** REST's query parameters of rankings, from the field's arguments. */
const rankingOptions = (args: Args): RankingOptions => ({
  groupId: optionalIdArg(args, 'group_id'),
  aroundUserGameId: optionalIdArg(args, 'around_user_game_id'),
  periodStart: typeof args.period_start === 'string' ? args.period_start : undefined,
  limit: limitArg(args, RANKINGS_LIMIT),
});

/** Module leaderboard: leaderboards, scores, rankings, groups and their members. */
export const leaderboardsResolvers: ResolverMap = {
  Query: {
    leaderboards: guarded('any', (args, { services }) => services.leaderboards.list(idArg(args, 'game_id'), pageArgs(args))),
    leaderboard: guarded('any', (args, { services }) => services.leaderboards.get(idArg(args, 'game_id'), idArg(args, 'id'))),
    rankings: guarded('any', (args, { services }) => services.leaderboards.rankings(idArg(args, 'leaderboard_id'), rankingOptions(args))),
    leaderboardGroups: guarded('any', (args, { services }) => services.leaderboardGroups.list(idArg(args, 'leaderboard_id'), pageArgs(args))),
    groupMembers: guarded('any', (args, { services }) => services.leaderboardGroups.members(idArg(args, 'group_id'), pageArgs(args))),
  },
  Mutation: {
    createLeaderboard: guarded('staff', (args, { services }) => services.leaderboards.create(idArg(args, 'game_id'), input<CreateLeaderboardInput>(args))),
    updateLeaderboard: guarded('staff', (args, { services }) =>
      services.leaderboards.update(idArg(args, 'game_id'), idArg(args, 'id'), input<UpdateLeaderboardInput>(args))),
    deleteLeaderboard: guarded('staff', (args, { services }) => done(services.leaderboards.remove(idArg(args, 'game_id'), idArg(args, 'id')))),
    saveScore: guarded('staff', (args, { services }) => services.leaderboards.saveScore(idArg(args, 'leaderboard_id'), input<ScoreInput>(args))),
    createLeaderboardGroup: guarded('staff', (args, { services }) =>
      services.leaderboardGroups.create(idArg(args, 'leaderboard_id'), input<CreateGroupInput>(args))),
    updateLeaderboardGroup: guarded('staff', (args, { services }) => services.leaderboardGroups.update(idArg(args, 'id'), input<UpdateGroupInput>(args))),
    deleteLeaderboardGroup: guarded('staff', (args, { services }) => done(services.leaderboardGroups.remove(idArg(args, 'id')))),
    addGroupMember: guarded('staff', (args, { services }) => services.leaderboardGroups.addMember(idArg(args, 'group_id'), input<MemberInput>(args))),
    removeGroupMember: guarded('staff', (args, { services }) =>
      done(services.leaderboardGroups.removeMember(idArg(args, 'group_id'), idArg(args, 'user_id')))),
  },
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
      const options = rankingOptions(args);
      const loader = ctx.batch(batchName('Leaderboard.rankings', args), (boards: readonly PublicLeaderboard[]) => ctx.services.leaderboards.rankingsOf(boards, options), (board) => board.id);
      return loader.load(leaderboard);
    }),
  },
};

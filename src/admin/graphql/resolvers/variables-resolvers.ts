import { configReply } from '../../variables/variables-endpoints';
import type { PublicGame } from '../../games/games-replies';
import { gameList, guarded, type ResolverMap } from './resolver-types';

/** Module variables on a game (the Query and Mutation fields are the endpoints': variables-endpoints.ts). */
export const variablesResolvers: ResolverMap = {
  Game: {
    variables: gameList('Game.variables', 'staff', (services, games, page) => services.variables.listOfGames(games, page)),
    config: guarded('any', async (_, ctx, __, game: PublicGame) => {
      const loader = ctx.batch('Game.config', (games: readonly PublicGame[]) => ctx.services.variables.configDocumentsOf(games), (g) => g.id);
      return configReply(await loader.load(game), ctx);
    }),
  },
};

import type { ConfigDocument } from '../../variables/config-document';
import type { RollbackInput } from '../../variables/config-history-service';
import type { VariableInput } from '../../variables/variable-rules';
import { idArg, pageArgs } from '../graphql-args';
import type { PublicGame } from '../../games/games-replies';
import type { GraphQLContext } from '../graphql-context';
import { done, gameList, guarded, input, type ResolverMap } from './resolver-types';

/**
 * The config document as GraphQL serves it: the same ETag and JSON as REST. The JSON is parsed only
 * when `document` is asked for, and once per request for each document (its ETag names its content),
 * however many aliases ask.
 */
const configReply = (ctx: GraphQLContext, document: ConfigDocument) => ({
  etag: document.etag,
  document: () => ctx.once(`parsed config ${document.etag}`, async () => JSON.parse(document.body) as unknown),
});

/** Module variables: the game's typed variables and its config document. */
export const variablesResolvers: ResolverMap = {
  Query: {
    variables: guarded('staff', (args, { services }) => services.variables.list(idArg(args, 'game_id'), pageArgs(args))),
    variable: guarded('staff', (args, { services }) => services.variables.get(idArg(args, 'game_id'), idArg(args, 'id'))),
    config: guarded('any', async (args, ctx) => {
      const gameId = idArg(args, 'game_id');
      return configReply(ctx, await ctx.once(`config ${gameId}`, () => ctx.services.variables.configDocument(gameId)));
    }),
    configVersions: guarded('staff', (args, { services }) => services.configHistory.list(idArg(args, 'game_id'), pageArgs(args, { defaultLimit: 100, maxLimit: 1000 }))),
    configVersion: guarded('staff', (args, ctx) => {
      const [gameId, version] = [idArg(args, 'game_id'), idArg(args, 'version')];
      return ctx.once(`config version ${gameId} ${version}`, () => ctx.services.configHistory.get(gameId, version));
    }),
  },
  Mutation: {
    createVariable: guarded('staff', (args, { services }) => services.variables.create(idArg(args, 'game_id'), input<VariableInput>(args))),
    replaceVariable: guarded('staff', (args, { services }) =>
      services.variables.replace(idArg(args, 'game_id'), idArg(args, 'id'), input<VariableInput>(args))),
    deleteVariable: guarded('staff', (args, { services }) => done(services.variables.remove(idArg(args, 'game_id'), idArg(args, 'id')))),
    rollbackConfig: guarded('staff', (args, { services }) => services.configHistory.rollback(idArg(args, 'game_id'), input<RollbackInput>(args))),
  },
  Game: {
    variables: gameList('Game.variables', 'staff', (services, games, page) => services.variables.listOfGames(games, page)),
    config: guarded('any', async (_, ctx, __, game: PublicGame) => {
      const loader = ctx.batch<PublicGame, ConfigDocument>('Game.config', (games: readonly PublicGame[]) => ctx.services.variables.configDocumentsOf(games), (g) => g.id);
      return configReply(ctx, await loader.load(game));
    }),
  },
};

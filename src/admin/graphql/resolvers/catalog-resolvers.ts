import type { CreateGameInput, UpdateGameInput } from '../../games/games-schemas';
import type { CreateLanguageInput, UpdateLanguageInput } from '../../languages/languages-service';
import type { ConnectModuleInput } from '../../modules/modules-service';
import { stringQuery } from '../../http/params';
import { idArg, pageArgs } from '../graphql-args';
import { done, guarded, input, type ResolverMap } from './resolver-types';

/** Games, modules, languages and images. */
export const catalogResolvers: ResolverMap = {
  Query: {
    games: guarded('any', (args, { services }) => services.games.list(stringQuery(args, 'search'), pageArgs(args))),
    game: guarded('any', (args, { services }) => services.games.get(idArg(args, 'id'))),
    modules: guarded('any', (_, { services }) => services.modules.list()),
    languages: guarded('any', (args, { services }) => services.languages.list(pageArgs(args))),
    language: guarded('any', (args, { services }) => services.languages.get(idArg(args, 'id'))),
  },
  Mutation: {
    createGame: guarded('staff', (args, { services }) => services.games.create(input<CreateGameInput>(args))),
    updateGame: guarded('staff', (args, { services }) => services.games.update(idArg(args, 'id'), input<UpdateGameInput>(args))),
    deleteGame: guarded('staff', (args, { services }) => done(services.games.remove(idArg(args, 'id')))),
    connectModule: guarded('staff', (args, { services }) => services.modules.connect(idArg(args, 'game_id'), input<ConnectModuleInput>(args))),
    disconnectModule: guarded('staff', (args, { services }) => done(services.modules.disconnect(idArg(args, 'game_id'), String(args.module_key)))),
    createLanguage: guarded('staff', (args, { services }) => services.languages.create(input<CreateLanguageInput>(args))),
    updateLanguage: guarded('staff', (args, { services }) => services.languages.update(idArg(args, 'id'), input<UpdateLanguageInput>(args))),
    deleteLanguage: guarded('staff', (args, { services }) => done(services.languages.remove(idArg(args, 'id')))),
    uploadImage: guarded('staff', (args, { services }) => services.images.storeBase64(input<{ content_base64?: unknown }>(args).content_base64)),
  },
};

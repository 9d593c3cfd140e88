import type { LoginInput, RegisterInput } from '../../auth/auth-schemas';
import type { ConnectGameInput } from '../../connections/connections-service';
import { USERS_PAGE } from '../../http/params';
import type { CreateInviteInput } from '../../invites/invites-service';
import type { PatchUserInput } from '../../users/users-service';
import { stringQuery } from '../../http/params';
import { idArg, pageArgs } from '../graphql-args';
import { done, guarded, input, type ResolverMap } from './resolver-types';

/** Auth, users, invites and user-game connections: the REST routes of the same folders, field by field. */
export const identityResolvers: ResolverMap = {
  Query: {
    me: guarded('any', (_, __, caller) => caller),
    users: guarded('staff', (args, { services }) => services.users.list({ search: stringQuery(args, 'search'), ...pageArgs(args, USERS_PAGE) })),
    user: guarded('any', (args, { services }, caller) => services.users.get(caller, idArg(args, 'id'))),
    userGames: guarded('any', async (args, { services }, caller) => {
      const rows = await services.connections.gamesOf(caller, idArg(args, 'user_id'), pageArgs(args));
      return rows.map(({ user_game_id, ...game }) => ({ user_game_id, game }));
    }),
    gameUsers: guarded('staff', async (args, { services }) => {
      const rows = await services.connections.usersOf(idArg(args, 'game_id'), stringQuery(args, 'search'), pageArgs(args));
      return rows.map(({ user_game_id, ...user }) => ({ user_game_id, user }));
    }),
    invites: guarded('staff', (args, { services }, caller) => services.invites.list(caller, pageArgs(args))),
    inviteCheck: (_, args, { services }) => services.invites.validate(String(args.code)),
  },
  Mutation: {
    login: (_, args, { services, clientAddress }) => services.auth.login(input<LoginInput>(args), clientAddress),
    register: (_, args, { services }) => services.auth.register(input<RegisterInput>(args)),
    createInvite: guarded('staff', (args, { services }, caller) => services.invites.create(caller, input<CreateInviteInput>(args))),
    deleteInvite: guarded('staff', (args, { services }, caller) => done(services.invites.remove(caller, String(args.code)))),
    updateUser: guarded('admin', (args, { services }, caller) => services.users.patch(caller, idArg(args, 'id'), input<PatchUserInput>(args))),
    connectGame: guarded('staff', (args, { services }) => services.connections.connect(idArg(args, 'user_id'), input<ConnectGameInput>(args))),
    disconnectGame: guarded('staff', (args, { services }) => done(services.connections.disconnect(idArg(args, 'user_id'), idArg(args, 'game_id')))),
  },
};

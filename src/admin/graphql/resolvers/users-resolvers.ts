import { AppError } from '../../../errors';
import type { PublicGame } from '../../games/games-replies';
import type { Balance } from '../generated/schema-types';
import { guarded, type ResolverMap } from './resolver-types';

/**
 * User.game_scope_games: a scoped moderator's games by name, loaded for every user of the reply at once
 * (game names are any signed-in user's to read). User.frozen and GameUser's wallet fields read through
 * the services the REST endpoints use, with their access rules (staff, or the user themself).
 */
export const usersResolvers: ResolverMap = {
  GameUser: {
    // Money serializes the service's numbers as the `balances` query does (scalars.ts); the generated type names its output, a string.
    balances: guarded('any', async (_, ctx, caller, row: { user_game_id: number }) => (await ctx.services.balance.balances(caller, row.user_game_id)) as unknown as Balance[]),
    frozen: guarded('any', async (_, ctx, caller, row: { user_game_id: number }) => (await ctx.services.walletControls.userGameFreeze(caller, row.user_game_id)).frozen),
  },
  User: {
    frozen: guarded('any', async (_, ctx, caller, user: { id: number }) => (await ctx.services.walletControls.userFreeze(caller, user.id)).frozen),
    // The export itself is a download (a streamed file, GET /api/users/{id}/export): GraphQL gives where.
    erased_at: guarded('any', (_, ctx, caller, user: { id: number }) => ctx.services.playerData.erasedAt(caller, user.id)),
    export_url: guarded('any', (_, __, caller, user: { id: number }) => (caller.role === 'admin' ? `/api/users/${user.id}/export` : caller.id === user.id ? '/api/me/export' : null)),
    game_scope_games: guarded('any', async (_, ctx, __, user: { game_scope: readonly number[] | null }) => {
      if (!user.game_scope) return null;
      const loader = ctx.batch('User.game_scope_games', (ids: readonly number[]) => ctx.services.games.getMany(ids), (id) => id);
      const games = await Promise.all(user.game_scope.map((id) => loader.load(id).catch((error: unknown) => (error instanceof AppError && error.code === 'NOT_FOUND' ? null : Promise.reject(error)))));
      return games.filter((game): game is PublicGame => game !== null);
    }),
  },
};

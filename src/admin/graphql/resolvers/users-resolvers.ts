import { AppError } from '../../../errors';
import type { PublicGame } from '../../games/games-replies';
import { guarded, type ResolverMap } from './resolver-types';

/** User.game_scope_games: a scoped moderator's games by name, loaded for every user of the reply at once (game names are any signed-in user's to read). */
export const usersResolvers: ResolverMap = {
  User: {
    game_scope_games: guarded('any', async (_, ctx, __, user: { game_scope: readonly number[] | null }) => {
      if (!user.game_scope) return null;
      const loader = ctx.batch('User.game_scope_games', (ids: readonly number[]) => ctx.services.games.getMany(ids), (id) => id);
      const games = await Promise.all(user.game_scope.map((id) => loader.load(id).catch((error: unknown) => (error instanceof AppError && error.code === 'NOT_FOUND' ? null : Promise.reject(error)))));
      return games.filter((game): game is PublicGame => game !== null);
    }),
  },
};

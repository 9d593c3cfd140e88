import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery, stringQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { CreateGameInput, UpdateGameInput } from './games-schemas';
import type { GamesService } from './games-service';

export function gamesRoutes(games: GamesService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/games', guard('any'), async (ctx) => {
    ctx.body = await games.list(stringQuery(ctx.query, 'search'), pageQuery(ctx.query));
  });
  router.get('/api/games/:id', guard('any'), async (ctx) => {
    ctx.body = await games.get(idParam(ctx.params, 'id'));
  });
  router.post('/api/games', guard('staff'), async (ctx) => {
    const game = await games.create(ctx.request.body as CreateGameInput);
    created(ctx, game, `/api/games/${game.id}`);
  });
  router.put('/api/games/:id', guard('staff'), async (ctx) => {
    ctx.body = await games.update(idParam(ctx.params, 'id'), ctx.request.body as UpdateGameInput);
  });
  router.delete('/api/games/:id', guard('staff'), async (ctx) => {
    await games.remove(idParam(ctx.params, 'id'));
    noContent(ctx);
  });
  return router;
}

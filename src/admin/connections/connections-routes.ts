import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery, stringQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { ConnectGameInput, ConnectionsService } from './connections-service';

/** User-game connections: their id is the user_game_id that balances and scores refer to. */
export function connectionsRoutes(connections: ConnectionsService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/users/:id/games', guard('any'), async (ctx) => {
    ctx.body = await connections.gamesOf(ctx.state.user, idParam(ctx.params, 'id'), pageQuery(ctx.query));
  });
  router.post('/api/users/:id/games', guard('staff'), async (ctx) => {
    created(ctx, await connections.connect(idParam(ctx.params, 'id'), ctx.request.body as ConnectGameInput));
  });
  router.delete('/api/users/:id/games/:game_id', guard('staff'), async (ctx) => {
    await connections.disconnect(idParam(ctx.params, 'id'), idParam(ctx.params, 'game_id'));
    noContent(ctx);
  });
  router.get('/api/games/:id/users', guard('staff'), async (ctx) => {
    ctx.body = await connections.usersOf(idParam(ctx.params, 'id'), stringQuery(ctx.query, 'search'), pageQuery(ctx.query));
  });
  return router;
}

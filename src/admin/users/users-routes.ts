import Router from '@koa/router';
import type { ConnectionsService } from '../connections/connections-service';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery, stringQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { UsersService } from './users-service';

export function usersRoutes(users: UsersService, connections: ConnectionsService, guard: AccessGuard): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/users', guard('staff'), async (ctx) => {
    ctx.body = await users.list({ search: stringQuery(ctx.query, 'search'), ...pageQuery(ctx.query, 50, 200) });
  });
  router.get('/api/users/:id', guard('any'), async (ctx) => {
    ctx.body = await users.get(ctx.state.user, idParam(ctx.params, 'id'));
  });
  router.patch('/api/users/:id', guard('admin'), async (ctx) => {
    ctx.body = await users.patch(ctx.state.user, idParam(ctx.params, 'id'), ctx.request.body);
  });

  router.get('/api/users/:id/games', guard('any'), async (ctx) => {
    ctx.body = await connections.gamesOf(ctx.state.user, idParam(ctx.params, 'id'), pageQuery(ctx.query));
  });
  router.post('/api/users/:id/games', guard('staff'), async (ctx) => {
    const connection = await connections.connect(idParam(ctx.params, 'id'), ctx.request.body);
    created(ctx, connection);
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

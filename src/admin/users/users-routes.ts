import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery, stringQuery, USERS_PAGE } from '../http/params';
import type { AppState } from '../koa-types';
import type { PatchUserInput, UsersService } from './users-service';

export function usersRoutes(users: UsersService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/users', guard('staff'), async (ctx) => {
    ctx.body = await users.list({ search: stringQuery(ctx.query, 'search'), ...pageQuery(ctx.query, USERS_PAGE.defaultLimit, USERS_PAGE.maxLimit) });
  });
  router.get('/api/users/:id', guard('any'), async (ctx) => {
    ctx.body = await users.get(ctx.state.user, idParam(ctx.params, 'id'));
  });
  router.patch('/api/users/:id', guard('admin'), async (ctx) => {
    ctx.body = await users.patch(ctx.state.user, idParam(ctx.params, 'id'), ctx.request.body as PatchUserInput);
  });
  return router;
}

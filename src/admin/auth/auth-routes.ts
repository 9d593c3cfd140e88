import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { jsonBody } from '../http/json-body';
import { created } from '../http/respond';
import type { AppState } from '../koa-types';
import type { LoginInput, RegisterInput } from './auth-schemas';
import type { AuthService } from './auth-service';

export function authRoutes(auth: AuthService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  const body = jsonBody();
  router.post('/api/auth/login', body, async (ctx) => {
    ctx.body = await auth.login(ctx.request.body as LoginInput, ctx.state.clientAddress);
  });
  router.post('/api/auth/register', body, async (ctx) => {
    const reply = await auth.register(ctx.request.body as RegisterInput);
    created(ctx, reply, `/api/users/${reply.user.id}`);
  });
  router.get('/api/auth/me', guard('any'), (ctx) => {
    ctx.body = ctx.state.user;
  });
  return router;
}

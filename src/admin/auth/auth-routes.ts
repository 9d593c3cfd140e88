import Router from '@koa/router';
import type { AccessGuard } from '../http/access';
import { jsonBody } from '../http/json-body';
import { pageQuery } from '../http/params';
import { created } from '../http/respond';
import type { InvitesService } from '../invites/invites-service';
import type { AppState } from '../koa-types';
import type { AuthService } from './auth-service';

export function authRoutes(auth: AuthService, invites: InvitesService, guard: AccessGuard): Router<AppState> {
  const router = new Router<AppState>();
  const body = jsonBody();
  router.post('/api/auth/login', body, async (ctx) => {
    ctx.body = await auth.login(ctx.request.body, ctx.state.clientAddress);
  });
  router.post('/api/auth/register', body, async (ctx) => {
    const reply = await auth.register(ctx.request.body);
    created(ctx, reply, `/api/users/${reply.user.id}`);
  });
  router.get('/api/auth/me', guard('any'), (ctx) => {
    ctx.body = ctx.state.user;
  });

  router.get('/api/invites/validate/:code', async (ctx) => {
    ctx.body = await invites.validate(ctx.params.code ?? '');
  });
  router.get('/api/invites', guard('staff'), async (ctx) => {
    ctx.body = await invites.list(ctx.state.user, pageQuery(ctx.query));
  });
  router.post('/api/invites', guard('staff'), async (ctx) => {
    const invite = await invites.create(ctx.state.user, ctx.request.body);
    created(ctx, invite, `/api/invites/validate/${invite.code}`);
  });
  router.delete('/api/invites/:code', guard('staff'), async (ctx) => {
    await invites.remove(ctx.state.user, ctx.params.code ?? '');
    ctx.status = 204;
  });
  return router;
}

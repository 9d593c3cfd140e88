import Router from '@koa/router';
import type { AccessGuard } from '../http/access';
import { created } from '../http/respond';
import type { InvitesService } from '../invites/invites-service';
import type { AppState } from '../koa-types';
import type { AuthService } from './auth-service';

export function authRoutes(auth: AuthService, invites: InvitesService, guard: AccessGuard): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/api/auth/login', async (ctx) => {
    ctx.body = await auth.login(ctx.request.body, ctx.ip);
  });
  router.post('/api/auth/register', async (ctx) => {
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
    ctx.body = await invites.list();
  });
  router.post('/api/invites', guard('staff'), async (ctx) => {
    const invite = await invites.create(ctx.state.user, ctx.request.body);
    created(ctx, invite, `/api/invites/validate/${invite.code}`);
  });
  router.delete('/api/invites/:code', guard('staff'), async (ctx) => {
    await invites.remove(ctx.params.code ?? '');
    ctx.status = 204;
  });
  return router;
}

import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { pageQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { CreateInviteInput, InvitesService } from './invites-service';

export function invitesRoutes(invites: InvitesService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/invites/validate/:code', async (ctx) => {
    ctx.body = await invites.validate(ctx.params.code ?? '');
  });
  router.get('/api/invites', guard('staff'), async (ctx) => {
    ctx.body = await invites.list(ctx.state.user, pageQuery(ctx.query));
  });
  router.post('/api/invites', guard('staff'), async (ctx) => {
    const invite = await invites.create(ctx.state.user, ctx.request.body as CreateInviteInput);
    created(ctx, invite, `/api/invites/validate/${invite.code}`);
  });
  router.delete('/api/invites/:code', guard('staff'), async (ctx) => {
    await invites.remove(ctx.state.user, ctx.params.code ?? '');
    noContent(ctx);
  });
  return router;
}

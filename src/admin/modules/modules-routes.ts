import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { ConnectModuleInput, ModulesService } from './modules-service';

export function modulesRoutes(modules: ModulesService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/modules', guard('any'), async (ctx) => {
    ctx.body = await modules.list();
  });
  router.get('/api/games/:id/modules', guard('any'), async (ctx) => {
    ctx.body = await modules.ofGame(idParam(ctx.params, 'id'));
  });
  router.post('/api/games/:id/modules', guard('staff'), async (ctx) => {
    created(ctx, await modules.connect(idParam(ctx.params, 'id'), ctx.request.body as ConnectModuleInput));
  });
  router.delete('/api/games/:id/modules/:module_key', guard('staff'), async (ctx) => {
    await modules.disconnect(idParam(ctx.params, 'id'), ctx.params.module_key ?? '');
    noContent(ctx);
  });
  return router;
}

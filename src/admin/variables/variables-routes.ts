import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import { matchesEtag } from './config-document';
import type { VariableInput } from './variable-rules';
import type { VariablesService } from './variables-service';
import type { ConfigHistoryService, RollbackInput } from './config-history-service';

export function variablesRoutes(variables: VariablesService, history: ConfigHistoryService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  const base = '/api/games/:id/variables';
  router.get(base, guard('staff'), async (ctx) => {
    ctx.body = await variables.list(idParam(ctx.params, 'id'), pageQuery(ctx.query));
  });
  router.get(`${base}/:var_id`, guard('staff'), async (ctx) => {
    ctx.body = await variables.get(idParam(ctx.params, 'id'), idParam(ctx.params, 'var_id'));
  });
  router.post(base, guard('staff'), async (ctx) => {
    const variable = await variables.create(idParam(ctx.params, 'id'), ctx.request.body as VariableInput);
    created(ctx, variable, `/api/games/${variable.game_id}/variables/${variable.id}`);
  });
  router.put(`${base}/:var_id`, guard('staff'), async (ctx) => {
    ctx.body = await variables.replace(idParam(ctx.params, 'id'), idParam(ctx.params, 'var_id'), ctx.request.body as VariableInput);
  });
  router.delete(`${base}/:var_id`, guard('staff'), async (ctx) => {
    await variables.remove(idParam(ctx.params, 'id'), idParam(ctx.params, 'var_id'));
    noContent(ctx);
  });

  router.get('/api/games/:id/config', guard('any'), async (ctx) => {
    const document = await variables.configDocument(idParam(ctx.params, 'id'));
    ctx.set('ETag', document.etag);
    ctx.set('Cache-Control', 'no-cache');
    if (matchesEtag(ctx.get('if-none-match') || undefined, document.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = document.body;
  });

  router.get('/api/games/:id/config/versions', guard('staff'), async (ctx) => {
    ctx.body = await history.list(idParam(ctx.params, 'id'), pageQuery(ctx.query, 100));
  });
  router.get('/api/games/:id/config/versions/:version', guard('staff'), async (ctx) => {
    ctx.body = await history.get(idParam(ctx.params, 'id'), idParam(ctx.params, 'version'));
  });
  router.post('/api/games/:id/config/rollback', guard('staff'), async (ctx) => {
    ctx.body = await history.rollback(idParam(ctx.params, 'id'), ctx.request.body as RollbackInput);
  });
  return router;
}

import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { CreateLanguageInput, LanguagesService, UpdateLanguageInput } from './languages-service';

export function languagesRoutes(languages: LanguagesService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/languages', guard('any'), async (ctx) => {
    ctx.body = await languages.list(pageQuery(ctx.query));
  });
  router.get('/api/languages/:id', guard('any'), async (ctx) => {
    ctx.body = await languages.get(idParam(ctx.params, 'id'));
  });
  router.post('/api/languages', guard('staff'), async (ctx) => {
    const language = await languages.create(ctx.request.body as CreateLanguageInput);
    created(ctx, language, `/api/languages/${language.id}`);
  });
  router.put('/api/languages/:id', guard('staff'), async (ctx) => {
    ctx.body = await languages.update(idParam(ctx.params, 'id'), ctx.request.body as UpdateLanguageInput);
  });
  router.delete('/api/languages/:id', guard('staff'), async (ctx) => {
    await languages.remove(idParam(ctx.params, 'id'));
    noContent(ctx);
  });
  return router;
}

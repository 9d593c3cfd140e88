import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AppState } from '../koa-types';
import { apiDocsApp } from './api-docs-app';
import { DOCS_PATH, OPENAPI_PATH, openApiDocument } from './openapi-document';

/** `GET /openapi.json` (the document), `GET /docs` (Swagger UI over it) and the page's built assets. Public. */
export function openApiRoutes(): Router<AppState> {
  const router = createRouter();
  const docs = apiDocsApp();
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApiDocument();
  });
  router.get(DOCS_PATH, (ctx) => docs.index(ctx));
  router.get(`${DOCS_PATH}/assets/:file`, (ctx) => docs.asset(ctx, `assets/${ctx.params.file ?? ''}`));
  return router;
}

import type Router from '@koa/router';
import { createRouter } from '../http/router';
import { AppError } from '../../errors';
import { servePackageAsset, serveHtmlPage, serveStartScript, type PackageAsset } from '../http/static-page';
import type { AppState } from '../koa-types';
import { DOCS_PATH, OPENAPI_PATH, openApiDocument } from './openapi-document';

const ASSETS_PATH = `${DOCS_PATH}/assets`;

/** Swagger UI's files, from the project's own swagger-ui-dist. */
const ASSETS: Record<string, PackageAsset> = {
  'swagger-ui-bundle.js': { packageName: 'swagger-ui-dist', file: 'swagger-ui-bundle.js', type: 'text/javascript' },
  'swagger-ui.css': { packageName: 'swagger-ui-dist', file: 'swagger-ui.css', type: 'text/css' },
};

// No validator badge (it would call validator.swagger.io); the token typed into "Authorize" stays in the tab.
const START_SCRIPT = `
window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#swagger-ui', validatorUrl: null, persistAuthorization: false, deepLinking: true });
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Management API · reservation engine</title>
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui">Loading the API documentation…</div>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PATH}/start.js"></script>
</body>
</html>
`;

/** `GET /openapi.json` (the document), `GET /docs` (Swagger UI over it) and the page's assets. Public. */
export function openApiRoutes(): Router<AppState> {
  const router = createRouter();
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApiDocument();
  });
  router.get(DOCS_PATH, (ctx) => serveHtmlPage(ctx, PAGE));
  router.get(`${ASSETS_PATH}/:file`, (ctx) => {
    const name = ctx.params.file ?? '';
    if (name === 'start.js') return serveStartScript(ctx, START_SCRIPT);
    if (!servePackageAsset(ctx, ASSETS, name)) throw new AppError('NOT_FOUND', `no docs asset ${name}`);
  });
  return router;
}

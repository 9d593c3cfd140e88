import path from 'node:path';
import { builtApp } from '../http/built-app';
import { PAGE_POLICY } from '../http/static-page';

/** Where `npm run build:api-docs` (Vite) writes the page; `npm run build` copies it to the same place in dist/. */
export const API_DOCS_DIR = path.resolve(__dirname, '../../../api-docs/dist');

/**
 * The API documentation page (Swagger UI over /openapi.json, a Vite build in `api-docs/`): Swagger UI
 * is bundled into its static files, not a runtime dependency of the server.
 */
export const apiDocsApp = (root = API_DOCS_DIR) =>
  builtApp('API documentation page', root, PAGE_POLICY, 'run `npm run build:api-docs` (npm start builds it when missing)');

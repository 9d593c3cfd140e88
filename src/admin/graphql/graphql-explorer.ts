import path from 'node:path';
import { builtApp } from '../http/built-app';
import { PAGE_POLICY } from '../http/static-page';
import type { AppContext } from '../koa-types';

/** Where the explorer's assets are served (its Vite build's base). */
export const EXPLORER_ASSETS_PATH = '/graphql/explorer';
/** Where `npm run build:explorer` (Vite) writes the explorer; `npm run build` copies it to the same place in dist/. */
export const EXPLORER_DIR = path.resolve(__dirname, '../../../explorer/dist');

/**
 * The GraphQL explorer (GraphiQL, a React app in `explorer/`, built by Vite): React and GraphiQL are
 * bundled into its static files, not runtime dependencies of the server. It keeps nothing in the
 * browser's storage and starts with no credentials (SPEC §2.10; explorer/src/main.ts).
 */
export function explorerApp(root = EXPLORER_DIR) {
  const app = builtApp('GraphQL explorer', root, PAGE_POLICY, 'run `npm run build:explorer` (npm start builds it when missing)');
  return {
    /** A browser's GET /graphql without a query: the explorer page. */
    page: (ctx: AppContext) => app.index(ctx),
    /** One of its built files, `assets/<hashed name>`; anything else is a 404. */
    asset: (ctx: AppContext, name: string) => app.asset(ctx, `assets/${name}`),
  };
}

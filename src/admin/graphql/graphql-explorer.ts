import { servePackageAsset, serveHtmlPage, serveStartScript, type PackageAsset } from '../http/static-page';
import type { AppContext } from '../koa-types';

/** The explorer's files, from the project's own dependencies. */
const ASSETS: Record<string, PackageAsset> = {
  'react.js': { packageName: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  'react-dom.js': { packageName: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript' },
  'graphiql.js': { packageName: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.css': { packageName: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
};

export const EXPLORER_ASSETS_PATH = '/graphql/explorer';

const DEFAULT_QUERY = `# Sign in with the login mutation (run "Login" below), then open "Headers" and paste
#   { "Authorization": "Bearer <access_token>" }
# The token stays in this tab only.

mutation Login {
  login(input: { email: "admin@example.com", password: "" }) {
    access_token
    expires_in
    user { id username role }
  }
}

query Games {
  games(limit: 20) {
    id
    name
    modules { key }
    leaderboards(limit: 5) { key name rankings(limit: 10) { rank username score } }
  }
}
`;

// Started from a file of its own, not inline, so the page's CSP allows scripts from this server only.
const START_SCRIPT = `
const fetcher = GraphiQL.createFetcher({ url: '/graphql' });
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, { fetcher, defaultQuery: ${JSON.stringify(DEFAULT_QUERY)}, shouldPersistHeaders: false, isHeadersEditorEnabled: true }),
);
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphQL explorer · reservation engine</title>
<link rel="stylesheet" href="${EXPLORER_ASSETS_PATH}/graphiql.css">
<style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
</head>
<body>
<div id="graphiql">Loading the GraphQL explorer…</div>
<script src="${EXPLORER_ASSETS_PATH}/react.js"></script>
<script src="${EXPLORER_ASSETS_PATH}/react-dom.js"></script>
<script src="${EXPLORER_ASSETS_PATH}/graphiql.js"></script>
<script src="${EXPLORER_ASSETS_PATH}/start.js"></script>
</body>
</html>
`;

/** A browser's GET /graphql without a query: the explorer page (GraphiQL). */
export function serveExplorerPage(ctx: AppContext): void {
  serveHtmlPage(ctx, PAGE);
}

/** The explorer's scripts and styles; anything else under its path is a 404. */
export function serveExplorerAsset(ctx: AppContext, name: string): boolean {
  if (name !== 'start.js') return servePackageAsset(ctx, ASSETS, name);
  serveStartScript(ctx, START_SCRIPT);
  return true;
}

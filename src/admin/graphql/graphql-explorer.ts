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

/** The editor's starting text: no credentials in it (SPEC §2.10); they go in the Variables pane. */
export const EXPLORER_DEFAULT_QUERY = `# Sign in: put {"email": "…", "password": "…"} in Variables below and run "Login", then open
# Headers and paste { "Authorization": "Bearer <access_token>" }.
# Nothing typed here is kept in this browser: the explorer stores nothing, and a reload starts afresh.

mutation Login($email: String!, $password: String!) {
  login(input: { email: $email, password: $password }) {
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
// GraphiQL keeps its editors, tabs and history in the storage it is given (localStorage by default,
// shared with the console's origin, where a password typed in the editor would stay): here a Map that
// dies with the page.
const START_SCRIPT = `
const memory = new Map();
const storage = {
  getItem: (key) => (memory.has(key) ? memory.get(key) : null),
  setItem: (key, value) => { memory.set(key, String(value)); },
  removeItem: (key) => { memory.delete(key); },
  clear: () => { memory.clear(); },
  get length() { return memory.size; },
};
const fetcher = GraphiQL.createFetcher({ url: '/graphql' });
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, { fetcher, storage, defaultQuery: ${JSON.stringify(EXPLORER_DEFAULT_QUERY)}, shouldPersistHeaders: false, isHeadersEditorEnabled: true }),
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

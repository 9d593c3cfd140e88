import 'graphiql/graphiql.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
// The editor's starting text: no credentials in it (SPEC §2.10); they go in the Variables pane.
import EXPLORER_DEFAULT_QUERY from './default-query.graphql?raw';

// GraphiQL keeps its editors, tabs and history in the storage it is given (localStorage by default,
// shared with the console's origin, where a password typed in the editor would stay): here a Map that
// dies with the page (SPEC §2.10).
const memory = new Map<string, string>();
const storage: Storage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, String(value)),
  removeItem: (key) => void memory.delete(key),
  clear: () => memory.clear(),
  key: (index) => [...memory.keys()][index] ?? null,
  get length() {
    return memory.size;
  },
};

/**
 * One sign-in for the console and its tools: opened from the console's Tools menu, the explorer runs
 * in the console's tab, whose session (sessionStorage, this tab only) it reads at each request to sign
 * it, unless the Headers pane names its own Authorization. It reads the session, never copies it.
 */
const CONSOLE_SESSION = 'reservation-console.session';
function consoleToken(): string | null {
  try {
    const session = JSON.parse(sessionStorage.getItem(CONSOLE_SESSION) ?? 'null') as { token?: unknown } | null;
    return typeof session?.token === 'string' ? session.token : null;
  } catch {
    return null;
  }
}
const signedFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  const token = consoleToken();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers });
};

const fetcher = createGraphiQLFetcher({ url: '/graphql', fetch: signedFetch });
createRoot(document.getElementById('graphiql')!).render(
  createElement(GraphiQL, { fetcher, storage, defaultQuery: EXPLORER_DEFAULT_QUERY, shouldPersistHeaders: false, isHeadersEditorEnabled: true }),
);

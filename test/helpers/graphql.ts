import type { ApiReply, TestApi } from './api';

export interface GraphQLCall {
  readonly variables?: Record<string, unknown>;
  readonly token?: string;
  /** GET sends the query in the URL (queries only). */
  readonly method?: 'GET' | 'POST';
  readonly accept?: string;
}

/** One GraphQL request to the test API's /graphql. */
export function gql(api: TestApi, query: string, call: GraphQLCall = {}): Promise<ApiReply> {
  const headers = { accept: call.accept ?? 'application/graphql-response+json, application/json' };
  if (call.method === 'GET') {
    const params = new URLSearchParams({ query, ...(call.variables ? { variables: JSON.stringify(call.variables) } : {}) });
    return api.request('GET', `/graphql?${params}`, { token: call.token, headers });
  }
  return api.request('POST', '/graphql', { token: call.token, headers, body: { query, variables: call.variables } });
}

/** The codes of a reply's errors, in order. */
export const errorCodes = (reply: ApiReply): string[] => (reply.body?.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code ?? '');

/**
 * A selection set asking for every field a REST reply has (union over a list's items), so a GraphQL
 * query can be compared with the REST reply field for field.
 */
export function selectionOf(value: unknown): string {
  const fields = new Map<string, unknown[]>();
  for (const item of Array.isArray(value) ? value : [value]) {
    if (item === null || typeof item !== 'object') continue;
    for (const [key, child] of Object.entries(item)) fields.set(key, [...(fields.get(key) ?? []), child]);
  }
  if (fields.size === 0) return '';
  const parts = [...fields].map(([key, children]) => {
    const inner = selectionOf(children.flatMap((child) => (Array.isArray(child) ? child : [child])));
    return inner ? `${key} ${inner}` : key;
  });
  return `{ ${parts.join(' ')} }`;
}

const MONEY_FIELDS = new Set(['amount', 'win_amount', 'available_balance', 'reserved_balance']);

/**
 * A REST reply as GraphQL carries it: amounts as decimal strings (Money). And a GraphQL reply without
 * the nulls of fields REST leaves out (a variable's fields of other types).
 */
export function asGraphQL(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => asGraphQL(item));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asGraphQL(v, k)]));
  return MONEY_FIELDS.has(key) && typeof value === 'number' ? String(value) : value;
}

export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  }
  return value;
}

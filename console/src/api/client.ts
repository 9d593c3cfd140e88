import { session } from './session';

export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/** An error of the API: its problem code and detail, and the fields a validation error names. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: readonly FieldProblem[] = [],
  ) {
    super(message);
  }

  /** The message for one field path (`items[1].index`), when the API named it. */
  field(path: string): string | undefined {
    return this.fields.find((problem) => problem.path === path)?.message;
  }
}

interface GraphQLReply<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; errors?: FieldProblem[] } }>;
}

/**
 * One GraphQL operation on /graphql with the session's token. The first error becomes an ApiError
 * (its message is the REST problem's `detail`); UNAUTHORIZED ends the session, which sends the app
 * back to the login page.
 */
export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = session.token();
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const reply = (await response.json().catch(() => ({}))) as GraphQLReply<T>;
  const error = reply.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? 'INTERNAL';
    if (code === 'UNAUTHORIZED' && token) session.expire(error.message);
    throw new ApiError(error.message, code, error.extensions?.errors ?? []);
  }
  if (!reply.data) throw new ApiError(`the server answered ${response.status}`, 'INTERNAL');
  return reply.data;
}

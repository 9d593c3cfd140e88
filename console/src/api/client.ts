import { Client, fetchExchange, type AnyVariables, type CombinedError, type OperationResult } from '@urql/core';
import type { TypedDocumentString } from './generated/graphql';
import { session } from './session';
import { inAdminWords, variableProblem } from '../format/admin-words.js';

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

/**
 * The console's GraphQL client (urql): POST to /graphql with the session's token; a query asked twice
 * at once (two components, a double click) goes out once. No cache exchange: the data change under the
 * console (the engine, REST, other admins), so every page asks the server (hooks.ts).
 */
function newClient(): Client {
  return new Client({
    url: '/graphql',
    preferGetMethod: false,
    exchanges: [fetchExchange],
    fetchOptions: () => {
      const token = session.token();
      return { headers: { accept: 'application/graphql-response+json, application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } };
    },
  });
}

// A client per session: nothing one user's queries had under way is answered to the next.
let current = newClient();
session.subscribe(() => {
  current = newClient();
});

/** The client of the current session. */
export const currentClient = (): Client => current;

/** A result's first error as an ApiError (its message is the REST problem's `detail`). */
export function apiErrorOf(error: CombinedError): ApiError {
  const first = error.graphQLErrors[0];
  if (!first) return new ApiError(error.networkError?.message ?? error.message, 'INTERNAL');
  const extensions = first.extensions as { code?: string; errors?: FieldProblem[] };
  // GraphQL's own refusal of a variable's value names its field in its text: shown at that field.
  const coerced = extensions.errors ? null : variableProblem(first.message);
  if (coerced) return new ApiError(`${coerced.path} ${coerced.message}`, 'INVALID_ARGUMENT', [coerced]);
  const fields = (extensions.errors ?? []).map((problem) => ({ ...problem, message: inAdminWords(problem.message) }));
  return new ApiError(first.message, extensions.code ?? 'INTERNAL', fields);
}

/** What the API says to staff who must enrol in two-factor sign-in first (STAFF_2FA_REQUIRED). */
const MUST_ENROL = /^two-factor sign-in is required for staff/;
const ENROL_PAGE = '/console/two-factor';

/**
 * A refused token (UNAUTHORIZED) ends the session, which sends the app back to the login page; a
 * staff member who must enrol in two-factor sign-in first is sent to its page.
 */
export function endSessionIfRefused(error: ApiError): void {
  if (error.code === 'UNAUTHORIZED' && session.token()) session.expire(error.message);
  if (error.code === 'FORBIDDEN' && MUST_ENROL.test(error.message) && window.location.pathname !== ENROL_PAGE) window.location.assign(ENROL_PAGE);
}

function dataOf<T>(result: OperationResult<T, AnyVariables>): T {
  if (result.error) {
    const error = apiErrorOf(result.error);
    endSessionIfRefused(error);
    throw error;
  }
  if (!result.data) throw new ApiError('the server answered without data', 'INTERNAL');
  return result.data;
}

/**
 * A typed operation: written once inside `graphql(…)` (generated/gql.ts), its result and variables
 * types come from the SDL (`npm run codegen`).
 */
export type Operation<Result, Variables> = TypedDocumentString<Result, Variables>;

/** An operation's variables, optional when it takes none. */
export type VariablesOf<Variables> = Record<string, never> extends Variables ? [variables?: Variables] : [variables: Variables];

/** One operation, run now (a mutation, a query outside a component). */
export async function request<Result, Variables extends AnyVariables>(
  operation: Operation<Result, Variables>,
  ...[variables]: VariablesOf<Variables>
): Promise<Result> {
  const text = operation.toString();
  const given = (variables ?? {}) as Variables;
  const result = /^\s*mutation\b/.test(text)
    ? await current.mutation<Result, Variables>(text, given).toPromise()
    : await current.query<Result, Variables>(text, given, { requestPolicy: 'network-only' }).toPromise();
  return dataOf(result);
}

import { useQuery as useUrqlQuery } from '@urql/preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createRequest, type AnyVariables } from '@urql/core';
import { ApiError, apiErrorOf, endSessionIfRefused, type Operation, type VariablesOf } from './client';
import { session, type Session } from './session';

/** The session, re-rendering when it changes (sign-in, sign-out, a refused token). */
export function useSession(): Session | null {
  const [current, setCurrent] = useState(session.get());
  useEffect(() => session.subscribe(() => setCurrent(session.get())), []);
  return current;
}

export interface QueryState<T> {
  readonly data: T | null;
  readonly error: ApiError | null;
  /** Whether `data` answers the current variables (false while new variables' answer is on its way). */
  readonly current: boolean;
  reload(): void;
}

/**
 * A GraphQL query through urql, run when `variables` change; `reload` asks the network again. The
 * last data stays while a reload runs (pages show "Loading…" only before the first answer).
 */
export function useQuery<T, Variables extends AnyVariables>(operation: Operation<T, Variables>, ...[variables]: VariablesOf<Variables>): QueryState<T> {
  // network-only: a page shows what the server says now (others change the data too: REST, the engine,
  // other admins), never a cached answer first; urql still dedupes a query asked twice at once.
  const query = operation.toString();
  const vars = (variables ?? {}) as Variables;
  const [result, reexecute] = useUrqlQuery<T, Variables>({ query, variables: vars, requestPolicy: 'network-only' });
  // urql moves to new variables in an effect: the render that first has them still holds the previous
  // variables' answer (not fetching), so an answer is current only when it came for these variables.
  const key = createRequest(query, vars).key;
  // The last good answer stays on screen while the next one is on its way, and when a reload fails (a
  // reply with errors carries partial data: the page shows the error beside the last good data).
  const last = useRef<T | null>(null);
  const good = result.data !== undefined && !result.error;
  if (good) last.current = result.data!;
  const error = useMemo(() => (result.error ? apiErrorOf(result.error) : null), [result.error]);
  useEffect(() => {
    if (error) endSessionIfRefused(error);
  }, [error]);
  const reload = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  return { data: last.current, error, current: good && !result.fetching && result.operation?.key === key, reload };
}

/** An action (a mutation, an upload): `run` resolves to its result, or to null with `error` set. */
export function useAction<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async (...args: Args): Promise<Result | null> => {
    setBusy(true);
    setError(null);
    try {
      return await action(...args);
    } catch (thrown) {
      setError(asApiError(thrown));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, clear: () => setError(null) };
}

/** An entity page's problem when the server answered null for the entity it shows. */
export const notFound = (what: string) => new ApiError(`${what} was not found`, 'NOT_FOUND');

export function asApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  return new ApiError(thrown instanceof Error ? thrown.message : 'something went wrong', 'INTERNAL');
}

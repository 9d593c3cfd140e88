import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError, gql } from './client';
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
 * A GraphQL query run when `variables` change (compared as JSON); `reload` runs it again. The last
 * data stays while a reload runs (pages show "Loading…" only before the first answer).
 */
export function useQuery<T>(query: string, variables: Record<string, unknown> = {}): QueryState<T> {
  const key = JSON.stringify(variables);
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; key: string | null }>({ data: null, error: null, key: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    gql<T>(query, JSON.parse(key) as Record<string, unknown>).then(
      (data) => live && setState({ data, error: null, key }),
      (error: unknown) => live && setState((previous) => ({ data: previous.data, error: asApiError(error), key: previous.key })),
    );
    return () => {
      live = false;
    };
  }, [query, key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, current: state.key === key, reload };
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

export function asApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  return new ApiError(thrown instanceof Error ? thrown.message : 'something went wrong', 'INTERNAL');
}

import type { ApiError } from '../api/client';

/** The API's problem `detail` for a failed request (the fields it names show under each field, through Field). */
export function Problem({ error }: { error: ApiError | null }) {
  if (!error) return null;
  return (
    <p class="problem" role="alert" data-code={error.code}>
      {error.message}
    </p>
  );
}

/** A form field with its label and the API's message for its path (SPEC's `errors[].path`). */
export function Field({ label, path, error, children }: { label: string; path: string; error: ApiError | null; children: preact.ComponentChildren }) {
  const message = error?.field(path);
  return (
    <label class={message ? 'invalid' : undefined}>
      {label}
      {children}
      {message && (
        <small class="field-error" data-path={path}>
          {message}
        </small>
      )}
    </label>
  );
}

import { ERROR_SPECS, type ErrorCode, type ErrorSpec } from './error-specs';

/** One violation of a validation rule: `path` names the field (`items[1].index`). */
export interface FieldViolation {
  readonly path: string;
  readonly message: string;
}

export interface AppErrorDetails {
  readonly errors?: readonly FieldViolation[];
  /** Seconds a client should wait (429). */
  readonly retryAfterS?: number;
  readonly [key: string]: unknown;
}

/** The one error type services throw; adapters turn it into their protocol through ERROR_SPECS. */
export class AppError extends Error {
  readonly spec: ErrorSpec;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.spec = ERROR_SPECS[code];
  }

  /** The text a client may see: the message, or only the title for codes that hide internals. */
  get publicMessage(): string {
    return this.spec.exposeMessage ? this.message : this.spec.title;
  }
}

/** Anything thrown that is not an AppError becomes INTERNAL, keeping the original as the cause. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('INTERNAL', message, {}, { cause: error });
}

import { status } from '@grpc/grpc-js';

/** A call's (or a batch item's) failure: the gRPC status code and the server's message. */
export class ReservationError extends Error {
  constructor(
    /** The numeric gRPC status (3 INVALID_ARGUMENT, 5 NOT_FOUND, 14 UNAVAILABLE, ...). */
    readonly code: status,
    /** The server's message (or the client's, for a deadline it enforced). */
    readonly details: string,
    /**
     * The request_id the failed call or item went with (the generated one when none was given): after
     * an error that `isRetryable` calls an unknown outcome, repeat the call with it to learn the outcome.
     * Empty for calls that have none (GetTransaction) and for a batch call failing as a whole (see `requestIds`).
     */
    readonly requestId = '',
    /** A batch call failing as a whole: its items' request_ids, in order. */
    readonly requestIds: readonly string[] = [],
  ) {
    super(`${status[code] ?? code}: ${details}`);
    this.name = 'ReservationError';
  }

  /** The status' name, `NOT_FOUND`. */
  get codeName(): string {
    return status[this.code] ?? String(this.code);
  }

  /** The same failure, naming the request it was for. */
  forRequest(requestId: string): ReservationError {
    return new ReservationError(this.code, this.details, requestId);
  }
}

/** Outcomes the engine could not vouch for: repeating the call with the same request_id is safe (SPEC §1.4). */
export function isRetryable(error: unknown): boolean {
  return error instanceof ReservationError && (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED);
}

/** Any failure as a ReservationError naming its request (an unexpected one as INTERNAL). */
export function failureOf(error: unknown, requestId: string): ReservationError {
  if (error instanceof ReservationError) return error.forRequest(requestId);
  return new ReservationError(status.INTERNAL, error instanceof Error ? error.message : String(error), requestId);
}

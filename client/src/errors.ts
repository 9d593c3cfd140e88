import { status } from '@grpc/grpc-js';

/** A call's (or a batch item's) failure: the gRPC status code and the server's message. */
export class ReservationError extends Error {
  constructor(
    /** The numeric gRPC status (3 INVALID_ARGUMENT, 5 NOT_FOUND, 14 UNAVAILABLE, ...). */
    readonly code: status,
    message: string,
  ) {
    super(`${status[code] ?? code}: ${message}`);
    this.name = 'ReservationError';
  }

  /** The status' name, `NOT_FOUND`. */
  get codeName(): string {
    return status[this.code] ?? String(this.code);
  }
}

/** Outcomes the engine could not vouch for: repeating the call with the same request_id is safe (SPEC §1.4). */
export function isRetryable(error: unknown): boolean {
  return error instanceof ReservationError && (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED);
}

import { status as GrpcStatus } from '@grpc/grpc-js';

/** The problem `code` values of SPEC §2.1: the only ones a client of the HTTP API ever sees. */
export type ProblemCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'module_disabled'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_implemented'
  | 'internal';

export interface ErrorSpec {
  readonly httpStatus: number;
  readonly title: string;
  readonly problemCode: ProblemCode;
  readonly grpcStatus: GrpcStatus;
  /** When false the message stays in the logs and clients get only the title. */
  readonly exposeMessage: boolean;
}

/**
 * One row per error code, read by every adapter: Koa (problem+json), gRPC (status), GraphQL
 * (extensions.code = problemCode upper-cased) and BullMQ (retry unless the error is final).
 */
export const ERROR_SPECS = {
  BAD_REQUEST: spec(400, 'Bad Request', 'bad_request', GrpcStatus.INVALID_ARGUMENT),
  VALIDATION_FAILED: spec(400, 'Bad Request', 'validation_failed', GrpcStatus.INVALID_ARGUMENT),
  INVALID_ARGUMENT: spec(400, 'Bad Request', 'validation_failed', GrpcStatus.INVALID_ARGUMENT),
  UNAUTHENTICATED: spec(401, 'Unauthorized', 'unauthorized', GrpcStatus.UNAUTHENTICATED),
  FORBIDDEN: spec(403, 'Forbidden', 'forbidden', GrpcStatus.PERMISSION_DENIED),
  MODULE_DISABLED: spec(403, 'Forbidden', 'module_disabled', GrpcStatus.PERMISSION_DENIED),
  NOT_FOUND: spec(404, 'Not Found', 'not_found', GrpcStatus.NOT_FOUND),
  METHOD_NOT_ALLOWED: spec(405, 'Method Not Allowed', 'method_not_allowed', GrpcStatus.UNIMPLEMENTED),
  // GraphQL over HTTP only: the Accept header allows neither GraphQL reply type.
  NOT_ACCEPTABLE: spec(406, 'Not Acceptable', 'bad_request', GrpcStatus.INVALID_ARGUMENT),
  CONFLICT: spec(409, 'Conflict', 'conflict', GrpcStatus.ALREADY_EXISTS),
  ALREADY_EXISTS: spec(409, 'Conflict', 'conflict', GrpcStatus.ALREADY_EXISTS),
  FAILED_PRECONDITION: spec(409, 'Conflict', 'conflict', GrpcStatus.FAILED_PRECONDITION),
  PAYLOAD_TOO_LARGE: spec(413, 'Content Too Large', 'payload_too_large', GrpcStatus.RESOURCE_EXHAUSTED),
  UNSUPPORTED_MEDIA_TYPE: spec(415, 'Unsupported Media Type', 'unsupported_media_type', GrpcStatus.INVALID_ARGUMENT),
  RATE_LIMITED: spec(429, 'Too Many Requests', 'rate_limited', GrpcStatus.RESOURCE_EXHAUSTED),
  // §2.1 has no problem code of its own for an outage; the message says what is down.
  UNAVAILABLE: spec(503, 'Service Unavailable', 'internal', GrpcStatus.UNAVAILABLE),
  // Redis refused a write for memory (OOM): nothing moved; the caller may retry once memory is freed.
  RESOURCE_EXHAUSTED: spec(503, 'Service Unavailable', 'internal', GrpcStatus.RESOURCE_EXHAUSTED),
  // gRPC only: a coalesced call's deadline passed while it waited for its batch (nothing applied).
  DEADLINE_EXCEEDED: spec(504, 'Gateway Timeout', 'internal', GrpcStatus.DEADLINE_EXCEEDED),
  NOT_IMPLEMENTED: spec(501, 'Not Implemented', 'not_implemented', GrpcStatus.UNIMPLEMENTED),
  INTERNAL: { ...spec(500, 'Internal Server Error', 'internal', GrpcStatus.INTERNAL), exposeMessage: false },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_SPECS;

function spec(httpStatus: number, title: string, problemCode: ProblemCode, grpcStatus: GrpcStatus): ErrorSpec {
  return { httpStatus, title, problemCode, grpcStatus, exposeMessage: true };
}

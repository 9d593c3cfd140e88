import { status as GrpcStatus } from '@grpc/grpc-js';
import test from 'ava';
import { AppError, ERROR_SPECS, toAppError, type ErrorCode, type ProblemCode } from '../../src/errors';

const SPEC_PROBLEM_CODES: string[] = [
  'bad_request', 'validation_failed', 'unauthorized', 'forbidden', 'module_disabled', 'not_found',
  'method_not_allowed', 'conflict', 'payload_too_large', 'unsupported_media_type', 'rate_limited',
  'not_implemented', 'internal',
];

test('every code maps to an HTTP status, a problem code of SPEC §2.1 and a gRPC status', (t) => {
  for (const [code, spec] of Object.entries(ERROR_SPECS)) {
    t.true(spec.httpStatus >= 400 && spec.httpStatus <= 599, code);
    t.true(SPEC_PROBLEM_CODES.includes(spec.problemCode), `${code} → ${spec.problemCode}`);
    t.true(Object.values(GrpcStatus).includes(spec.grpcStatus), code);
    t.truthy(spec.title, code);
  }
});

test('every problem code of SPEC §2.1 is reachable from some error code', (t) => {
  const reachable = new Set(Object.values(ERROR_SPECS).map((spec) => spec.problemCode));
  t.deepEqual([...reachable].sort(), [...SPEC_PROBLEM_CODES].sort());
});

const expected: Array<[ErrorCode, number, ProblemCode, GrpcStatus]> = [
  ['VALIDATION_FAILED', 400, 'validation_failed', GrpcStatus.INVALID_ARGUMENT],
  ['INVALID_ARGUMENT', 400, 'validation_failed', GrpcStatus.INVALID_ARGUMENT],
  ['UNAUTHENTICATED', 401, 'unauthorized', GrpcStatus.UNAUTHENTICATED],
  ['FORBIDDEN', 403, 'forbidden', GrpcStatus.PERMISSION_DENIED],
  ['MODULE_DISABLED', 403, 'module_disabled', GrpcStatus.PERMISSION_DENIED],
  ['NOT_FOUND', 404, 'not_found', GrpcStatus.NOT_FOUND],
  ['METHOD_NOT_ALLOWED', 405, 'method_not_allowed', GrpcStatus.UNIMPLEMENTED],
  ['NOT_IMPLEMENTED', 501, 'not_implemented', GrpcStatus.UNIMPLEMENTED],
  ['CONFLICT', 409, 'conflict', GrpcStatus.ALREADY_EXISTS],
  ['ALREADY_EXISTS', 409, 'conflict', GrpcStatus.ALREADY_EXISTS],
  ['FAILED_PRECONDITION', 409, 'conflict', GrpcStatus.FAILED_PRECONDITION],
  ['PAYLOAD_TOO_LARGE', 413, 'payload_too_large', GrpcStatus.RESOURCE_EXHAUSTED],
  ['UNSUPPORTED_MEDIA_TYPE', 415, 'unsupported_media_type', GrpcStatus.INVALID_ARGUMENT],
  ['RATE_LIMITED', 429, 'rate_limited', GrpcStatus.RESOURCE_EXHAUSTED],
  ['UNAVAILABLE', 503, 'internal', GrpcStatus.UNAVAILABLE],
  ['RESOURCE_EXHAUSTED', 503, 'internal', GrpcStatus.RESOURCE_EXHAUSTED],
  ['INTERNAL', 500, 'internal', GrpcStatus.INTERNAL],
];

for (const [code, http, problem, grpc] of expected) {
  test(`${code} is HTTP ${http} "${problem}" and gRPC ${GrpcStatus[grpc]}`, (t) => {
    const error = new AppError(code, 'something specific');
    t.is(error.spec.httpStatus, http);
    t.is(error.spec.problemCode, problem);
    t.is(error.spec.grpcStatus, grpc);
  });
}

test('client-facing codes show their message; INTERNAL shows only its title', (t) => {
  t.is(new AppError('NOT_FOUND', 'game 42 not found').publicMessage, 'game 42 not found');
  t.is(new AppError('INTERNAL', "ER_PARSE_ERROR near 'SELECT'").publicMessage, 'Internal Server Error');
});

test('toAppError keeps an AppError and wraps anything else as INTERNAL with its cause', (t) => {
  const known = new AppError('CONFLICT', 'slug taken');
  t.is(toAppError(known), known);
  const cause = new Error('socket hang up');
  const wrapped = toAppError(cause);
  t.is(wrapped.code, 'INTERNAL');
  t.is(wrapped.cause, cause);
  t.is(toAppError('plain string').code, 'INTERNAL');
});

test('details carry the field violations', (t) => {
  const error = new AppError('VALIDATION_FAILED', 'invalid body', {
    errors: [{ path: 'items[1].index', message: 'must be >= 0' }],
  });
  t.deepEqual(error.details.errors, [{ path: 'items[1].index', message: 'must be >= 0' }]);
});

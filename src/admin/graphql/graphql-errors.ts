import { GraphQLError } from 'graphql';
import { translateMysqlError } from '../../db/mysql-errors';
import { AppError, toAppError, type ErrorCode } from '../../errors';

/** `extensions.code` of SPEC §2.9: the REST problem code of the one error table, upper-cased. */
export const graphqlCode = (error: AppError) => error.spec.problemCode.toUpperCase();

/**
 * The AppError behind a resolver's error, or null for GraphQL's own errors (syntax, unknown fields,
 * wrong input types, the depth and cost limits), which are the request's fault: BAD_REQUEST.
 */
export function appErrorOf(error: GraphQLError | Error): AppError | null {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  if (!original || original instanceof GraphQLError) return null;
  return toAppError(translateMysqlError(original));
}

/**
 * Every error of a reply, REST's way: the problem code, the public message (an internal error never
 * shows its own), the field violations of a VALIDATION_FAILED with REST's paths, and Retry-After's
 * seconds of a RATE_LIMITED.
 */
export function formatGraphQLError(error: GraphQLError | Error): GraphQLError {
  const graphqlError = error instanceof GraphQLError ? error : new GraphQLError(error.message);
  const appError = appErrorOf(error);
  const extensions = appError
    ? {
        code: graphqlCode(appError),
        ...(appError.details.errors ? { errors: appError.details.errors } : {}),
        ...(appError.details.retryAfterS !== undefined ? { retry_after_s: appError.details.retryAfterS } : {}),
      }
    : { code: 'BAD_REQUEST', ...graphqlError.extensions };
  return new GraphQLError(appError ? appError.publicMessage : graphqlError.message, {
    nodes: graphqlError.nodes,
    source: graphqlError.source,
    positions: graphqlError.positions,
    path: graphqlError.path,
    extensions,
  });
}

/** A whole reply of one error: a transport-level refusal (method, media type, size) in GraphQL's shape. */
export function errorReply(code: ErrorCode, message: string): { status: number; body: string } {
  const error = new AppError(code, message);
  return { status: error.spec.httpStatus, body: JSON.stringify({ errors: [{ message: error.publicMessage, extensions: { code: graphqlCode(error) } }] }) };
}

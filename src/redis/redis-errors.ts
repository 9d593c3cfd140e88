import { ReplyError } from 'ioredis';
import { AppError } from '../errors';

/** Server replies that mean "not now" rather than "wrong": a retry elsewhere or later may succeed. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|NOREPLICAS)/;

/**
 * Driver errors become AppErrors: an unreachable, timing-out or recovering Redis is UNAVAILABLE (the
 * caller may retry); an error reply from a script is a bug, INTERNAL (its text stays in the logs).
 */
export function translateRedisError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ReplyError && !TRANSIENT_REPLY.test(message)) {
    return new AppError('INTERNAL', `redis script failed: ${message}`, {}, { cause: error });
  }
  return new AppError('UNAVAILABLE', `redis is unavailable: ${message}`, {}, { cause: error });
}

/** Runs a Redis call, turning whatever the driver throws into an AppError (see above). */
export async function withRedisErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateRedisError(error);
  }
}

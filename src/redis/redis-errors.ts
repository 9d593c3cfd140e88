import { ReplyError } from 'ioredis';
import { AppError } from '../errors';

/**
 * Server replies that mean "not now" rather than "wrong": a retry elsewhere or later may succeed. A
 * cluster redirection (MOVED, ASK) that reaches us, one ioredis did not follow (inside an
 * auto-pipelined batch, say), is one of them: the slot moved, the command did not run (SPEC §1.6).
 */
const TRANSIENT_REPLY = /^(LOADING|BUSY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|NOREPLICAS|MOVED|ASK) /;
/** Redis refuses writes past maxmemory; inside a script the reply names the script after it. */
const OUT_OF_MEMORY = /^OOM |\bOOM command not allowed/;

/**
 * Driver errors become AppErrors: an unreachable, timing-out or recovering Redis is UNAVAILABLE (the
 * caller may retry); a write refused for memory is RESOURCE_EXHAUSTED (the scripts check before their
 * first write, so nothing moved); any other error reply from a script is a bug, INTERNAL (its text
 * stays in the logs).
 */
export function translateRedisError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ReplyError && OUT_OF_MEMORY.test(message)) {
    return new AppError('RESOURCE_EXHAUSTED', 'redis is out of memory (maxmemory): nothing was changed', {}, { cause: error });
  }
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

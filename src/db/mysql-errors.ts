import { AppError } from '../errors';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'PROTOCOL_CONNECTION_LOST', 'ETIMEDOUT', 'EPIPE', 'ER_CON_COUNT_ERROR']);

export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: string })?.code === 'ER_DUP_ENTRY';
}

/**
 * A write whose unique-key violation is a 409 with `conflict`'s message: repositories name their own
 * conflicts (ARCHITECTURE rule 4), so no service reads a MySQL error code.
 */
export async function conflictOnDuplicate<T>(write: PromiseLike<T>, conflict: () => string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isDuplicateKey(error)) throw new AppError('CONFLICT', conflict(), {}, { cause: error });
    throw error;
  }
}

/** A delete refused because another table still refers to the row: a 409 with `conflict`'s message. */
export async function conflictOnReferenced<T>(write: PromiseLike<T>, conflict: () => string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isStillReferenced(error)) throw new AppError('CONFLICT', conflict(), {}, { cause: error });
    throw error;
  }
}

/** A row another table still refers to (ON DELETE RESTRICT). */
export function isStillReferenced(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_ROW_IS_REFERENCED';
}

/** A unique-key violation becomes the given 409; a lost connection UNAVAILABLE; anything else stays as is. */
export function translateMysqlError(error: unknown, conflictMessage?: string): unknown {
  if (isDuplicateKey(error) && conflictMessage) return new AppError('CONFLICT', conflictMessage, {}, { cause: error });
  const code = (error as { code?: string })?.code;
  if (code && CONNECTION_CODES.has(code)) return new AppError('UNAVAILABLE', 'the database is unavailable', {}, { cause: error });
  if (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT') {
    return new AppError('UNAVAILABLE', 'the database is busy with a conflicting change; try again', {}, { cause: error });
  }
  if (error instanceof Error && /Knex: Timeout acquiring a connection/.test(error.message)) {
    return new AppError('UNAVAILABLE', 'the database is unavailable', {}, { cause: error });
  }
  return error;
}

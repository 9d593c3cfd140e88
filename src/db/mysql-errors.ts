import { AppError } from '../errors';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'PROTOCOL_CONNECTION_LOST', 'ETIMEDOUT', 'EPIPE', 'ER_CON_COUNT_ERROR']);

export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: string })?.code === 'ER_DUP_ENTRY';
}

/** The body field a duplicate value was given in: a name, or read from the MySQL error (which unique key). */
export type DuplicateField = string | ((error: unknown) => string);

/** A write whose MySQL error of one kind is a 409 with `conflict`'s message (naming `field`, when given); any other error stays as it is. */
async function conflictWhen<T>(matches: (error: unknown) => boolean, write: PromiseLike<T>, conflict: () => string, field?: DuplicateField): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!matches(error)) throw error;
    const message = conflict();
    const path = typeof field === 'function' ? field(error) : field;
    throw new AppError('CONFLICT', message, path ? { errors: [{ path, message: 'is already taken' }] } : {}, { cause: error });
  }
}

/**
 * A write whose unique-key violation is a 409 with `conflict`'s message, naming the body `field` that
 * holds the taken value (SPEC §2.1: a 409 for a duplicate names its field as a validation error does):
 * repositories name their own conflicts (ARCHITECTURE rule 4), so no service reads a MySQL error code.
 */
export const conflictOnDuplicate = <T>(write: PromiseLike<T>, conflict: () => string, field: DuplicateField): Promise<T> =>
  conflictWhen(isDuplicateKey, write, conflict, field);

/** The unique key a duplicate-entry error names (`users_email_unique`), or ''. */
export function duplicateKeyOf(error: unknown): string {
  const message = (error as { sqlMessage?: string })?.sqlMessage ?? '';
  return /for key '(?:[^'.]*\.)?([^']+)'/.exec(message)?.[1] ?? '';
}

/** A delete refused because another table still refers to the row: a 409 with `conflict`'s message. */
export const conflictOnReferenced = <T>(write: PromiseLike<T>, conflict: () => string): Promise<T> => conflictWhen(isStillReferenced, write, conflict);

/** A row another table still refers to (ON DELETE RESTRICT). */
export function isStillReferenced(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_ROW_IS_REFERENCED';
}

/**
 * At a transport's error boundary: a lost connection or a deadlock becomes UNAVAILABLE (it can come from
 * any statement, a pool's acquire included); anything else stays as is (repositories name their 409s).
 */
export function translateMysqlError(error: unknown): unknown {
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

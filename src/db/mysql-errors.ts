import { AppError } from '../errors';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'PROTOCOL_CONNECTION_LOST', 'ETIMEDOUT', 'EPIPE', 'ER_CON_COUNT_ERROR']);

export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: string })?.code === 'ER_DUP_ENTRY';
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

import pino from 'pino';

interface DatabaseError extends Error {
  code?: string;
  errno?: number;
  sqlState?: string;
  sql?: string;
  sqlMessage?: string;
}

function isDatabaseError(error: unknown): error is DatabaseError {
  const e = error as DatabaseError | null;
  return !!e && (typeof e.sqlState === 'string' || typeof e.sql === 'string' || typeof e.sqlMessage === 'string');
}

function chain(error: Error): Error[] {
  const errors: Error[] = [];
  for (let e: unknown = error; e instanceof Error && errors.length < 10; e = e.cause) errors.push(e);
  return errors;
}

/**
 * pino's error serializer, except for database errors anywhere in the cause chain: knex puts the SQL
 * statement with its values into the message (a password hash, an email, an invite code), and MySQL's
 * own message quotes values too ("Duplicate entry '…'"). Those errors are logged by their codes and
 * stack frames only (SPEC §2.1: logs never hold a password, a hash, a token or an invite code).
 */
export function safeErrorSerializer(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const database = chain(error).find(isDatabaseError);
  if (!database) return pino.stdSerializers.err(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.name,
    message: `database error ${database.code ?? 'unknown'} (statement and values withheld from logs)`,
    code: database.code,
    errno: database.errno,
    sqlState: database.sqlState,
    stack: frames.join('\n'),
  };
}

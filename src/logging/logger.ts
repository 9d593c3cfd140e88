import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config';
import { safeErrorSerializer } from './safe-error';

export type { Logger };

/**
 * JSON logs on stdout (or `destination`); `role` and request ids are added as child bindings by the
 * adapters. Secrets stay out: passwords and authorization headers are redacted, and database errors
 * lose their SQL (see safe-error.ts).
 */
export function createLogger(level: LogLevel, bindings: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid, ...bindings },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: safeErrorSerializer },
      redact: {
        paths: ['req.headers.authorization', 'password', '*.password', 'password_hash', '*.password_hash', 'token', '*.token'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

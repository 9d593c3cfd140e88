import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config';

export type { Logger };

/** JSON logs on stdout; `role` and request ids are added as child bindings by the adapters. */
export function createLogger(level: LogLevel, bindings: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...bindings },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.authorization', 'password', '*.password'], censor: '[redacted]' },
  });
}

import { format } from 'mysql2';

/**
 * A statement with its bindings written in as literals, escaped by mysql2's own rules (dates in UTC,
 * as the pool reads them). For the sync's multi-row statements: passed to `raw` without bindings, it
 * skips knex's placeholder rewriting, which cost more than MySQL did for a 500-row insert.
 */
export function inlineSql(sql: string, bindings: readonly unknown[]): string {
  return format(sql, bindings as Parameters<typeof format>[1], false, 'Z');
}

/**
 * `INSERT … ON DUPLICATE KEY UPDATE` without `VALUES(col)` (deprecated since MySQL 8.0.20) and without
 * the row alias that replaces it (`VALUES (…) AS new`, which MariaDB lacks). The rows come from a
 * derived table named `incoming`, so the update clause reads the new value as `incoming.col` on both
 * servers. Stored values must be named with their table (`t.col`): a bare name would be ambiguous.
 */
export const INCOMING = 'incoming';

/** `INSERT INTO t (cols) SELECT * FROM (SELECT ? AS c1, … UNION ALL SELECT ?, …) AS incoming`, and its bindings. */
export function insertFromIncoming(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): [string, unknown[]] {
  if (rows.length === 0) throw new Error('insertFromIncoming needs at least one row');
  const first = `SELECT ${columns.map((column) => `? AS ${column}`).join(', ')}`;
  const next = ` UNION ALL SELECT ${columns.map(() => '?').join(', ')}`;
  const selects = first + next.repeat(rows.length - 1);
  return [`INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM (${selects}) AS ${INCOMING}`, rows.flat()];
}

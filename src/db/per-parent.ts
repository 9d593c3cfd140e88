import type { Knex } from 'knex';

/**
 * The rows of several parents (a page of each game's variables, the top of each leaderboard) in one
 * statement: each parent's part is built, ordered and limited on its own, so it keeps its index range
 * scan, and the parts are joined by `UNION ALL` and ordered outside by `order` (result column names:
 * the parent's column first). One parent is its part alone, the same statement as before batching.
 */
export async function rowsPerParent<Row>(
  db: Knex,
  parentIds: readonly number[],
  part: (parentId: number) => Knex.QueryBuilder,
  order: readonly string[],
): Promise<Row[]> {
  const ids = [...new Set(parentIds)];
  if (ids.length === 0) return [];
  if (ids.length === 1) return (await part(ids[0]!)) as Row[];
  const parts = ids.map((id) => part(id).toSQL().toNative());
  const sql = `${parts.map((p) => `(${p.sql})`).join(' UNION ALL ')} ORDER BY ${order.map((column) => db.raw('??', [column]).toQuery()).join(', ')}`;
  const [rows] = (await db.raw(sql, parts.flatMap((p) => p.bindings))) as unknown as [Row[]];
  return rows;
}

/** Each parent's rows mapped one by one (to their public shape). */
export function mapPerParent<Row, Out>(byParent: Map<number, Row[]>, map: (row: Row) => Out): Map<number, Out[]> {
  return new Map([...byParent].map(([parentId, rows]) => [parentId, rows.map(map)]));
}

/** Rows grouped by their parent, in the order given; every parent asked for has a list, maybe empty. */
export function groupByParent<Row, Key extends keyof Row>(parentIds: readonly number[], rows: readonly Row[], key: Key): Map<number, Row[]> {
  const byParent = new Map<number, Row[]>(parentIds.map((id) => [id, []]));
  for (const row of rows) byParent.get(row[key] as number)?.push(row);
  return byParent;
}

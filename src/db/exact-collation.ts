import type { Knex } from 'knex';

/**
 * The collation for columns that hold ids, codes, currencies and canonical emails: binary and NO PAD,
 * so MySQL compares them byte for byte as Redis does (`utf8mb4_bin` still ignores trailing spaces).
 * `utf8mb4_0900_bin` on MySQL 8, `utf8mb4_nopad_bin` on MariaDB; `utf8mb4_bin` where neither exists.
 */
export async function exactCollation(knex: Knex): Promise<string> {
  const [rows] = (await knex.raw("SHOW COLLATION WHERE Collation IN ('utf8mb4_0900_bin', 'utf8mb4_nopad_bin')")) as [
    Array<{ Collation: string }>,
  ];
  const names = rows.map((row) => row.Collation);
  if (names.includes('utf8mb4_0900_bin')) return 'utf8mb4_0900_bin';
  return names.includes('utf8mb4_nopad_bin') ? 'utf8mb4_nopad_bin' : 'utf8mb4_bin';
}

import { randomBytes } from 'node:crypto';
import { createKnex, type Knex } from '../../src/db/knex-factory';
import { runMigrations } from '../../src/db/migrations';
import { testConfig } from './test-config';

export interface TestDatabase {
  readonly name: string;
  /** MYSQL_URL pointing at this database. */
  readonly url: string;
  readonly db: Knex;
  drop(): Promise<void>;
}

/** A database of its own for one test file, optionally migrated; drop() removes it. */
export async function createTestDatabase(options: { migrate?: boolean; serverUrl?: string } = {}): Promise<TestDatabase> {
  const serverUrl = new URL(options.serverUrl ?? testConfig().mysql.url);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = createKnex(serverUrl.toString(), { min: 0, max: 1 });
  await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  await admin.destroy();
  serverUrl.pathname = `/${name}`;
  const url = serverUrl.toString();
  const db = createKnex(url, { min: 0, max: 5 });
  if (options.migrate) await runMigrations(db);
  return {
    name,
    url,
    db,
    drop: async () => {
      // MariaDB may fail a DROP with "can't rmdir … Directory not empty" (errno 1010) while files of
      // the database are still being removed under a loaded suite: it is retried for a few seconds,
      // and if the folder still will not go, the test (whose checks are done) is not failed for its
      // cleanup: the database is left, named in a warning, in the git-ignored data folder.
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await db.raw('DROP DATABASE IF EXISTS ??', [name]);
            break;
          } catch (error) {
            if ((error as { errno?: number }).errno !== 1010) throw error;
            if (attempt === 8) {
              console.warn(`test database ${name} left behind: MariaDB could not remove its folder (errno 1010)`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
          }
        }
      } finally {
        await db.destroy();
      }
    },
  };
}

/**
 * How many statements on this database wait for a row lock now: locking reads, row changes and
 * procedure calls that have run for 100 ms or more (on a test's small database such a statement takes
 * that long only while it waits). Read from MariaDB's PROCESSLIST, which is live: INNODB_TRX is a
 * server-wide cache refreshed only after 100 ms without a read, so tests polling it at once could keep
 * it stale for ever.
 */
export async function lockWaits(db: Knex, databaseName: string): Promise<number> {
  const [rows] = await db.raw(
    `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND = 'Query' AND ID <> CONNECTION_ID() AND TIME_MS >= 100
       AND (INFO LIKE '%for update%' OR INFO LIKE '%lock in share mode%' OR INFO LIKE 'call %' OR INFO LIKE 'insert %' OR INFO LIKE 'update %' OR INFO LIKE 'delete %')`,
    [databaseName],
  );
  return Number(rows[0].n);
}

import path from 'node:path';
import type { Knex } from 'knex';

/**
 * Migrations live in `<root>/migrations`. From `src/db` (tsx) they are `.ts`; from the compiled image
 * (`dist/src/db`) they are `dist/migrations/*.js`. The extension of this very file tells which.
 */
export const migrationConfig: Knex.MigratorConfig = {
  directory: path.resolve(__dirname, '../../migrations'),
  loadExtensions: [path.extname(__filename)],
  tableName: 'knex_migrations',
};

export async function runMigrations(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}

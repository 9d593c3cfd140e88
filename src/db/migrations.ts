import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';

/** `<root>/migrations`: `.ts` beside the sources (tsx), `.js` in the compiled `dist/migrations`. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');
/** The extension of this very file tells which kind this process loads. */
const EXTENSION = path.extname(__filename);
const TABLE = 'knex_migrations';

interface MigrationFile {
  /** The file name without its extension: what the database records. */
  readonly name: string;
  readonly file: string;
}

/** The names of the migrations in `dir`, in order, without extension. */
export function migrationNames(dir = MIGRATIONS_DIR, extension = EXTENSION): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(extension) && !file.endsWith(`.d${extension}`))
    .map((file) => file.slice(0, -extension.length))
    .sort();
}

/**
 * Migrations are recorded by name without extension, so a database migrated from the sources (tsx,
 * `.ts`) is the same database to the compiled runtime (`.js`) and the other way round.
 */
const extensionFreeSource: Knex.MigrationSource<MigrationFile> = {
  getMigrations: async () => migrationNames().map((name) => ({ name, file: path.join(MIGRATIONS_DIR, `${name}${EXTENSION}`) })),
  getMigrationName: (migration) => migration.name,
  // As knex's own file source loads them: require, which tsx serves for `.ts` and node for `.js`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  getMigration: async (migration) => require(migration.file) as Knex.Migration,
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource: extensionFreeSource, tableName: TABLE };

export async function runMigrations(db: Knex): Promise<string[]> {
  await dropRecordedExtensions(db);
  const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}

/**
 * Databases migrated before names were recorded without extension hold `<name>.ts` (or `.js`):
 * renamed once to `<name>`. Idempotent; nothing to do on a new database.
 */
async function dropRecordedExtensions(db: Knex): Promise<void> {
  if (!(await db.schema.hasTable(TABLE))) return;
  await db(TABLE)
    .where('name', 'like', '%.ts')
    .orWhere('name', 'like', '%.js')
    .update({ name: db.raw('LEFT(name, CHAR_LENGTH(name) - 3)') });
}

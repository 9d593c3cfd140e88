import test from 'ava';
import { migrateAndSeed } from '../../src/bin/migrate-command';
import { migrationNames, runMigrations } from '../../src/db/migrations';
import { SEED_LANGUAGES, SEED_MODULES } from '../../src/db/seed';
import { createLogger } from '../../src/logging/logger';
import { createTestDatabase } from '../helpers/mysql';
import { testConfig } from '../helpers/test-config';

test('migrate applies the migrations and seeds modules and languages, and a second run changes nothing', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const config = testConfig({ MYSQL_URL: database.url, REDIS_KEY_PREFIX: `migrate-test:${database.name}:` });
  const logger = createLogger('silent');

  await migrateAndSeed(config, logger);
  await database.db('languages').where({ code: 'ru' }).update({ name: 'Russian (edited)' });
  await migrateAndSeed(config, logger);

  const modules = await database.db('modules').select('key', 'name').orderBy('id');
  t.deepEqual(modules, SEED_MODULES.map((row) => ({ ...row })));
  const languages = await database.db('languages').select('code', 'name').orderBy('id');
  t.deepEqual(languages, [
    { code: 'en', name: 'English' },
    { code: 'ru', name: 'Russian (edited)' },
  ]);
  t.is(SEED_LANGUAGES[1].name, 'Русский');
  const applied = await database.db('knex_migrations').select('name').orderBy('id');
  t.deepEqual(applied.map((row) => row.name), migrationNames());
  t.true(migrationNames().length >= 5);
  t.false(migrationNames().some((name) => name.includes('.')));
});

// Databases migrated before names were recorded without extension hold `<name>.ts` (from the sources)
// or `<name>.js` (from the image); either is accepted and renamed, and nothing runs twice.
for (const extension of ['.ts', '.js']) {
  test(`a database whose migrations were recorded as <name>${extension} is accepted and renamed`, async (t) => {
    const database = await createTestDatabase({ migrate: true });
    t.teardown(() => database.drop());
    const rows = await database.db('knex_migrations').select('id', 'name').orderBy('id');
    for (const row of rows) await database.db('knex_migrations').where({ id: row.id }).update({ name: `${row.name}${extension}` });

    t.deepEqual(await runMigrations(database.db), []);
    const renamed = await database.db('knex_migrations').select('id', 'name').orderBy('id');
    t.deepEqual(renamed, rows);
  });
}

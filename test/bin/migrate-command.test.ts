import { readdirSync } from 'node:fs';
import test from 'ava';
import { migrateAndSeed } from '../../src/bin/migrate-command';
import { migrationConfig } from '../../src/db/migrations';
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
  t.deepEqual(applied.map((row) => row.name), readdirSync(migrationConfig.directory as string).sort());
});

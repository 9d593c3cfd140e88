import type { Config } from '../config';
import { createFirstAdminService } from '../admin/users/first-admin';
import { createKnex } from '../db/knex-factory';
import { runMigrations } from '../db/migrations';
import { runSeeds } from '../db/seed';
import type { Logger } from '../logging/logger';
import { upgradeRedisLayout } from '../redis/layout-upgrade';
import { operatorAdminStore, operatorRedis } from './operator-redis';

/** Applies pending migrations, then the seed rows, then brings Redis' records to today's layout; all safe to repeat. */
export async function migrateAndSeed(config: Config, logger: Logger): Promise<void> {
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  try {
    const applied = await runMigrations(db);
    logger.info({ applied }, applied.length ? `applied ${applied.length} migration(s)` : 'migrations up to date');
    await runSeeds(db);
    logger.info('seed data in place');
  } finally {
    await db.destroy();
  }
  await migrateRedis(config, logger);
}

/** Redis' half of migrate: its records in the layout the roles read (on an empty Redis, only the marker). */
export async function migrateRedis(config: Config, logger: Logger): Promise<void> {
  const redis = operatorRedis(config);
  try {
    await upgradeRedisLayout(redis, config.engine.idempotencyTtlS, logger);
  } finally {
    redis.disconnect();
  }
}

/** `create-admin`: the admin of ADMIN_EMAIL / ADMIN_PASSWORD, created or promoted. */
export async function createAdminCommand(config: Config): Promise<void> {
  if (!config.admin) throw new Error('set ADMIN_EMAIL and ADMIN_PASSWORD first');
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  const admin = operatorAdminStore(config, db);
  try {
    console.log(`admin ${config.admin.email}: ${await createFirstAdminService(admin.store).createOrPromote(config.admin)}`);
  } finally {
    await admin.close();
    await db.destroy();
  }
}

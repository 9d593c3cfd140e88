import { randomBytes } from 'node:crypto';
import { createKnex, type Knex } from '../../src/db/knex-factory';
import { runMigrations } from '../../src/db/migrations';
import { runSeeds } from '../../src/db/seed';
import { deleteMatching } from '../../src/redis/key-scan';
import { createRedisClient } from '../../src/redis/redis-client';

export interface BenchDatabase {
  /** The MySQL URL of the bench's own database. */
  readonly url: string;
  readonly db: Knex;
  /** A Redis key prefix of the bench's own. */
  readonly prefix: string;
  /** Drops the database and deletes the prefix's keys. */
  drop(): Promise<void>;
}

/**
 * A migrated, seeded database of its own on the configured MySQL server (`<name>_<random>`), and a
 * Redis key prefix of its own: a benchmark touches nothing of the service's data.
 */
export async function createBenchDatabase(mysqlUrl: string, redisUrl: string, name: string, pool = 2): Promise<BenchDatabase> {
  const tag = randomBytes(4).toString('hex');
  const server = new URL(mysqlUrl);
  const admin = createKnex(server.toString(), { min: 0, max: 1 });
  const database = `${name.replace(/\W/g, '_')}_${tag}`;
  await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [database]);
  await admin.destroy();
  server.pathname = `/${database}`;
  const db = createKnex(server.toString(), { min: 0, max: pool });
  const prefix = `${name}:${tag}:`;
  const drop = async () => {
    await db.raw('DROP DATABASE IF EXISTS ??', [database]).catch(() => undefined);
    await db.destroy();
    const redis = createRedisClient({ url: redisUrl, role: 'cli' });
    await deleteMatching(redis, `${prefix}*`).catch(() => undefined);
    redis.disconnect();
  };
  try {
    await runMigrations(db);
    await runSeeds(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: server.toString(), db, prefix, drop };
}

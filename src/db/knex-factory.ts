import knex, { type Knex } from 'knex';

export type { Knex };

/**
 * MySQL/MariaDB through mysql2. Dates come back as JS Dates in UTC; BIGINT columns come back as
 * strings when they pass 2^53 (they never do for money, which is bounded by SPEC) and as numbers below.
 */
export function knexConfig(mysqlUrl: string, pool: { min: number; max: number } = { min: 0, max: 10 }): Knex.Config {
  const url = new URL(mysqlUrl);
  return {
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1) || undefined,
      timezone: 'Z',
      dateStrings: false,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
      connectTimeout: 5000,
    },
    pool: { ...pool, propagateCreateError: false },
    acquireConnectionTimeout: 10000,
  };
}

export function createKnex(mysqlUrl: string, pool?: { min: number; max: number }): Knex {
  return knex(knexConfig(mysqlUrl, pool));
}

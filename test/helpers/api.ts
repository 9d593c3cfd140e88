import { mkdtempSync, rmSync } from 'node:fs';
import type { TestFn } from 'ava';
import os from 'node:os';
import path from 'node:path';
import { createAdminServices, type AdminServices } from '../../src/admin/admin-services';
import { createAdminStore, type AdminStore } from '../../src/admin/admin-store';
import { hashPassword } from '../../src/admin/auth/password-hasher';
import type { Role } from '../../src/admin/auth/token-service';
import { createHttpApp } from '../../src/admin/http-app';
import { startHttpRole } from '../../src/admin/http-role';
import { insertUser } from '../../src/admin/users/users-repository';
import type { Config } from '../../src/config';
import { runSeeds } from '../../src/db/seed';
import type { RedisLike } from '../../src/redis/script-registry';
import { createLogger } from '../../src/logging/logger';
import { createTransactionArchive } from '../../src/sync/transaction-archive';
import { enabledCurrencyCodes } from '../../src/admin/currencies/currencies-reads';
import { createCurrencyGate } from '../../src/wallet/currency-gate';
import { createEngine, type Engine } from './engine';
import { createTestDatabase, type TestDatabase } from './mysql';
import { assertDocumentedReply } from './openapi-check';
import { createTestRedis, type TestRedis } from './redis';
import { testConfig } from './test-config';

export const PASSWORD = 'correct horse battery';
let sharedHash: Promise<string> | null = null;

export interface ApiReply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any shape, checked by each test
}

export interface TestApi {
  readonly base: string;
  readonly config: Config;
  readonly database: TestDatabase;
  readonly redis: TestRedis;
  readonly engine: Engine;
  readonly services: AdminServices;
  /** Every log line the app wrote (JSON), at level info and above. */
  readonly logs: string[];
  /** Fixture users by role, each with a valid token. */
  readonly users: Record<'admin' | 'moderator' | 'user' | 'other', { id: number; token: string; email: string; role: Role }>;
  request(method: string, url: string, options?: { token?: string; body?: unknown; raw?: string | Buffer | FormData; headers?: Record<string, string> }): Promise<ApiReply>;
  createUser(role: Role, name: string): Promise<{ id: number; token: string; email: string; role: Role }>;
  /** A store of its own over this API's database and Redis, as a worker or an operator command builds one (made on first use). */
  workerStore(): AdminStore['store'];
  close(): Promise<void>;
}

/** The real Koa app on a port of its own, over a migrated, seeded database and a Redis key prefix. */
export async function createTestApi(env: Record<string, string> = {}, options: { clock?: () => number; adminRedis?: RedisLike; engineClock?: () => number; cacheClock?: () => number } = {}): Promise<TestApi> {
  const database = await createTestDatabase({ migrate: true });
  await runSeeds(database.db);
  const redis = await createTestRedis('http');
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  const config = testConfig({ REDIS_KEY_PREFIX: redis.prefix, UPLOAD_DIR: uploadDir, MYSQL_URL: database.url, ...env });
  // One process here: a change refreshes its gate at once, so no timer reads (statement counts stay exact).
  const currencies = createCurrencyGate(() => enabledCurrencyCodes(database.db), { refreshMs: 3_600_000 });
  await currencies.refresh();
  const engine = createEngine(redis.redis, { archive: createTransactionArchive(database.db), currencies, limitRaiseDelayS: config.engine.limitRaiseDelayS, ...(options.engineClock ? { clock: options.engineClock } : {}) });
  const services = createAdminServices({ db: database.db, redis: redis.redis, adminRedis: options.adminRedis, wallet: engine.wallet, config, clock: options.clock, cacheClock: options.cacheClock });
  await services.caches.ready();
  const logs: string[] = [];
  const logger = createLogger('info', {}, { write: (line: string) => logs.push(line) });
  const app = createHttpApp({
    logger, probes: [], services, corsOrigins: config.http.corsOrigins, trustedProxies: config.http.trustedProxies, graphqlIntrospection: config.http.graphqlIntrospection,
  });
  const role = await startHttpRole(app, '127.0.0.1', 0);
  const base = `http://${role.address}`;
  sharedHash ??= hashPassword(PASSWORD);

  const createUser = async (role: Role, name: string) => {
    const email = `${name}@example.com`;
    const id = await insertUser(database.db, { email, username: name, password_hash: await sharedHash!, role });
    return { id, email, role, token: services.tokens.issue(id, role) };
  };
  const users = {
    admin: await createUser('admin', 'alice_admin'),
    moderator: await createUser('moderator', 'mo_moderator'),
    user: await createUser('user', 'uma_user'),
    other: await createUser('user', 'otto_other'),
  };

  let worker: AdminStore | null = null;
  return {
    base, config, database, redis, engine, services, users, createUser, logs,
    workerStore: () => (worker ??= createAdminStore({ db: database.db, adminRedis: options.adminRedis ?? redis.redis })).store,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | Buffer | FormData | undefined = options.raw;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(options.body);
      }
      const reply = await fetch(`${base}${url}`, { method, headers, body });
      const text = await reply.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      const received = { status: reply.status, headers: reply.headers, body: parsed };
      assertDocumentedReply({ method, url, ...received, requestBody: options.body });
      return received;
    },
    async close() {
      currencies.stop();
      await role.stop(1000);
      services.caches.close();
      worker?.close();
      await redis.cleanup();
      await database.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** One API for every test of a file: created before the first, closed after the last (`t.context.api`). */
export function useSharedTestApi<Context extends { api: TestApi }>(
  test: TestFn<Context>,
  env: Record<string, string> = {},
  options: { clock?: () => number } = {},
): void {
  test.before(async (t) => {
    t.context.api = await createTestApi(env, options);
  });
  test.after.always(async (t) => {
    await t.context.api?.close();
  });
}

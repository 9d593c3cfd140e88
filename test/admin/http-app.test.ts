import test from 'ava';
import type Router from '@koa/router';
import { createRouter } from '../../src/admin/http/router';
import { createHttpApp } from '../../src/admin/http-app';
import { startHttpRole } from '../../src/admin/http-role';
import type { AppState } from '../../src/admin/koa-types';
import { AppError } from '../../src/errors';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { freePort } from '../helpers/ports';
import { createTestRedis } from '../helpers/redis';
import { documentedFetch } from '../helpers/openapi-check';

async function serveApp(probes: Parameters<typeof createHttpApp>[0]['probes'], extra?: Router<AppState>) {
  const app = createHttpApp({ logger: createLogger('silent'), probes });
  if (extra) app.use(extra.routes());
  const role = await startHttpRole(app, '127.0.0.1', 0);
  return { base: `http://${role.address}`, stop: () => role.stop(1000) };
}

test('an unknown route is a problem+json 404 naming the request id the server gave it (not the caller\'s)', async (t) => {
  const { base, stop } = await serveApp([]);
  t.teardown(stop);
  const reply = await documentedFetch(`${base}/api/nothing-here`, { headers: { 'X-Request-Id': 'abc-123' } });
  t.is(reply.status, 404);
  t.is(reply.headers.get('content-type'), 'application/problem+json');
  t.regex(reply.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  t.deepEqual(await reply.json(), {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    code: 'not_found',
    detail: 'no route for GET /api/nothing-here',
  });
});

test('a request id that is not sane is not kept: the reply names the server\'s UUID', async (t) => {
  const { base, stop } = await serveApp([]);
  t.teardown(stop);
  const reply = await documentedFetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
  t.regex(reply.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
});

test('AppErrors become problems from the error table; a 500 hides its message', async (t) => {
  const router = createRouter();
  router.get('/conflict', () => {
    throw new AppError('VALIDATION_FAILED', 'invalid body', { errors: [{ path: 'slug', message: 'is required' }] });
  });
  router.get('/limited', () => {
    throw new AppError('RATE_LIMITED', 'too many attempts', { retryAfterS: 42 });
  });
  router.get('/db-down', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
  });
  router.get('/crash', () => {
    throw new Error("ER_NO_SUCH_TABLE: Table 'x.games' doesn't exist");
  });
  const { base, stop } = await serveApp([], router);
  t.teardown(stop);

  const invalid = await fetch(`${base}/conflict`);
  t.is(invalid.status, 400);
  t.like(await invalid.json(), { code: 'validation_failed', errors: [{ path: 'slug', message: 'is required' }] });

  const limited = await fetch(`${base}/limited`);
  t.is(limited.status, 429);
  t.is(limited.headers.get('retry-after'), '42');

  const dbDown = await fetch(`${base}/db-down`);
  t.is(dbDown.status, 503);
  t.like(await dbDown.json(), { code: 'internal', detail: 'the database is unavailable' });

  const crash = await fetch(`${base}/crash`);
  t.is(crash.status, 500);
  const body = await crash.text();
  t.notRegex(body, /ER_NO_SUCH_TABLE|games|at /);
  t.deepEqual(JSON.parse(body), {
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    code: 'internal',
    detail: 'Internal Server Error',
  });
});

test('/readyz is 200 when every dependency answers and 503 naming the one that does not', async (t) => {
  const live = await createTestRedis('http');
  const dead = createRedisClient({ url: `redis://127.0.0.1:${await freePort()}`, role: 'http' });
  dead.on('error', () => undefined);
  t.teardown(async () => {
    dead.disconnect();
    await live.cleanup();
  });
  const { base, stop } = await serveApp([
    { name: 'redis', check: () => live.redis.ping().then(() => undefined) },
    { name: 'cache', check: () => dead.ping().then(() => undefined) },
  ]);
  t.teardown(stop);
  const reply = await documentedFetch(`${base}/readyz`);
  t.is(reply.status, 503);
  t.deepEqual(await reply.json(), { status: 'not_ready', checks: { redis: 'ok', cache: 'unavailable' } });
});

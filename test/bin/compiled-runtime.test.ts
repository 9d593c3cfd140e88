import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { migrationNames } from '../../src/db/migrations';
import { startCliProcess } from '../helpers/cli-process';
import { reservationClient } from '../helpers/grpc-client';
import { createTestDatabase } from '../helpers/mysql';
import { uniqueQueuePrefix } from '../helpers/worker';
import { documentedFetch } from '../helpers/openapi-check';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/**
 * The artifact the image runs, built the way `npm run build` builds it (into a folder of this test's
 * own inside the project, so `node_modules` resolves), then run with plain node, no tsx: migrate on a
 * database the sources migrated, serve every role, one Reserve and one REST call through it, and the
 * console and explorer it ships (built by `npm test` before the suite, as `npm run build` builds them first).
 */
test('the compiled dist/ runs on its own: migrate, serve, a Reserve and a REST call', async (t) => {
  const outDir = path.join(ROOT, '.data', `build-test-${randomBytes(4).toString('hex')}`);
  mkdirSync(outDir, { recursive: true });
  t.teardown(() => rmSync(outDir, { recursive: true, force: true }));
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', outDir], { cwd: ROOT, timeout: 100_000 });
  await run(process.execPath, ['--import', 'tsx', 'src/bin/copy-build-assets.ts', outDir], { cwd: ROOT });
  const compiled = ['--enable-source-maps', path.join(outDir, 'src', 'cli.js')];

  const database = await createTestDatabase({ migrate: true }); // migrated from the sources (tsx)
  t.teardown(() => database.drop());
  const env = {
    MYSQL_URL: database.url,
    REDIS_KEY_PREFIX: `dist-test:${database.name}:`,
    QUEUE_PREFIX: uniqueQueuePrefix(),
    NODE_ENV: 'development',
  };
  const cli = (args: string[]) => run(process.execPath, [...compiled, ...args], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });

  await cli(['migrate']); // exits 0 on a database the sources migrated
  const recorded = await database.db('knex_migrations').select('name').orderBy('id');
  t.deepEqual(recorded.map((row) => row.name), migrationNames());

  const topup = await cli(['topup', '--user-id', 'dist-user', '--game-id', 'dist-game', '--amount', '500', '--currency', 'EUR']);
  t.is(JSON.parse(topup.stdout.trim().split('\n').at(-1)!).available_balance, 500, topup.stdout);

  const started = await startCliProcess(['serve', '--roles', 'grpc,http,worker'], env, compiled);
  t.teardown(() => started.child.kill('SIGKILL'));
  t.truthy(started.addresses.grpc && started.addresses.http, started.lines.join('\n'));

  const client = reservationClient(started.addresses.grpc!);
  t.teardown(() => client.close());
  const reserved = await client.call('Reserve', {
    request_id: 'dist-r1', user_id: 'dist-user', game_id: 'dist-game', round_id: 'round-1', amount: '120', currency: 'EUR',
  });
  t.falsy(reserved.error, reserved.error?.message);
  t.like(reserved.reply, { status: 'reserved', available_balance: '380', reserved_balance: '120' });

  const consolePage = await fetch(`http://${started.addresses.http}/console/games`); // the console's build, copied into dist/
  t.is(consolePage.status, 200);
  t.regex(await consolePage.text(), /<script type="module" crossorigin src="\/console\/assets\/index-[\w-]+\.js">/);
  const explorerPage = await fetch(`http://${started.addresses.http}/graphql`, { headers: { accept: 'text/html' } }); // the explorer's build, too
  t.is(explorerPage.status, 200);
  t.regex(await explorerPage.text(), /<script type="module" crossorigin src="\/graphql\/explorer\/assets\/index-[\w-]+\.js">/);
  const docsPage = await fetch(`http://${started.addresses.http}/docs`); // and the API docs page's
  t.is(docsPage.status, 200);
  t.regex(await docsPage.text(), /<script type="module" crossorigin src="\/docs\/assets\/index-[\w-]+\.js">/);
  const ready = await documentedFetch(`http://${started.addresses.http}/readyz`);
  t.is(ready.status, 200);
  t.deepEqual(await ready.json(), { status: 'ready', checks: { mysql: 'ok', redis: 'ok' } });

  started.child.kill('SIGTERM');
  t.is(await started.exit, 0);
});

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import Redis from 'ioredis';
import mysql from 'mysql2/promise';
import { ensureLocalServices, stopLocalServices } from '../../src/local-services/local-services';
import { isAlive, isLoopback, isPortOpen } from '../../src/local-services/process-tools';
import { freePort } from '../helpers/ports';
import { testConfig } from '../helpers/test-config';

const quiet = () => undefined;

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'svc-'));
}

test('services already answering at the configured URLs are used and nothing is started', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const outcome = await ensureLocalServices(testConfig({ SERVICES_DATA_DIR: dataDir }), quiet);
  t.deepEqual(outcome, { redis: 'reused', mysql: 'reused' });
  t.deepEqual(readdirSync(dataDir), [], 'no data folder was created');
});

test('with nothing at the configured ports it starts Redis and MariaDB there, a second run is a no-op, and down stops them', async (t) => {
  const dataDir = tempDir();
  const [redisPort, mysqlPort] = [await freePort(), await freePort()];
  const config = testConfig({
    SERVICES_DATA_DIR: dataDir,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    MYSQL_URL: `mysql://svc_user:svc%20pass@127.0.0.1:${mysqlPort}/svc_db`,
  });
  t.teardown(async () => {
    await stopLocalServices(config);
    rmSync(dataDir, { recursive: true, force: true });
  });

  t.deepEqual(await ensureLocalServices(config, quiet), { redis: 'started', mysql: 'started' });

  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1 });
  t.is(await redis.ping(), 'PONG');
  t.deepEqual(await redis.config('GET', 'appendonly'), ['appendonly', 'yes']);
  t.deepEqual(await redis.config('GET', 'appendfsync'), ['appendfsync', 'always']);
  redis.disconnect();

  const connection = await mysql.createConnection({
    host: '127.0.0.1',
    port: mysqlPort,
    user: 'svc_user',
    password: 'svc pass',
    database: 'svc_db',
  });
  const [rows] = await connection.query('SELECT DATABASE() AS db');
  t.deepEqual(rows, [{ db: 'svc_db' }]);
  await connection.end();

  t.deepEqual(await ensureLocalServices(config, quiet), { redis: 'reused', mysql: 'reused' });

  t.deepEqual(await stopLocalServices(config), { redis: true, mysql: true });
  t.false(await isPortOpen('127.0.0.1', redisPort));
  t.false(await isPortOpen('127.0.0.1', mysqlPort));
});

test('only loopback addresses count as local (a remote URL that does not answer is never started)', (t) => {
  for (const host of ['127.0.0.1', '127.0.0.53', 'localhost', '::1', '[::1]']) t.true(isLoopback(host), host);
  for (const host of ['10.0.0.5', 'redis.internal', '0.0.0.0', '192.168.1.2']) t.false(isLoopback(host), host);
});

test('services down never signals a process that a stale pid file names', async (t) => {
  const dataDir = tempDir();
  const [redisPort, mysqlPort] = [await freePort(), await freePort()];
  const config = testConfig({
    SERVICES_DATA_DIR: dataDir,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    MYSQL_URL: `mysql://u:p@127.0.0.1:${mysqlPort}/db`,
  });
  // Some unrelated process now holds the pid the files name.
  const bystander = spawn('sleep', ['30'], { stdio: 'ignore' });
  t.teardown(() => {
    bystander.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (const [folder, file] of [[`redis-${redisPort}`, 'redis.pid'], [`mariadb-${mysqlPort}`, 'mysqld.pid']]) {
    mkdirSync(path.join(dataDir, folder!), { recursive: true });
    writeFileSync(path.join(dataDir, folder!, file!), `${bystander.pid}\n`);
  }
  t.deepEqual(await stopLocalServices(config), { redis: false, mysql: false });
  t.true(isAlive(bystander.pid!), 'the bystander was not signalled');
});

import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql, { type Connection, type ConnectionOptions } from 'mysql2/promise';
import { installDebianPackages } from './debian-packages';
import type { ServiceAction } from './local-redis';
import {
  findBinary,
  isAlive,
  isDaemonIn,
  isLoopback,
  isPortOpen,
  readPid,
  runCommand,
  spawnDetached,
  stopPid,
  waitUntil,
  type Log,
} from './process-tools';

const MIB = 1024 * 1024;
/** An eighth of the machine's memory, between 128 MiB and 4 GiB, in whole 128 MiB chunks (InnoDB's unit). */
const INNODB_BUFFER_POOL = `${Math.min(4096, Math.max(128, Math.floor(os.totalmem() / 8 / MIB / 128) * 128))}M`;
/** Half the buffer pool: room for write bursts between checkpoints. */
const INNODB_LOG_FILE = `${Number.parseInt(INNODB_BUFFER_POOL, 10) / 2}M`;

interface MysqlTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly dir: string;
  readonly socket: string;
  readonly pidFile: string;
}

function target(mysqlUrl: string, dataRoot: string): MysqlTarget {
  const url = new URL(mysqlUrl);
  const port = Number(url.port || 3306);
  const dir = path.join(dataRoot, `mariadb-${port}`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
    dir,
    socket: path.join(dir, 'mysqld.sock'),
    pidFile: path.join(dir, 'mysqld.pid'),
  };
}

/**
 * Uses the MySQL/MariaDB that answers at `mysqlUrl`, or starts a MariaDB there with its data under
 * `dataRoot`. Either way the URL's user can log in and its database exists afterwards.
 */
export async function ensureMysql(mysqlUrl: string, dataRoot: string, log: Log): Promise<ServiceAction> {
  const t = target(mysqlUrl, dataRoot);
  if (await isPortOpen(t.host, t.port)) {
    await prepareExisting(t, log);
    log(`mysql: using the server that answers at ${t.host}:${t.port}`);
    return 'reused';
  }
  if (!isLoopback(t.host)) {
    throw new Error(`mysql: nothing answers at ${t.host}:${t.port}, and only a local address can be started here`);
  }
  await startMariadb(t, log);
  await bootstrapUserAndDatabase(t);
  await createDatabase(t);
  log(`mysql: started MariaDB at ${t.host}:${t.port} (data in ${t.dir})`);
  return 'started';
}

/** Stops a MariaDB that `ensureMysql` started (found by its pid file); leaves any other alone. */
export async function stopMysql(mysqlUrl: string, dataRoot: string): Promise<boolean> {
  const t = target(mysqlUrl, dataRoot);
  const pid = readPid(t.pidFile);
  if (pid === null || !isDaemonIn(pid, path.join(t.dir, 'data'))) return false;
  await stopPid(pid, 60000);
  return true;
}

async function prepareExisting(t: MysqlTarget, log: Log): Promise<void> {
  try {
    await createDatabase(t);
  } catch (error) {
    const ownPid = readPid(t.pidFile);
    const accessDenied = (error as { code?: string }).code === 'ER_ACCESS_DENIED_ERROR';
    if (!accessDenied || ownPid === null || !isAlive(ownPid)) {
      throw new Error(`mysql: something answers at ${t.host}:${t.port} but: ${(error as Error).message}`);
    }
    // Our own instance, started earlier for another user name: add this one too.
    log(`mysql: adding user ${t.user} to the MariaDB in ${t.dir}`);
    await bootstrapUserAndDatabase(t);
    await createDatabase(t);
  }
}

async function startMariadb(t: MysqlTarget, log: Log): Promise<void> {
  const [server, installDb] = await mariadbBinaries(log);
  const dataDir = path.join(t.dir, 'data');
  mkdirSync(t.dir, { recursive: true });
  const user = os.userInfo().username;
  if (!existsSync(path.join(dataDir, 'mysql'))) {
    log(`mysql: initialising a new data folder ${dataDir}`);
    const result = await runCommand(installDb, [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--user=${user}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
    if (result.code !== 0) throw new Error(`mariadb-install-db failed:\n${result.output.slice(-3000)}`);
  }
  spawnDetached(server, [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--port=${t.port}`,
    `--bind-address=${t.host === 'localhost' ? '127.0.0.1' : t.host}`,
    `--socket=${t.socket}`,
    `--pid-file=${t.pidFile}`,
    `--log-error=${path.join(t.dir, 'error.log')}`,
    `--user=${user}`,
    '--skip-name-resolve',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
    '--max-connections=1000',
    // Durable commits, as the engine's AOF `always`; then what a careful operator gives InnoDB on a
    // machine with memory to spare: a buffer pool that holds the working set, and a redo log large
    // enough that write bursts do not force early checkpoints (MariaDB resizes it at start).
    '--innodb-flush-log-at-trx-commit=1',
    `--innodb-buffer-pool-size=${INNODB_BUFFER_POOL}`,
    `--innodb-log-file-size=${INNODB_LOG_FILE}`,
  ]);
  await waitUntil(
    `mariadb at ${t.host}:${t.port}`,
    () => withRootSocket(t, async () => true).catch(() => false),
    90000,
  );
}

async function mariadbBinaries(log: Log): Promise<[string, string]> {
  const find = () => [findBinary('mariadbd', 'mysqld'), findBinary('mariadb-install-db', 'mysql_install_db')];
  let [server, installDb] = find();
  if (!server || !installDb) {
    await installDebianPackages(['mariadb-server'], log);
    [server, installDb] = find();
  }
  if (!server || !installDb) throw new Error('mariadbd is still missing after installing mariadb-server');
  return [server, installDb];
}

/** Creates the URL's user (at any host) with all privileges: tests create a database per file. */
async function bootstrapUserAndDatabase(t: MysqlTarget): Promise<void> {
  await withRootSocket(t, async (connection) => {
    for (const host of ['%', 'localhost']) {
      if (t.user === 'root' && host === 'localhost') continue; // keeps socket login for this tool
      await connection.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [t.user, host, t.password]);
      await connection.query('ALTER USER ?@? IDENTIFIED BY ?', [t.user, host, t.password]);
      await connection.query('GRANT ALL PRIVILEGES ON *.* TO ?@? WITH GRANT OPTION', [t.user, host]);
    }
  });
}

async function createDatabase(t: MysqlTarget): Promise<void> {
  const connection = await mysql.createConnection({ ...tcpOptions(t) });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS ${mysql.escapeId(t.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

async function withRootSocket<T>(t: MysqlTarget, work: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({ socketPath: t.socket, user: 'root', connectTimeout: 2000 });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

function tcpOptions(t: MysqlTarget): ConnectionOptions {
  return { host: t.host, port: t.port, user: t.user, password: t.password, connectTimeout: 3000 };
}

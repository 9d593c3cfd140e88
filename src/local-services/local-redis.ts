import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import {
  isDaemonIn,
  isLoopback,
  isPortOpen,
  readPid,
  runCommand,
  stopPid,
  waitUntil,
  type Log,
} from './process-tools';
import { ensureStoreBinaries } from './store-binaries';

export type ServiceAction = 'reused' | 'started';

interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly password: string;
  readonly dir: string;
}

function target(redisUrl: string, dataRoot: string): RedisTarget {
  const url = new URL(redisUrl);
  const port = Number(url.port || 6379);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    password: decodeURIComponent(url.password),
    dir: path.join(dataRoot, `redis-${port}`),
  };
}

/** Uses the store that answers at `redisUrl`, or starts Valkey there (AOF, fsync on every write). */
export async function ensureRedis(redisUrl: string, dataRoot: string, log: Log): Promise<ServiceAction> {
  const t = target(redisUrl, dataRoot);
  if (await isPortOpen(t.host, t.port)) {
    await pingRedis(redisUrl).catch((error: Error) => {
      throw new Error(`redis: something answers at ${t.host}:${t.port} but PING failed: ${error.message}`);
    });
    log(`redis: using the server that answers at ${t.host}:${t.port}`);
    return 'reused';
  }
  if (!isLoopback(t.host)) {
    throw new Error(`redis: nothing answers at ${t.host}:${t.port}, and only a local address can be started here`);
  }
  const binary = (await ensureStoreBinaries(log)).server;
  mkdirSync(t.dir, { recursive: true });
  const args = [
    '--port', String(t.port),
    '--bind', t.host === 'localhost' ? '127.0.0.1' : t.host,
    '--dir', t.dir,
    '--appendonly', 'yes',
    '--appendfsync', 'always',
    '--save', '',
    '--daemonize', 'yes',
    '--pidfile', path.join(t.dir, 'redis.pid'),
    '--logfile', path.join(t.dir, 'redis.log'),
    ...(t.password ? ['--requirepass', t.password] : []),
  ];
  const result = await runCommand(binary, args);
  if (result.code !== 0) throw new Error(`redis-server failed to start:\n${result.output}`);
  await waitUntil(`redis at ${t.host}:${t.port}`, () => pingRedis(redisUrl).then(() => true, () => false), 20000);
  log(`redis: started ${path.basename(binary)} at ${t.host}:${t.port} (data in ${t.dir})`);
  return 'started';
}

/** Stops a Redis that `ensureRedis` started (found by its pid file); leaves any other alone. */
export async function stopRedis(redisUrl: string, dataRoot: string): Promise<boolean> {
  const { dir } = target(redisUrl, dataRoot);
  const pid = readPid(path.join(dir, 'redis.pid'));
  if (pid === null || !isDaemonIn(pid, dir)) return false;
  await stopPid(pid);
  return true;
}

/** One PING on a fresh connection that never retries: rejects when nothing (healthy) answers at the URL. */
export async function pingRedis(redisUrl: string): Promise<void> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.disconnect();
  }
}

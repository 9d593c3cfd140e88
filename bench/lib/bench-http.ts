import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { freePort } from '../../src/local-services/process-tools';
import type { BenchDatabase } from './bench-database';
import { migrateBenchRedis, startNode } from './processes';

export interface BenchHttp {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** A bearer token of the admin, signed with the role's secret (an hour). */
  readonly token: string;
  /** The role's process (its pid for memory samples). */
  readonly child: Awaited<ReturnType<typeof startNode>>['child'];
  stop(): Promise<void>;
}

/**
 * The HTTP role on the bench's own database and key prefix, in a process of its own (what it costs is
 * its own, not the load generator's), with a JWT secret of the run and a token of `adminId`.
 */
export async function startBenchHttp(bench: BenchDatabase, redisUrl: string, adminId: number): Promise<BenchHttp> {
  const secret = randomBytes(32).toString('hex');
  await migrateBenchRedis(redisUrl, bench.prefix);
  const port = await freePort();
  const http = await startNode('src/cli.ts', ['serve', '--roles', 'http'], {
    MYSQL_URL: bench.url, REDIS_KEY_PREFIX: bench.prefix, JWT_SECRET: secret, HTTP_PORT: String(port), HTTP_HOST: '127.0.0.1',
  }, port);
  const token = jwt.sign({ role: 'admin' }, secret, { algorithm: 'HS256', subject: String(adminId), expiresIn: 3600 });
  return { base: `http://127.0.0.1:${port}`, token, child: http.child, stop: () => http.stop() };
}

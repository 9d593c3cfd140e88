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

/** Roles of this project in one process of their own, on the bench's database; `grpc` its address when it runs. */
export interface BenchRoles extends BenchHttp {
  readonly grpc: string | null;
}

/**
 * The HTTP role on the bench's own database and key prefix, in a process of its own (what it costs is
 * its own, not the load generator's), with a JWT secret of the run and a token of `adminId`.
 */
export async function startBenchHttp(bench: BenchDatabase, redisUrl: string, adminId: number): Promise<BenchHttp> {
  return startBenchRoles(bench, redisUrl, adminId, ['http']);
}

/** As startBenchHttp, with these roles (all in the one process, as `npm start` runs them) and more settings. */
export async function startBenchRoles(bench: BenchDatabase, redisUrl: string, adminId: number, roles: ReadonlyArray<'grpc' | 'http' | 'worker'>, env: Record<string, string> = {}): Promise<BenchRoles> {
  const secret = randomBytes(32).toString('hex');
  await migrateBenchRedis(redisUrl, bench.prefix);
  const port = await freePort();
  const grpcPort = roles.includes('grpc') ? await freePort() : null;
  const http = await startNode('src/cli.ts', ['serve', '--roles', roles.join(',')], {
    MYSQL_URL: bench.url, REDIS_KEY_PREFIX: bench.prefix, JWT_SECRET: secret, HTTP_PORT: String(port), HTTP_HOST: '127.0.0.1',
    ...(grpcPort === null ? {} : { GRPC_PORT: String(grpcPort), GRPC_HOST: '127.0.0.1' }), ...env,
  }, port);
  const token = jwt.sign({ role: 'admin' }, secret, { algorithm: 'HS256', subject: String(adminId), expiresIn: 3600 });
  return { base: `http://127.0.0.1:${port}`, token, child: http.child, grpc: grpcPort === null ? null : `127.0.0.1:${grpcPort}`, stop: () => http.stop() };
}

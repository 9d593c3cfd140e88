import type { ExecutionContext } from 'ava';
import Redis from 'ioredis';
import { loadConfig } from '../../src/config';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import { createLogger } from '../../src/logging/logger';
import { createRedisClient } from '../../src/redis/redis-client';
import { redisReady } from '../../src/redis/redis-ready';
import { startRedisServer } from '../helpers/redis-server';
import { createWalletService, type WalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';

/** How many calls of each service method the server took, and how many items its batches held. */
export interface CallCounts {
  readonly calls: Record<string, number>;
  readonly batchItems: number[];
}

/**
 * The real gRPC role on a test Redis (coalescing off unless `env` turns it on), its wallet service
 * wrapped to count what reaches it (the calls a client made, after its batching and retries).
 */
export async function startCountingServer(t: ExecutionContext, redis: Redis, env: Record<string, string> = {}) {
  // The server's own coalescing off: the counts are of the calls the client made, each as it came.
  const config = loadConfig({ GRPC_HOST: '127.0.0.1', GRPC_PORT: '0', GRPC_COALESCE: 'false', ...env });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 600 });
  const counts: CallCounts = { calls: {}, batchItems: [] };
  const counted = new Proxy(wallet, {
    get(target, name: string) {
      const method = target[name as keyof WalletService] as (...args: unknown[]) => unknown;
      if (typeof method !== 'function') return method;
      return (...args: unknown[]) => {
        counts.calls[name] = (counts.calls[name] ?? 0) + 1;
        if (name.endsWith('Batch')) counts.batchItems.push((args[0] as unknown[]).length);
        return method(...args);
      };
    },
  });
  const role = await startGrpcRole({ config: config.grpc, wallet: counted, redis, logger: createLogger('silent') });
  t.teardown(() => role.stop(1000));
  return { address: role.address!, wallet, counts, port: Number(role.address!.split(':').pop()) };
}

/**
 * A counting server on a Redis of its own that can be stalled (DEBUG SLEEP: it answers nobody for a
 * while, then runs what queued), with the wallet `funded` topped up by 1000.
 */
export async function startStallableServer(t: ExecutionContext, funded: { userId: string; gameId: string; currency: string }) {
  const redisServer = await startRedisServer(['--enable-debug-command', 'yes']);
  t.teardown(redisServer.stop);
  const redis = createRedisClient({ url: redisServer.url, role: 'grpc' });
  t.teardown(() => redis.disconnect());
  t.true(await redisReady(redis, 5000));
  const server = await startCountingServer(t, redis);
  await server.wallet.topup({ ...funded, amount: '1000', comment: '' });
  const staller = new Redis(redisServer.url);
  t.teardown(() => staller.disconnect());
  return { server, redis, stall: (seconds: number) => staller.call('DEBUG', 'SLEEP', String(seconds)) };
}

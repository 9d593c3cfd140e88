import { startGrpcRole } from '../../src/grpc/grpc-role';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import type { TestApi } from './api';

/** The gRPC role over a test API's engine and ledger, on a free port, taking these caller tokens (and, with them, server API keys). */
export function startTestGrpcRole(api: TestApi, authTokens: string[]): Promise<RunningRole> {
  return startGrpcRole({
    config: { ...api.config.grpc, host: '127.0.0.1', port: 0, authTokens }, wallet: api.engine.wallet, redis: api.redis.redis,
    logger: createLogger('silent'), ledgerDb: api.database.db,
  });
}

/**
 * A gRPC server for the benchmark with the engine's own stack (proto, handlers, limits) in front of
 * another implementation: `echo` (constant replies), `peer` (naive MySQL transactions through knex) or
 * `strong-peer` (one prepared stored-procedure call per operation through mysql2).
 *   tsx bench/servers/bench-server.ts echo|peer|strong-peer   (GRPC_PORT, MYSQL_URL from the environment)
 */
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { createKnex } from '../../src/db/knex-factory';
import { grpcServerOptions } from '../../src/grpc/grpc-role';
import { loadReservationProto } from '../../src/grpc/reservation-proto';
import { createLogger } from '../../src/logging/logger';
import { reservationHandlers } from '../../src/grpc/reservation-handlers';
import { createEchoWallet } from './echo-wallet';
import { withUnaryBatches } from './unary-batches';
import { createMysqlPeerWallet } from './mysql-peer-wallet';
import { createStrongPeerPool, createStrongPeerWallet } from './strong-peer-wallet';

const kind = process.argv[2];
const port = Number(process.env.GRPC_PORT);
const wallet =
  kind === 'peer' ? withUnaryBatches(createMysqlPeerWallet(createKnex(process.env.MYSQL_URL!, { min: 4, max: 64 })))
  : kind === 'strong-peer' ? withUnaryBatches(createStrongPeerWallet(createStrongPeerPool(process.env.MYSQL_URL!)))
  : createEchoWallet();
const server = new Server(grpcServerOptions(16 * 1024));
server.addService(loadReservationProto().service, reservationHandlers(wallet, { logger: createLogger('warn') }));
server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error) => {
  if (error) throw error;
});
process.on('SIGTERM', () => server.tryShutdown(() => process.exit(0)));

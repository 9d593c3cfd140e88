import { readFileSync } from 'node:fs';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { Config } from '../config';
import type { RunningRole } from '../lifecycle/running-role';

export interface GrpcRoleDeps {
  readonly config: Config['grpc'];
}

/**
 * The gRPC server with the standard health service. The reservation service itself is added by the
 * engine (issue 3); until then the server answers health checks only.
 */
export async function startGrpcRole({ config }: GrpcRoleDeps): Promise<RunningRole> {
  const server = new Server({
    'grpc.max_receive_message_length': config.maxMessageBytes,
    'grpc.keepalive_permit_without_calls': 1,
  });
  const health = new HealthImplementation({ '': 'SERVING' });
  health.addToServer(server);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${config.host}:${config.port}`, credentials(config), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  return {
    name: 'grpc',
    address: `${config.host}:${port}`,
    stop: (graceMs) =>
      new Promise<void>((resolve) => {
        health.setStatus('', 'NOT_SERVING');
        const force = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

function credentials(config: Config['grpc']): ServerCredentials {
  if (!config.tls) return ServerCredentials.createInsecure();
  return ServerCredentials.createSsl(null, [
    { cert_chain: readFileSync(config.tls.certPath), private_key: readFileSync(config.tls.keyPath) },
  ]);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChannelCredentials, Client, ServiceClientConstructor } from '@grpc/grpc-js';
import type { Config } from '../config';
import { RESERVATION_SERVICE_NAME } from '../grpc/service-name';
import type { RoleName } from '../lifecycle/running-role';

const TIMEOUT_MS = 3000;

/** A bound address as a local client reaches it (a wildcard bind answers on loopback). */
const local = (host: string) => (host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host);

/**
 * The containers' health check (the slim image has no curl): is this role of the local process
 * serving? gRPC: grpc.health.v1 says SERVING for the reservation service (NOT_SERVING while Redis is
 * down or during shutdown). HTTP: /healthz answers. Worker: its metrics port's /healthz answers.
 * Resolves to a line saying what was found; rejects when the role is not healthy.
 */
export async function healthcheckCommand(config: Config, role: string | undefined): Promise<string> {
  switch (role as RoleName | undefined) {
    case 'grpc':
      return grpcServing(config.grpc);
    case 'http':
      return httpAnswers(`http://${local(config.http.host)}:${config.http.port}/healthz`);
    case 'worker':
      if (config.metrics.port === 0 || !config.metrics.enabled) throw new Error('the worker is checked on its metrics port: set METRICS_PORT (and METRICS_ENABLED)');
      return httpAnswers(`http://${local(config.metrics.host)}:${config.metrics.port}/healthz`);
    default:
      throw new Error('use: healthcheck grpc|http|worker');
  }
}

/** Runs the check, prints what it found, and gives the exit code: 0 healthy, 1 not. */
export async function reportHealth(config: Config, role: string | undefined): Promise<number> {
  try {
    console.log(await healthcheckCommand(config, role));
    return 0;
  } catch (error) {
    console.error(`unhealthy: ${(error as Error).message}`);
    return 1;
  }
}

async function httpAnswers(url: string): Promise<string> {
  const reply = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
  return `${url}: ${reply.status}`;
}

/** The gRPC libraries are loaded here only, so the HTTP and worker checks start light (src/healthcheck.ts). */
async function grpcServing(grpc: Config['grpc']): Promise<string> {
  const [{ loadPackageDefinition }, { loadSync }, { protoPath: healthProtoPath }] = await Promise.all([
    import('@grpc/grpc-js'), import('@grpc/proto-loader'), import('grpc-health-check'),
  ]);
  const address = `${local(grpc.host)}:${grpc.port}`;
  const definition = loadPackageDefinition(loadSync(healthProtoPath, { enums: String, includeDirs: [path.dirname(healthProtoPath)] }));
  const Health = (definition.grpc as { health: { v1: { Health: ServiceClientConstructor } } }).health.v1.Health;
  const client = new Health(address, await channelCredentials(grpc)) as unknown as Client & {
    Check(request: object, options: object, callback: (error: Error | null, reply?: { status: string }) => void): void;
  };
  try {
    const status = await new Promise<string>((resolve, reject) =>
      client.Check({ service: RESERVATION_SERVICE_NAME }, { deadline: Date.now() + TIMEOUT_MS }, (error, reply) =>
        error ? reject(error) : resolve(String(reply?.status))));
    if (status !== 'SERVING') throw new Error(`${address}: ${RESERVATION_SERVICE_NAME} is ${status}`);
    return `${address}: ${RESERVATION_SERVICE_NAME} ${status}`;
  } finally {
    client.close();
  }
}

/** With GRPC_TLS_* the check speaks TLS to the local server, trusting its own certificate for any name. */
async function channelCredentials(grpc: Config['grpc']): Promise<ChannelCredentials> {
  const { credentials } = await import('@grpc/grpc-js');
  if (!grpc.tls) return credentials.createInsecure();
  return credentials.createSsl(readFileSync(grpc.tls.certPath), null, null, { checkServerIdentity: () => undefined });
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { METRICS_CONTENT_TYPE } from './metrics-registry';

export interface MetricsServer {
  readonly address: string;
  close(): Promise<void>;
}

/**
 * The metrics port of a process whose roles have no HTTP port (gRPC, worker): `GET /metrics` (the
 * process's registry, or its workers' summed) and `GET /healthz` (the process is up: the containers'
 * health check).
 */
export async function startMetricsServer(registry: Pick<Registry, 'metrics'>, host: string, port: number): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    } else if (path === '/healthz') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    } else if (path === '/metrics') {
      registry.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE }).end(text),
        () => response.writeHead(500).end(),
      );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  return {
    address: `${address}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

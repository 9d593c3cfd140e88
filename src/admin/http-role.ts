import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { RunningRole } from '../lifecycle/running-role';
import type { AppState } from './koa-types';

/** Serves the Koa app; stop() refuses new connections, waits for in-flight requests, then cuts the rest. */
export async function startHttpRole(app: Koa<AppState>, host: string, port: number): Promise<RunningRole> {
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    name: 'http',
    address: `${host}:${bound}`,
    stop: (graceMs) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

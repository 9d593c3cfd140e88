import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from '../config';
import { installShutdownHandlers } from '../lifecycle/shutdown';
import type { Logger } from '../logging/logger';
import { startMetricsServer } from '../metrics/metrics-server';

/**
 * `serve --roles grpc --processes N`: N processes serve the gRPC role on one port, so a host with more
 * cores than one uses them (a gRPC call's cost is in its process: transport, Redis client, encoding).
 * This process, node's cluster primary, holds the listening socket and hands each new connection to
 * the next worker; it serves no calls itself. It serves the workers' metrics summed on METRICS_PORT,
 * starts a worker again when one dies, and on SIGINT/SIGTERM stops them all gracefully. Resolves with
 * the gRPC address once every worker listens.
 */
export async function servePrimary(config: Config, logger: Logger, processes: number): Promise<string> {
  const workers = new Set<Worker>();
  let stopping = false;
  let address = '';
  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      workers.add(worker);
      let listened = false;
      worker.once('listening', (listening) => {
        listened = true;
        address = `${listening.address ?? config.grpc.host}:${listening.port}`;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        workers.delete(worker);
        if (stopping) return;
        // One that never listened refused to start (its log says why): starting it again would loop.
        if (!listened) {
          reject(new Error(`a gRPC worker exited (code ${code}, signal ${signal}) before it listened`));
          return;
        }
        logger.error({ pid: worker.process.pid, code, signal }, 'a gRPC worker died: starting another');
        fork().catch((error: unknown) => logger.error({ err: error }, 'a gRPC worker could not be started again'));
      });
    });

  const closers: Array<() => Promise<void>> = [];
  installShutdownHandlers(logger, async () => {
    stopping = true;
    await Promise.all([...workers].map((worker) => stopWorker(worker, config.shutdownGraceMs + 5000)));
    await Promise.all(closers.map((close) => close()));
  }, { graceMs: config.shutdownGraceMs + 5000 });
  await Promise.all(Array.from({ length: processes }, fork));
  if (config.metrics.enabled && config.metrics.port > 0) {
    const aggregator = new AggregatorRegistry();
    const server = await startMetricsServer({ metrics: () => aggregator.clusterMetrics() }, config.metrics.host, config.metrics.port);
    closers.push(() => server.close());
    logger.info({ role: 'metrics', address: server.address }, `metrics of the ${processes} gRPC processes served on /metrics`);
  }
  logger.info({ role: 'grpc', address, processes }, `grpc role started in ${processes} processes`);
  return address;
}

/** SIGTERM (the worker's own graceful stop), then SIGKILL if it outlives `graceMs`. */
function stopWorker(worker: Worker, graceMs: number): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => worker.process.kill('SIGKILL'), graceMs);
    worker.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/** In a worker: answer the primary's requests for metrics from this registry (summed there). */
export function shareMetricsWithPrimary(registry: Registry): void {
  new AggregatorRegistry(); // its constructor installs the worker's side of the exchange
  AggregatorRegistry.setRegistries([registry]);
}

import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * One registry per process: each role registers its own metrics in it, so a process running several
 * roles serves them all on one page. Node's process metrics (CPU, memory, event-loop lag, GC) too.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

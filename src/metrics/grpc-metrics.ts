import { status as GrpcStatus } from '@grpc/grpc-js';
import { Counter, Histogram, type Registry } from 'prom-client';

/** What the gRPC adapter reports of each call: its method, its status code, its duration. */
export type GrpcCallObserver = (method: string, code: GrpcStatus, seconds: number) => void;

/**
 * `reservation_grpc_calls_total{method,code}` and `reservation_grpc_call_duration_seconds{method}`.
 * Labels are the service's four method names and gRPC's status names: bounded. The labelled children
 * are looked up once per (method, code), so a call costs an increment and an observation.
 */
export function grpcMetrics(registry: Registry): GrpcCallObserver {
  const calls = new Counter({ name: 'reservation_grpc_calls_total', help: 'gRPC calls by method and status code', labelNames: ['method', 'code'], registers: [registry] });
  const duration = new Histogram({
    name: 'reservation_grpc_call_duration_seconds',
    help: 'gRPC call duration by method, from the handler taking the call to its reply',
    labelNames: ['method'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const counters = new Map<string, ReturnType<typeof calls.labels>>();
  const histograms = new Map<string, ReturnType<typeof duration.labels>>();
  return (method, code, seconds) => {
    const key = `${method} ${code}`;
    let counter = counters.get(key);
    if (!counter) counters.set(key, (counter = calls.labels(method, GrpcStatus[code] ?? String(code))));
    counter.inc();
    let histogram = histograms.get(method);
    if (!histogram) histograms.set(method, (histogram = duration.labels(method)));
    histogram.observe(seconds);
  };
}

import { status as GrpcStatus } from '@grpc/grpc-js';
import { Counter, Histogram, type Registry } from 'prom-client';

/** What the gRPC adapter reports of one method's calls: the status code and the duration. */
export type MethodCallObserver = (code: GrpcStatus, seconds: number) => void;

/** Gives each method its observer, once, when the handlers are built. */
export type GrpcCallObserver = (method: string) => MethodCallObserver;

/**
 * `reservation_grpc_calls_total{method,code}` and `reservation_grpc_call_duration_seconds{method}`.
 * Labels are the service's method names and gRPC's status names: bounded. A method's histogram child
 * is bound when its handler is built and its counter children are kept by status code, so a call
 * costs an increment and an observation, no label lookup.
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
  return (method) => {
    const histogram = duration.labels(method);
    const byCode: Array<ReturnType<typeof calls.labels>> = [];
    return (code, seconds) => {
      (byCode[code] ??= calls.labels(method, GrpcStatus[code] ?? String(code))).inc();
      histogram.observe(seconds);
    };
  };
}

import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Registry } from 'prom-client';
import { localCounter, localHistogram } from './local-metrics';

/** What the gRPC adapter reports of one method's calls: the status code and the duration. */
export type MethodCallObserver = (code: GrpcStatus, seconds: number) => void;

/** Gives each method its observer, once, when the handlers are built. */
export type GrpcCallObserver = (method: string) => MethodCallObserver;

/**
 * `reservation_grpc_calls_total{method,code}` and `reservation_grpc_call_duration_seconds{method}`.
 * Labels are the service's method names and gRPC's status names: bounded. A method's histogram series
 * is bound when its handler is built and its counter series are kept by status code, so a call costs
 * two increments and a bucket search (local-metrics.ts), no label lookup.
 */
export function grpcMetrics(registry: Registry): GrpcCallObserver {
  const calls = localCounter(registry, 'reservation_grpc_calls_total', 'gRPC calls by method and status code');
  const duration = localHistogram(
    registry,
    'reservation_grpc_call_duration_seconds',
    'gRPC call duration by method, from the handler taking the call to its reply',
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  return (method) => {
    const observe = duration.series({ method });
    const byCode: Array<() => void> = [];
    return (code, seconds) => {
      (byCode[code] ??= calls.series({ method, code: GrpcStatus[code] ?? String(code) }))();
      observe(seconds);
    };
  };
}

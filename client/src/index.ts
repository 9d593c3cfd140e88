export { createReservationClient, type ReservationClient, type ReservationClientOptions } from './reservation-client';
export { ReservationError, isRetryable } from './errors';
export { DEFAULT_RETRY, backoffMs, type RetryPolicy } from './retry';
export type { BatchingOptions } from './auto-batcher';
export type { TlsOptions } from './grpc-transport';
export type * from './types';
export type * from './wire-types';

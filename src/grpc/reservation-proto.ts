import path from 'node:path';
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';

export const PROTO_PATH = path.resolve(__dirname, '../../proto/reservation.proto');
export { RESERVATION_SERVICE_NAME } from './service-name';

/** int64 as decimal strings (no precision loss), field names as in the .proto. */
export const PROTO_LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

export function loadReservationProto(): { packageDefinition: PackageDefinition; service: ServiceDefinition } {
  const packageDefinition = loadSync(PROTO_PATH, PROTO_LOADER_OPTIONS);
  const loaded = loadPackageDefinition(packageDefinition) as unknown as {
    reservation: { ReservationService: { service: ServiceDefinition } };
  };
  return { packageDefinition, service: loaded.reservation.ReservationService.service };
}

/** Wire shapes of proto/reservation.proto (int64 as strings). */
export interface ReserveRequest {
  request_id: string;
  user_id: string;
  game_id: string;
  round_id: string;
  amount: string;
  currency: string;
}
export interface ConfirmRequest {
  request_id: string;
  transaction_id: string;
  round_id: string;
  win_amount: string;
}
export interface CancelRequest {
  request_id: string;
  transaction_id: string;
  reason: string;
}
export interface GetTransactionRequest {
  transaction_id: string;
}
export interface BalanceResponse {
  transaction_id: string;
  status: string;
  available_balance: string;
  reserved_balance: string;
}
export interface GetTransactionResponse {
  transaction_id: string;
  user_id: string;
  round_id: string;
  amount: string;
  win_amount: string;
  status: string;
}

/** An item's error in a batch reply: the numeric gRPC status the unary call would give. */
export interface BatchError {
  code: number;
  message: string;
}
/** One result of a batch reply (proto-loader `oneofs`: exactly one of the two is set). */
export type BatchResult = { reply: BalanceResponse; error?: undefined } | { error: BatchError; reply?: undefined };
export interface BatchRequest<Item> {
  items: Item[];
}
export interface BatchResponse {
  results: BatchResult[];
}

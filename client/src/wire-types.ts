// Generated from proto/reservation.proto by src/grpc/wire-types-source.ts (npm run codegen): do not edit.
// The wire shapes of the ReservationService as @grpc/proto-loader gives them (keepCase, int64 as decimal strings, oneofs).

/** The values the .proto lists for its string fields (`one of:`), in its order. */
export const WIRE_VALUES = {
  ReserveResponse: {
    status: ['reserved', 'rejected'],
    reason: ['', 'frozen', 'max_bet', 'loss_limit', 'insufficient_funds'],
  },
  ConfirmResponse: {
    status: ['confirmed', 'already_confirmed'],
  },
  CancelResponse: {
    status: ['canceled', 'already_canceled'],
  },
  GetTransactionResponse: {
    status: ['reserved', 'confirmed', 'canceled'],
  },
  LedgerEvent: {
    kind: ['topup', 'reserve', 'confirm', 'cancel', 'expire', 'close'],
  },
} as const;

export interface ReserveRequest {
  request_id: string;
  user_id: string;
  game_id: string;
  round_id: string;
  amount: string;
  currency: string;
}

export interface ReserveResponse {
  transaction_id: string;
  status: 'reserved' | 'rejected';
  available_balance: string;
  reserved_balance: string;
  reason: '' | 'frozen' | 'max_bet' | 'loss_limit' | 'insufficient_funds';
}

export interface ConfirmRequest {
  request_id: string;
  transaction_id: string;
  round_id: string;
  win_amount: string;
}

export interface ConfirmResponse {
  transaction_id: string;
  status: 'confirmed' | 'already_confirmed';
  available_balance: string;
  reserved_balance: string;
}

export interface CancelRequest {
  request_id: string;
  transaction_id: string;
  reason: string;
}

export interface CancelResponse {
  transaction_id: string;
  status: 'canceled' | 'already_canceled';
  available_balance: string;
  reserved_balance: string;
}

export interface GetTransactionRequest {
  transaction_id: string;
}

export interface GetTransactionResponse {
  transaction_id: string;
  user_id: string;
  round_id: string;
  amount: string;
  win_amount: string;
  status: 'reserved' | 'confirmed' | 'canceled';
}

export interface BatchError {
  code: number;
  message: string;
}

export interface ReserveBatchRequest {
  items: ReserveRequest[];
}

/** Exactly one field of each oneof is set. */
export type ReserveBatchResult = ({ reply: ReserveResponse; error?: undefined; } | { error: BatchError; reply?: undefined; });

export interface ReserveBatchResponse {
  results: ReserveBatchResult[];
}

export interface ConfirmBatchRequest {
  items: ConfirmRequest[];
}

/** Exactly one field of each oneof is set. */
export type ConfirmBatchResult = ({ reply: ConfirmResponse; error?: undefined; } | { error: BatchError; reply?: undefined; });

export interface ConfirmBatchResponse {
  results: ConfirmBatchResult[];
}

export interface CancelBatchRequest {
  items: CancelRequest[];
}

/** Exactly one field of each oneof is set. */
export type CancelBatchResult = ({ reply: CancelResponse; error?: undefined; } | { error: BatchError; reply?: undefined; });

export interface CancelBatchResponse {
  results: CancelBatchResult[];
}

export interface WatchLedgerRequest {
  after_sequence: string;
  game_id: string;
  user_id: string;
}

export interface LedgerEvent {
  sequence: string;
  user_id: string;
  game_id: string;
  currency: string;
  kind: 'topup' | 'reserve' | 'confirm' | 'cancel' | 'expire' | 'close';
  amount: string;
  win_amount: string;
  available_balance: string;
  reserved_balance: string;
  transaction_id: string;
  round_id: string;
  request_id: string;
  time: string;
}

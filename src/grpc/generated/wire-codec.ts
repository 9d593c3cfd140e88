// Generated from proto/reservation.proto by src/grpc/wire-codec-source.ts (npm run codegen): do not edit.
import type * as T from '../../../client/src/wire-types';
import { int32Size, int64Value, isZero, stringSize, varintSize, WireReader, WireWriter } from '../wire-runtime';

function decodeReserveRequest(r: WireReader, end: number): T.ReserveRequest {
  let request_id = '';
  let user_id = '';
  let game_id = '';
  let round_id = '';
  let amount = '0';
  let currency = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        request_id = r.string('request_id');
        break;
      case 18:
        user_id = r.string('user_id');
        break;
      case 26:
        game_id = r.string('game_id');
        break;
      case 34:
        round_id = r.string('round_id');
        break;
      case 40:
        amount = r.int64(true);
        break;
      case 50:
        currency = r.string('currency');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ReserveRequest overruns its length');
  return { request_id, user_id, game_id, round_id, amount, currency } as T.ReserveRequest; // a listed string field holds what the wire held
}

function decodeReserveResponse(r: WireReader, end: number): T.ReserveResponse {
  let transaction_id = '';
  let status = '';
  let available_balance = '0';
  let reserved_balance = '0';
  let reason = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        transaction_id = r.string('transaction_id');
        break;
      case 18:
        status = r.string('status');
        break;
      case 24:
        available_balance = r.int64(true);
        break;
      case 32:
        reserved_balance = r.int64(true);
        break;
      case 42:
        reason = r.string('reason');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ReserveResponse overruns its length');
  return { transaction_id, status, available_balance, reserved_balance, reason } as T.ReserveResponse; // a listed string field holds what the wire held
}

function decodeConfirmRequest(r: WireReader, end: number): T.ConfirmRequest {
  let request_id = '';
  let transaction_id = '';
  let round_id = '';
  let win_amount = '0';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        request_id = r.string('request_id');
        break;
      case 18:
        transaction_id = r.string('transaction_id');
        break;
      case 26:
        round_id = r.string('round_id');
        break;
      case 32:
        win_amount = r.int64(true);
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ConfirmRequest overruns its length');
  return { request_id, transaction_id, round_id, win_amount } as T.ConfirmRequest; // a listed string field holds what the wire held
}

function decodeConfirmResponse(r: WireReader, end: number): T.ConfirmResponse {
  let transaction_id = '';
  let status = '';
  let available_balance = '0';
  let reserved_balance = '0';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        transaction_id = r.string('transaction_id');
        break;
      case 18:
        status = r.string('status');
        break;
      case 24:
        available_balance = r.int64(true);
        break;
      case 32:
        reserved_balance = r.int64(true);
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ConfirmResponse overruns its length');
  return { transaction_id, status, available_balance, reserved_balance } as T.ConfirmResponse; // a listed string field holds what the wire held
}

function decodeCancelRequest(r: WireReader, end: number): T.CancelRequest {
  let request_id = '';
  let transaction_id = '';
  let reason = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        request_id = r.string('request_id');
        break;
      case 18:
        transaction_id = r.string('transaction_id');
        break;
      case 26:
        reason = r.string('reason');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: CancelRequest overruns its length');
  return { request_id, transaction_id, reason } as T.CancelRequest; // a listed string field holds what the wire held
}

function decodeCancelResponse(r: WireReader, end: number): T.CancelResponse {
  let transaction_id = '';
  let status = '';
  let available_balance = '0';
  let reserved_balance = '0';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        transaction_id = r.string('transaction_id');
        break;
      case 18:
        status = r.string('status');
        break;
      case 24:
        available_balance = r.int64(true);
        break;
      case 32:
        reserved_balance = r.int64(true);
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: CancelResponse overruns its length');
  return { transaction_id, status, available_balance, reserved_balance } as T.CancelResponse; // a listed string field holds what the wire held
}

function decodeGetTransactionRequest(r: WireReader, end: number): T.GetTransactionRequest {
  let transaction_id = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        transaction_id = r.string('transaction_id');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: GetTransactionRequest overruns its length');
  return { transaction_id } as T.GetTransactionRequest; // a listed string field holds what the wire held
}

function decodeGetTransactionResponse(r: WireReader, end: number): T.GetTransactionResponse {
  let transaction_id = '';
  let user_id = '';
  let round_id = '';
  let amount = '0';
  let win_amount = '0';
  let status = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        transaction_id = r.string('transaction_id');
        break;
      case 18:
        user_id = r.string('user_id');
        break;
      case 26:
        round_id = r.string('round_id');
        break;
      case 32:
        amount = r.int64(true);
        break;
      case 40:
        win_amount = r.int64(true);
        break;
      case 50:
        status = r.string('status');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: GetTransactionResponse overruns its length');
  return { transaction_id, user_id, round_id, amount, win_amount, status } as T.GetTransactionResponse; // a listed string field holds what the wire held
}

function decodeBatchError(r: WireReader, end: number): T.BatchError {
  let code = 0;
  let message = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 8:
        code = r.int32();
        break;
      case 18:
        message = r.string('message');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: BatchError overruns its length');
  return { code, message } as T.BatchError; // a listed string field holds what the wire held
}

function decodeReserveBatchRequest(r: WireReader, end: number): T.ReserveBatchRequest {
  const items: T.ReserveRequest[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        r.scope = `items[${items.length}].`; items.push(decodeReserveRequest(r, r.end())); r.scope = '';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ReserveBatchRequest overruns its length');
  return { items } as T.ReserveBatchRequest; // a listed string field holds what the wire held
}

function decodeReserveBatchResult(r: WireReader, end: number): T.ReserveBatchResult {
  let reply: T.ReserveResponse | undefined;
  let error: T.BatchError | undefined;
  let outcome: 'reply' | 'error' | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        reply = decodeReserveResponse(r, r.end()); outcome = 'reply';
        break;
      case 18:
        error = decodeBatchError(r, r.end()); outcome = 'error';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ReserveBatchResult overruns its length');
  if (outcome === 'reply') return { reply: reply!, outcome } as T.ReserveBatchResult;
  if (outcome === 'error') return { error: error!, outcome } as T.ReserveBatchResult;
  return {} as T.ReserveBatchResult;
}

function decodeReserveBatchResponse(r: WireReader, end: number): T.ReserveBatchResponse {
  const results: T.ReserveBatchResult[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        r.scope = `results[${results.length}].`; results.push(decodeReserveBatchResult(r, r.end())); r.scope = '';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ReserveBatchResponse overruns its length');
  return { results } as T.ReserveBatchResponse; // a listed string field holds what the wire held
}

function decodeConfirmBatchRequest(r: WireReader, end: number): T.ConfirmBatchRequest {
  const items: T.ConfirmRequest[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        r.scope = `items[${items.length}].`; items.push(decodeConfirmRequest(r, r.end())); r.scope = '';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ConfirmBatchRequest overruns its length');
  return { items } as T.ConfirmBatchRequest; // a listed string field holds what the wire held
}

function decodeConfirmBatchResult(r: WireReader, end: number): T.ConfirmBatchResult {
  let reply: T.ConfirmResponse | undefined;
  let error: T.BatchError | undefined;
  let outcome: 'reply' | 'error' | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        reply = decodeConfirmResponse(r, r.end()); outcome = 'reply';
        break;
      case 18:
        error = decodeBatchError(r, r.end()); outcome = 'error';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ConfirmBatchResult overruns its length');
  if (outcome === 'reply') return { reply: reply!, outcome } as T.ConfirmBatchResult;
  if (outcome === 'error') return { error: error!, outcome } as T.ConfirmBatchResult;
  return {} as T.ConfirmBatchResult;
}

function decodeConfirmBatchResponse(r: WireReader, end: number): T.ConfirmBatchResponse {
  const results: T.ConfirmBatchResult[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        r.scope = `results[${results.length}].`; results.push(decodeConfirmBatchResult(r, r.end())); r.scope = '';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: ConfirmBatchResponse overruns its length');
  return { results } as T.ConfirmBatchResponse; // a listed string field holds what the wire held
}

function decodeCancelBatchRequest(r: WireReader, end: number): T.CancelBatchRequest {
  const items: T.CancelRequest[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        r.scope = `items[${items.length}].`; items.push(decodeCancelRequest(r, r.end())); r.scope = '';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: CancelBatchRequest overruns its length');
  return { items } as T.CancelBatchRequest; // a listed string field holds what the wire held
}

function decodeCancelBatchResult(r: WireReader, end: number): T.CancelBatchResult {
  let reply: T.CancelResponse | undefined;
  let error: T.BatchError | undefined;
  let outcome: 'reply' | 'error' | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        reply = decodeCancelResponse(r, r.end()); outcome = 'reply';
        break;
      case 18:
        error = decodeBatchError(r, r.end()); outcome = 'error';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: CancelBatchResult overruns its length');
  if (outcome === 'reply') return { reply: reply!, outcome } as T.CancelBatchResult;
  if (outcome === 'error') return { error: error!, outcome } as T.CancelBatchResult;
  return {} as T.CancelBatchResult;
}

function decodeCancelBatchResponse(r: WireReader, end: number): T.CancelBatchResponse {
  const results: T.CancelBatchResult[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        r.scope = `results[${results.length}].`; results.push(decodeCancelBatchResult(r, r.end())); r.scope = '';
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: CancelBatchResponse overruns its length');
  return { results } as T.CancelBatchResponse; // a listed string field holds what the wire held
}

function decodeWatchLedgerRequest(r: WireReader, end: number): T.WatchLedgerRequest {
  let after_sequence = '0';
  let game_id = '';
  let user_id = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 8:
        after_sequence = r.int64(false);
        break;
      case 18:
        game_id = r.string('game_id');
        break;
      case 26:
        user_id = r.string('user_id');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: WatchLedgerRequest overruns its length');
  return { after_sequence, game_id, user_id } as T.WatchLedgerRequest; // a listed string field holds what the wire held
}

function decodeLedgerEvent(r: WireReader, end: number): T.LedgerEvent {
  let sequence = '0';
  let user_id = '';
  let game_id = '';
  let currency = '';
  let kind = '';
  let amount = '0';
  let win_amount = '0';
  let available_balance = '0';
  let reserved_balance = '0';
  let transaction_id = '';
  let round_id = '';
  let request_id = '';
  let time = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 8:
        sequence = r.int64(false);
        break;
      case 18:
        user_id = r.string('user_id');
        break;
      case 26:
        game_id = r.string('game_id');
        break;
      case 34:
        currency = r.string('currency');
        break;
      case 42:
        kind = r.string('kind');
        break;
      case 48:
        amount = r.int64(true);
        break;
      case 56:
        win_amount = r.int64(true);
        break;
      case 64:
        available_balance = r.int64(true);
        break;
      case 72:
        reserved_balance = r.int64(true);
        break;
      case 82:
        transaction_id = r.string('transaction_id');
        break;
      case 90:
        round_id = r.string('round_id');
        break;
      case 98:
        request_id = r.string('request_id');
        break;
      case 106:
        time = r.string('time');
        break;
      default:
        r.skip(tag & 7);
    }
  }
  if (r.pos !== end) throw new RangeError('protobuf: LedgerEvent overruns its length');
  return { sequence, user_id, game_id, currency, kind, amount, win_amount, available_balance, reserved_balance, transaction_id, round_id, request_id, time } as T.LedgerEvent; // a listed string field holds what the wire held
}

function sizeReserveRequest(m: Partial<T.ReserveRequest>): number {
  let n = 0;
  if (m.request_id) n += 1 + stringSize(m.request_id);
  if (m.user_id) n += 1 + stringSize(m.user_id);
  if (m.game_id) n += 1 + stringSize(m.game_id);
  if (m.round_id) n += 1 + stringSize(m.round_id);
  if (!isZero(m.amount)) n += 1 + varintSize(int64Value(m.amount!));
  if (m.currency) n += 1 + stringSize(m.currency);
  return n;
}

function writeReserveRequest(w: WireWriter, m: Partial<T.ReserveRequest>): void {
  if (m.request_id) { w.varint(10); w.string(m.request_id); }
  if (m.user_id) { w.varint(18); w.string(m.user_id); }
  if (m.game_id) { w.varint(26); w.string(m.game_id); }
  if (m.round_id) { w.varint(34); w.string(m.round_id); }
  if (!isZero(m.amount)) { w.varint(40); w.varint(int64Value(m.amount!)); }
  if (m.currency) { w.varint(50); w.string(m.currency); }
}

function sizeReserveResponse(m: Partial<T.ReserveResponse>): number {
  let n = 0;
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.status) n += 1 + stringSize(m.status);
  if (!isZero(m.available_balance)) n += 1 + varintSize(int64Value(m.available_balance!));
  if (!isZero(m.reserved_balance)) n += 1 + varintSize(int64Value(m.reserved_balance!));
  if (m.reason) n += 1 + stringSize(m.reason);
  return n;
}

function writeReserveResponse(w: WireWriter, m: Partial<T.ReserveResponse>): void {
  if (m.transaction_id) { w.varint(10); w.string(m.transaction_id); }
  if (m.status) { w.varint(18); w.string(m.status); }
  if (!isZero(m.available_balance)) { w.varint(24); w.varint(int64Value(m.available_balance!)); }
  if (!isZero(m.reserved_balance)) { w.varint(32); w.varint(int64Value(m.reserved_balance!)); }
  if (m.reason) { w.varint(42); w.string(m.reason); }
}

function sizeConfirmRequest(m: Partial<T.ConfirmRequest>): number {
  let n = 0;
  if (m.request_id) n += 1 + stringSize(m.request_id);
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.round_id) n += 1 + stringSize(m.round_id);
  if (!isZero(m.win_amount)) n += 1 + varintSize(int64Value(m.win_amount!));
  return n;
}

function writeConfirmRequest(w: WireWriter, m: Partial<T.ConfirmRequest>): void {
  if (m.request_id) { w.varint(10); w.string(m.request_id); }
  if (m.transaction_id) { w.varint(18); w.string(m.transaction_id); }
  if (m.round_id) { w.varint(26); w.string(m.round_id); }
  if (!isZero(m.win_amount)) { w.varint(32); w.varint(int64Value(m.win_amount!)); }
}

function sizeConfirmResponse(m: Partial<T.ConfirmResponse>): number {
  let n = 0;
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.status) n += 1 + stringSize(m.status);
  if (!isZero(m.available_balance)) n += 1 + varintSize(int64Value(m.available_balance!));
  if (!isZero(m.reserved_balance)) n += 1 + varintSize(int64Value(m.reserved_balance!));
  return n;
}

function writeConfirmResponse(w: WireWriter, m: Partial<T.ConfirmResponse>): void {
  if (m.transaction_id) { w.varint(10); w.string(m.transaction_id); }
  if (m.status) { w.varint(18); w.string(m.status); }
  if (!isZero(m.available_balance)) { w.varint(24); w.varint(int64Value(m.available_balance!)); }
  if (!isZero(m.reserved_balance)) { w.varint(32); w.varint(int64Value(m.reserved_balance!)); }
}

function sizeCancelRequest(m: Partial<T.CancelRequest>): number {
  let n = 0;
  if (m.request_id) n += 1 + stringSize(m.request_id);
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.reason) n += 1 + stringSize(m.reason);
  return n;
}

function writeCancelRequest(w: WireWriter, m: Partial<T.CancelRequest>): void {
  if (m.request_id) { w.varint(10); w.string(m.request_id); }
  if (m.transaction_id) { w.varint(18); w.string(m.transaction_id); }
  if (m.reason) { w.varint(26); w.string(m.reason); }
}

function sizeCancelResponse(m: Partial<T.CancelResponse>): number {
  let n = 0;
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.status) n += 1 + stringSize(m.status);
  if (!isZero(m.available_balance)) n += 1 + varintSize(int64Value(m.available_balance!));
  if (!isZero(m.reserved_balance)) n += 1 + varintSize(int64Value(m.reserved_balance!));
  return n;
}

function writeCancelResponse(w: WireWriter, m: Partial<T.CancelResponse>): void {
  if (m.transaction_id) { w.varint(10); w.string(m.transaction_id); }
  if (m.status) { w.varint(18); w.string(m.status); }
  if (!isZero(m.available_balance)) { w.varint(24); w.varint(int64Value(m.available_balance!)); }
  if (!isZero(m.reserved_balance)) { w.varint(32); w.varint(int64Value(m.reserved_balance!)); }
}

function sizeGetTransactionRequest(m: Partial<T.GetTransactionRequest>): number {
  let n = 0;
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  return n;
}

function writeGetTransactionRequest(w: WireWriter, m: Partial<T.GetTransactionRequest>): void {
  if (m.transaction_id) { w.varint(10); w.string(m.transaction_id); }
}

function sizeGetTransactionResponse(m: Partial<T.GetTransactionResponse>): number {
  let n = 0;
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.user_id) n += 1 + stringSize(m.user_id);
  if (m.round_id) n += 1 + stringSize(m.round_id);
  if (!isZero(m.amount)) n += 1 + varintSize(int64Value(m.amount!));
  if (!isZero(m.win_amount)) n += 1 + varintSize(int64Value(m.win_amount!));
  if (m.status) n += 1 + stringSize(m.status);
  return n;
}

function writeGetTransactionResponse(w: WireWriter, m: Partial<T.GetTransactionResponse>): void {
  if (m.transaction_id) { w.varint(10); w.string(m.transaction_id); }
  if (m.user_id) { w.varint(18); w.string(m.user_id); }
  if (m.round_id) { w.varint(26); w.string(m.round_id); }
  if (!isZero(m.amount)) { w.varint(32); w.varint(int64Value(m.amount!)); }
  if (!isZero(m.win_amount)) { w.varint(40); w.varint(int64Value(m.win_amount!)); }
  if (m.status) { w.varint(50); w.string(m.status); }
}

function sizeBatchError(m: Partial<T.BatchError>): number {
  let n = 0;
  if (m.code) n += 1 + int32Size(m.code);
  if (m.message) n += 1 + stringSize(m.message);
  return n;
}

function writeBatchError(w: WireWriter, m: Partial<T.BatchError>): void {
  if (m.code) { w.varint(8); w.int32(m.code); }
  if (m.message) { w.varint(18); w.string(m.message); }
}

function sizeReserveBatchRequest(m: Partial<T.ReserveBatchRequest>): number {
  let n = 0;
  for (const item of m.items ?? []) { const size = sizeReserveRequest(item); n += 1 + varintSize(size) + size; }
  return n;
}

function writeReserveBatchRequest(w: WireWriter, m: Partial<T.ReserveBatchRequest>): void {
  for (const item of m.items ?? []) { w.varint(10); w.varint(sizeReserveRequest(item)); writeReserveRequest(w, item); }
}

function sizeReserveBatchResult(m: Partial<T.ReserveBatchResult>): number {
  let n = 0;
  if (m.reply) { const size = sizeReserveResponse(m.reply); n += 1 + varintSize(size) + size; }
  if (m.error) { const size = sizeBatchError(m.error); n += 1 + varintSize(size) + size; }
  return n;
}

function writeReserveBatchResult(w: WireWriter, m: Partial<T.ReserveBatchResult>): void {
  if (m.reply) { w.varint(10); w.varint(sizeReserveResponse(m.reply)); writeReserveResponse(w, m.reply); }
  if (m.error) { w.varint(18); w.varint(sizeBatchError(m.error)); writeBatchError(w, m.error); }
}

function sizeReserveBatchResponse(m: Partial<T.ReserveBatchResponse>): number {
  let n = 0;
  for (const item of m.results ?? []) { const size = sizeReserveBatchResult(item); n += 1 + varintSize(size) + size; }
  return n;
}

function writeReserveBatchResponse(w: WireWriter, m: Partial<T.ReserveBatchResponse>): void {
  for (const item of m.results ?? []) { w.varint(10); w.varint(sizeReserveBatchResult(item)); writeReserveBatchResult(w, item); }
}

function sizeConfirmBatchRequest(m: Partial<T.ConfirmBatchRequest>): number {
  let n = 0;
  for (const item of m.items ?? []) { const size = sizeConfirmRequest(item); n += 1 + varintSize(size) + size; }
  return n;
}

function writeConfirmBatchRequest(w: WireWriter, m: Partial<T.ConfirmBatchRequest>): void {
  for (const item of m.items ?? []) { w.varint(10); w.varint(sizeConfirmRequest(item)); writeConfirmRequest(w, item); }
}

function sizeConfirmBatchResult(m: Partial<T.ConfirmBatchResult>): number {
  let n = 0;
  if (m.reply) { const size = sizeConfirmResponse(m.reply); n += 1 + varintSize(size) + size; }
  if (m.error) { const size = sizeBatchError(m.error); n += 1 + varintSize(size) + size; }
  return n;
}

function writeConfirmBatchResult(w: WireWriter, m: Partial<T.ConfirmBatchResult>): void {
  if (m.reply) { w.varint(10); w.varint(sizeConfirmResponse(m.reply)); writeConfirmResponse(w, m.reply); }
  if (m.error) { w.varint(18); w.varint(sizeBatchError(m.error)); writeBatchError(w, m.error); }
}

function sizeConfirmBatchResponse(m: Partial<T.ConfirmBatchResponse>): number {
  let n = 0;
  for (const item of m.results ?? []) { const size = sizeConfirmBatchResult(item); n += 1 + varintSize(size) + size; }
  return n;
}

function writeConfirmBatchResponse(w: WireWriter, m: Partial<T.ConfirmBatchResponse>): void {
  for (const item of m.results ?? []) { w.varint(10); w.varint(sizeConfirmBatchResult(item)); writeConfirmBatchResult(w, item); }
}

function sizeCancelBatchRequest(m: Partial<T.CancelBatchRequest>): number {
  let n = 0;
  for (const item of m.items ?? []) { const size = sizeCancelRequest(item); n += 1 + varintSize(size) + size; }
  return n;
}

function writeCancelBatchRequest(w: WireWriter, m: Partial<T.CancelBatchRequest>): void {
  for (const item of m.items ?? []) { w.varint(10); w.varint(sizeCancelRequest(item)); writeCancelRequest(w, item); }
}

function sizeCancelBatchResult(m: Partial<T.CancelBatchResult>): number {
  let n = 0;
  if (m.reply) { const size = sizeCancelResponse(m.reply); n += 1 + varintSize(size) + size; }
  if (m.error) { const size = sizeBatchError(m.error); n += 1 + varintSize(size) + size; }
  return n;
}

function writeCancelBatchResult(w: WireWriter, m: Partial<T.CancelBatchResult>): void {
  if (m.reply) { w.varint(10); w.varint(sizeCancelResponse(m.reply)); writeCancelResponse(w, m.reply); }
  if (m.error) { w.varint(18); w.varint(sizeBatchError(m.error)); writeBatchError(w, m.error); }
}

function sizeCancelBatchResponse(m: Partial<T.CancelBatchResponse>): number {
  let n = 0;
  for (const item of m.results ?? []) { const size = sizeCancelBatchResult(item); n += 1 + varintSize(size) + size; }
  return n;
}

function writeCancelBatchResponse(w: WireWriter, m: Partial<T.CancelBatchResponse>): void {
  for (const item of m.results ?? []) { w.varint(10); w.varint(sizeCancelBatchResult(item)); writeCancelBatchResult(w, item); }
}

function sizeWatchLedgerRequest(m: Partial<T.WatchLedgerRequest>): number {
  let n = 0;
  if (!isZero(m.after_sequence)) n += 1 + varintSize(int64Value(m.after_sequence!));
  if (m.game_id) n += 1 + stringSize(m.game_id);
  if (m.user_id) n += 1 + stringSize(m.user_id);
  return n;
}

function writeWatchLedgerRequest(w: WireWriter, m: Partial<T.WatchLedgerRequest>): void {
  if (!isZero(m.after_sequence)) { w.varint(8); w.varint(int64Value(m.after_sequence!)); }
  if (m.game_id) { w.varint(18); w.string(m.game_id); }
  if (m.user_id) { w.varint(26); w.string(m.user_id); }
}

function sizeLedgerEvent(m: Partial<T.LedgerEvent>): number {
  let n = 0;
  if (!isZero(m.sequence)) n += 1 + varintSize(int64Value(m.sequence!));
  if (m.user_id) n += 1 + stringSize(m.user_id);
  if (m.game_id) n += 1 + stringSize(m.game_id);
  if (m.currency) n += 1 + stringSize(m.currency);
  if (m.kind) n += 1 + stringSize(m.kind);
  if (!isZero(m.amount)) n += 1 + varintSize(int64Value(m.amount!));
  if (!isZero(m.win_amount)) n += 1 + varintSize(int64Value(m.win_amount!));
  if (!isZero(m.available_balance)) n += 1 + varintSize(int64Value(m.available_balance!));
  if (!isZero(m.reserved_balance)) n += 1 + varintSize(int64Value(m.reserved_balance!));
  if (m.transaction_id) n += 1 + stringSize(m.transaction_id);
  if (m.round_id) n += 1 + stringSize(m.round_id);
  if (m.request_id) n += 1 + stringSize(m.request_id);
  if (m.time) n += 1 + stringSize(m.time);
  return n;
}

function writeLedgerEvent(w: WireWriter, m: Partial<T.LedgerEvent>): void {
  if (!isZero(m.sequence)) { w.varint(8); w.varint(int64Value(m.sequence!)); }
  if (m.user_id) { w.varint(18); w.string(m.user_id); }
  if (m.game_id) { w.varint(26); w.string(m.game_id); }
  if (m.currency) { w.varint(34); w.string(m.currency); }
  if (m.kind) { w.varint(42); w.string(m.kind); }
  if (!isZero(m.amount)) { w.varint(48); w.varint(int64Value(m.amount!)); }
  if (!isZero(m.win_amount)) { w.varint(56); w.varint(int64Value(m.win_amount!)); }
  if (!isZero(m.available_balance)) { w.varint(64); w.varint(int64Value(m.available_balance!)); }
  if (!isZero(m.reserved_balance)) { w.varint(72); w.varint(int64Value(m.reserved_balance!)); }
  if (m.transaction_id) { w.varint(82); w.string(m.transaction_id); }
  if (m.round_id) { w.varint(90); w.string(m.round_id); }
  if (m.request_id) { w.varint(98); w.string(m.request_id); }
  if (m.time) { w.varint(106); w.string(m.time); }
}

function encode<M>(m: M, size: (m: M) => number, write: (w: WireWriter, m: M) => void): Buffer {
  const w = new WireWriter(size(m));
  write(w, m);
  return w.buf;
}

/** Each message's decoder and encoder, by its name in the .proto. */
export const WIRE_CODEC = {
  ReserveRequest: {
    decode: (buf: Buffer): T.ReserveRequest => { const r = new WireReader(buf); return r.mark(decodeReserveRequest(r, buf.length)); },
    encode: (m: Partial<T.ReserveRequest>): Buffer => encode(m, sizeReserveRequest, writeReserveRequest),
  },
  ReserveResponse: {
    decode: (buf: Buffer): T.ReserveResponse => { const r = new WireReader(buf); return r.mark(decodeReserveResponse(r, buf.length)); },
    encode: (m: Partial<T.ReserveResponse>): Buffer => encode(m, sizeReserveResponse, writeReserveResponse),
  },
  ConfirmRequest: {
    decode: (buf: Buffer): T.ConfirmRequest => { const r = new WireReader(buf); return r.mark(decodeConfirmRequest(r, buf.length)); },
    encode: (m: Partial<T.ConfirmRequest>): Buffer => encode(m, sizeConfirmRequest, writeConfirmRequest),
  },
  ConfirmResponse: {
    decode: (buf: Buffer): T.ConfirmResponse => { const r = new WireReader(buf); return r.mark(decodeConfirmResponse(r, buf.length)); },
    encode: (m: Partial<T.ConfirmResponse>): Buffer => encode(m, sizeConfirmResponse, writeConfirmResponse),
  },
  CancelRequest: {
    decode: (buf: Buffer): T.CancelRequest => { const r = new WireReader(buf); return r.mark(decodeCancelRequest(r, buf.length)); },
    encode: (m: Partial<T.CancelRequest>): Buffer => encode(m, sizeCancelRequest, writeCancelRequest),
  },
  CancelResponse: {
    decode: (buf: Buffer): T.CancelResponse => { const r = new WireReader(buf); return r.mark(decodeCancelResponse(r, buf.length)); },
    encode: (m: Partial<T.CancelResponse>): Buffer => encode(m, sizeCancelResponse, writeCancelResponse),
  },
  GetTransactionRequest: {
    decode: (buf: Buffer): T.GetTransactionRequest => { const r = new WireReader(buf); return r.mark(decodeGetTransactionRequest(r, buf.length)); },
    encode: (m: Partial<T.GetTransactionRequest>): Buffer => encode(m, sizeGetTransactionRequest, writeGetTransactionRequest),
  },
  GetTransactionResponse: {
    decode: (buf: Buffer): T.GetTransactionResponse => { const r = new WireReader(buf); return r.mark(decodeGetTransactionResponse(r, buf.length)); },
    encode: (m: Partial<T.GetTransactionResponse>): Buffer => encode(m, sizeGetTransactionResponse, writeGetTransactionResponse),
  },
  BatchError: {
    decode: (buf: Buffer): T.BatchError => { const r = new WireReader(buf); return r.mark(decodeBatchError(r, buf.length)); },
    encode: (m: Partial<T.BatchError>): Buffer => encode(m, sizeBatchError, writeBatchError),
  },
  ReserveBatchRequest: {
    decode: (buf: Buffer): T.ReserveBatchRequest => { const r = new WireReader(buf); return r.mark(decodeReserveBatchRequest(r, buf.length)); },
    encode: (m: Partial<T.ReserveBatchRequest>): Buffer => encode(m, sizeReserveBatchRequest, writeReserveBatchRequest),
  },
  ReserveBatchResult: {
    decode: (buf: Buffer): T.ReserveBatchResult => { const r = new WireReader(buf); return r.mark(decodeReserveBatchResult(r, buf.length)); },
    encode: (m: Partial<T.ReserveBatchResult>): Buffer => encode(m, sizeReserveBatchResult, writeReserveBatchResult),
  },
  ReserveBatchResponse: {
    decode: (buf: Buffer): T.ReserveBatchResponse => { const r = new WireReader(buf); return r.mark(decodeReserveBatchResponse(r, buf.length)); },
    encode: (m: Partial<T.ReserveBatchResponse>): Buffer => encode(m, sizeReserveBatchResponse, writeReserveBatchResponse),
  },
  ConfirmBatchRequest: {
    decode: (buf: Buffer): T.ConfirmBatchRequest => { const r = new WireReader(buf); return r.mark(decodeConfirmBatchRequest(r, buf.length)); },
    encode: (m: Partial<T.ConfirmBatchRequest>): Buffer => encode(m, sizeConfirmBatchRequest, writeConfirmBatchRequest),
  },
  ConfirmBatchResult: {
    decode: (buf: Buffer): T.ConfirmBatchResult => { const r = new WireReader(buf); return r.mark(decodeConfirmBatchResult(r, buf.length)); },
    encode: (m: Partial<T.ConfirmBatchResult>): Buffer => encode(m, sizeConfirmBatchResult, writeConfirmBatchResult),
  },
  ConfirmBatchResponse: {
    decode: (buf: Buffer): T.ConfirmBatchResponse => { const r = new WireReader(buf); return r.mark(decodeConfirmBatchResponse(r, buf.length)); },
    encode: (m: Partial<T.ConfirmBatchResponse>): Buffer => encode(m, sizeConfirmBatchResponse, writeConfirmBatchResponse),
  },
  CancelBatchRequest: {
    decode: (buf: Buffer): T.CancelBatchRequest => { const r = new WireReader(buf); return r.mark(decodeCancelBatchRequest(r, buf.length)); },
    encode: (m: Partial<T.CancelBatchRequest>): Buffer => encode(m, sizeCancelBatchRequest, writeCancelBatchRequest),
  },
  CancelBatchResult: {
    decode: (buf: Buffer): T.CancelBatchResult => { const r = new WireReader(buf); return r.mark(decodeCancelBatchResult(r, buf.length)); },
    encode: (m: Partial<T.CancelBatchResult>): Buffer => encode(m, sizeCancelBatchResult, writeCancelBatchResult),
  },
  CancelBatchResponse: {
    decode: (buf: Buffer): T.CancelBatchResponse => { const r = new WireReader(buf); return r.mark(decodeCancelBatchResponse(r, buf.length)); },
    encode: (m: Partial<T.CancelBatchResponse>): Buffer => encode(m, sizeCancelBatchResponse, writeCancelBatchResponse),
  },
  WatchLedgerRequest: {
    decode: (buf: Buffer): T.WatchLedgerRequest => { const r = new WireReader(buf); return r.mark(decodeWatchLedgerRequest(r, buf.length)); },
    encode: (m: Partial<T.WatchLedgerRequest>): Buffer => encode(m, sizeWatchLedgerRequest, writeWatchLedgerRequest),
  },
  LedgerEvent: {
    decode: (buf: Buffer): T.LedgerEvent => { const r = new WireReader(buf); return r.mark(decodeLedgerEvent(r, buf.length)); },
    encode: (m: Partial<T.LedgerEvent>): Buffer => encode(m, sizeLedgerEvent, writeLedgerEvent),
  },
} as const;

/** Each method's request and response codecs, by its name in the service. */
export const WIRE_METHODS = {
  Reserve: { request: WIRE_CODEC.ReserveRequest, response: WIRE_CODEC.ReserveResponse },
  Confirm: { request: WIRE_CODEC.ConfirmRequest, response: WIRE_CODEC.ConfirmResponse },
  Cancel: { request: WIRE_CODEC.CancelRequest, response: WIRE_CODEC.CancelResponse },
  GetTransaction: { request: WIRE_CODEC.GetTransactionRequest, response: WIRE_CODEC.GetTransactionResponse },
  ReserveBatch: { request: WIRE_CODEC.ReserveBatchRequest, response: WIRE_CODEC.ReserveBatchResponse },
  ConfirmBatch: { request: WIRE_CODEC.ConfirmBatchRequest, response: WIRE_CODEC.ConfirmBatchResponse },
  CancelBatch: { request: WIRE_CODEC.CancelBatchRequest, response: WIRE_CODEC.CancelBatchResponse },
  WatchLedger: { request: WIRE_CODEC.WatchLedgerRequest, response: WIRE_CODEC.LedgerEvent },
} as const;

import { readFileSync } from 'node:fs';
import test from 'ava';
import { PROTO_PATH, WIRE_TYPES_PATH } from '../../src/grpc/reservation-proto';
import { wireTypesSource } from '../../src/grpc/wire-types-source';

test('client/src/wire-types.ts is what proto/reservation.proto makes (npm run codegen:wire)', (t) => {
  t.is(readFileSync(WIRE_TYPES_PATH, 'utf8'), wireTypesSource(PROTO_PATH), 'the wire types are stale: run npm run codegen:wire');
});

test("each reply's status is the union of the values its .proto line lists (SPEC §1)", (t) => {
  const source = wireTypesSource(PROTO_PATH);
  t.regex(source, /export interface ReserveResponse \{[^}]*status: 'reserved' \| 'rejected';/);
  t.regex(source, /export interface ConfirmResponse \{[^}]*status: 'confirmed' \| 'already_confirmed';/);
  t.regex(source, /export interface CancelResponse \{[^}]*status: 'canceled' \| 'already_canceled';/);
  t.regex(source, /export interface GetTransactionResponse \{[^}]*status: 'reserved' \| 'confirmed' \| 'canceled';/);
  t.regex(source, /export type ReserveBatchResult = \(\{ reply: ReserveResponse; error\?: undefined; \} \| \{ error: BatchError; reply\?: undefined; \}\);/);
});

import test from 'ava';
import { WIRE_VALUES } from '../../client/src/wire-types';
import { PROTO_PATH } from '../../src/grpc/reservation-proto';
import { wireTypesSource } from '../../src/grpc/wire-types-source';

// That client/src/wire-types.ts is current is checked by `npm run lint` (src/bin/codegen.ts --check).

test("each reply's status is the union of the values its .proto line lists (SPEC §1)", (t) => {
  const source = wireTypesSource(PROTO_PATH);
  t.regex(source, /export interface ReserveResponse \{[^}]*status: 'reserved' \| 'rejected';/);
  t.regex(source, /export interface ConfirmResponse \{[^}]*status: 'confirmed' \| 'already_confirmed';/);
  t.regex(source, /export interface CancelResponse \{[^}]*status: 'canceled' \| 'already_canceled';/);
  t.regex(source, /export interface GetTransactionResponse \{[^}]*status: 'reserved' \| 'confirmed' \| 'canceled';/);
  t.regex(source, /export interface ReserveResponse \{[^}]*reason: '' \| 'frozen' \| 'max_bet' \| 'loss_limit' \| 'insufficient_funds';/);
  t.deepEqual(WIRE_VALUES.ReserveResponse.reason, ['', 'frozen', 'max_bet', 'loss_limit', 'insufficient_funds'], 'SPEC §1.11: the order in which they apply');
  t.deepEqual(WIRE_VALUES.LedgerEvent.kind, ['topup', 'reserve', 'confirm', 'cancel', 'expire', 'close']);
  t.regex(source, /export type ReserveBatchResult = \(\{ reply: ReserveResponse; error\?: undefined; \} \| \{ error: BatchError; reply\?: undefined; \}\);/);
});
